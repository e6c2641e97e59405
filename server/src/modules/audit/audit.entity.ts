import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** Who did what to which record, with the values before and after. */
@Entity({ tableName: 'audit_log' })
@Index({ properties: ['targetType', 'targetId'] })
export class AuditEntry {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'uuid', nullable: true })
  actorUserId: string | null = null;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  targetType!: string;

  @Property({ type: 'text' })
  targetId!: string;

  @Property({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null = null;

  @Property({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null = null;

  @Property({ type: 'text', nullable: true })
  ip: string | null = null;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
