import { DecimalType, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { BusinessAccount, User } from '../account/account.entity';

/**
 * An invitation to join a company (decision 043): for one e-mail address, with the role and limits offered. Its
 * link is minted when the e-mail is delivered (decision 026): only the token's hash is kept, replacing the
 * placeholder the row is made with. Single use, until `expiresAt`, unless revoked.
 */
@Entity({ tableName: 'company_invitation' })
@Index({ properties: ['account', 'email'] })
export class CompanyInvitation {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => BusinessAccount, { mapToPk: true, deleteRule: 'cascade' })
  account!: string;

  /** Lower case. */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'smallint' })
  role!: number;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  orderLimit: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  monthlyLimit: number | null = null;

  @Unique()
  @Property({ type: 'text' })
  tokenHash!: string;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  invitedBy: string | null = null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  acceptedAt: Date | null = null;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  acceptedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
