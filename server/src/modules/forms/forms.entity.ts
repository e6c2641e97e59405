import { BlobType, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../account';

/** A contact, quote or service request, as submitted (validated), for staff to handle. */
@Entity({ tableName: 'form_submission' })
@Index({ properties: ['kind', 'createdAt'] })
export class FormSubmission {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** contact, quote or service. */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  user: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  handledAt: Date | null = null;
}

/** A drawing attached to a service request (type checked by content; size limited). */
@Entity({ tableName: 'form_attachment' })
export class FormAttachment {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => FormSubmission, { mapToPk: true, deleteRule: 'cascade' })
  submission!: string;

  @Property({ type: 'text' })
  filename!: string;

  /** pdf, dxf or step (domain/forms.schema.ts). */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: BlobType, lazy: true })
  data!: Buffer;
}
