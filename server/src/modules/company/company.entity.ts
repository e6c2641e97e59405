import {
  BlobType,
  DecimalType,
  Entity,
  Index,
  ManyToOne,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { BusinessAccount, User } from '../account';

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

/**
 * A company order over its buyer's spending limit, waiting for an approver (decision 044), then decided: approved
 * (the order is paid, or its purchase order taken), rejected with a note, or cancelled by its buyer. The card the
 * buyer gave is kept at the payment provider, saved to the buyer, until the decision (its id here, never a number).
 */
@Entity({ tableName: 'company_approval' })
@Index({ properties: ['account', 'decidedAt'] })
export class CompanyApproval {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** Orders are named by entity name (here and on TermsPayment), so the entities import no order file. */
  @Unique()
  @ManyToOne('CustomerOrder', { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @ManyToOne(() => BusinessAccount, { mapToPk: true, deleteRule: 'cascade' })
  account!: string;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  buyer: string | null = null;

  /**
   * 'order' (over the order limit), 'month' (over the monthly limit) or 'credit' (a purchase order over the
   * company's credit limit only, decision 046).
   */
  @Property({ type: 'text' })
  reason!: string;

  /**
   * The purchase order takes the company over its credit limit: staff decide first (decision 046); the company's
   * approvers see it once staff release it (when it is also over a spending limit).
   */
  @Property({ type: 'boolean', default: false })
  creditHold: boolean = false;

  /** The company's open terms balance when the order was placed (for staff's decision), or null. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  openBalance: number | null = null;

  /** The limit the order went over. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  spendingLimit!: number;

  /** The card to charge once approved (a payment method saved to the buyer at the provider), or null. */
  @Property({ type: 'text', nullable: true })
  paymentMethodId: string | null = null;

  /** The buyer asked to keep the card among their saved cards. */
  @Property({ type: 'boolean', default: false })
  saveCard: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  requestedAt: Date = new Date();

  /** 'approved', 'rejected' or 'cancelled' (by its buyer); null while it waits. */
  /** 'approved', 'rejected' or 'cancelled' (by its buyer, or as they left the company); null while it waits. */
  @Property({ type: 'text', nullable: true })
  decision: string | null = null;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  decidedBy: string | null = null;

  @Property({ type: 'text', default: '' })
  note: string = '';

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null = null;
}

/**
 * A company's location (decision 045): an address its members ship to, picked at checkout, and at most one bill-to
 * address, printed on the invoices of the company's orders. Kept by the company's admins.
 */
@Entity({ tableName: 'company_address' })
@Index({
  name: 'company_address_label_unique',
  expression:
    'create unique index "company_address_label_unique" on "company_address" ("account_id", lower("label"))',
})
@Index({
  name: 'company_address_bill_to_unique',
  expression:
    'create unique index "company_address_bill_to_unique" on "company_address" ("account_id") where "bill_to"',
})
export class CompanyAddress {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => BusinessAccount, { mapToPk: true, deleteRule: 'cascade' })
  account!: string;

  /** The location's name ("Plant 2 — receiving"). */
  @Property({ type: 'text' })
  label!: string;

  /** The recipient (attention of). */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  addressLine1!: string;

  @Property({ type: 'text', default: '' })
  addressLine2: string = '';

  @Property({ type: 'text' })
  city!: string;

  @Property({ type: 'text' })
  state!: string;

  @Property({ type: 'text' })
  zip!: string;

  @Property({ type: 'text', default: 'US' })
  country: string = 'US';

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', default: '' })
  phone: string = '';

  @Property({ type: 'boolean', default: false })
  billTo: boolean = false;

  /** The ERP's ship-to id of this location (decision 071), set by staff; null: none. */
  @Property({ type: 'text', nullable: true })
  erpShipToId: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * A payment staff recorded against a terms invoice (an order paid by purchase order; decision 046): how much, the
 * day it was paid and the remittance's reference. The invoice is paid when its payments reach its total.
 */
@Entity({ tableName: 'terms_payment' })
@Index({ properties: ['order'] })
export class TermsPayment {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne('CustomerOrder', { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @ManyToOne(() => BusinessAccount, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  account: string | null = null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  amount!: number;

  @Property({ type: 'date' })
  paidOn!: string;

  @Property({ type: 'text' })
  reference!: string;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  recordedBy: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * A shopper's application for a company account ("My company buys on account", decision 047): the company's name,
 * its ERP number if it has one, its tax certificate (number, expiry and the file). Staff approve it, which makes the
 * company with the applicant as its admin, or decline it with a note. One pending application per person.
 */
@Entity({ tableName: 'company_application' })
@Index({ properties: ['status', 'createdAt'] })
@Index({
  name: 'company_application_pending_unique',
  expression: `create unique index "company_application_pending_unique" on "company_application" ("user_id") where "status" = 'pending'`,
})
export class CompanyApplication {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade' })
  user!: string;

  @Property({ type: 'text' })
  companyName!: string;

  @Property({ type: 'text', nullable: true })
  erpAccountId: string | null = null;

  /** The currency of the site it was made on: the company's, once approved (decision 052). */
  @Property({ type: 'text', default: 'USD' })
  currencyCode = 'USD';

  @Property({ type: 'text', default: '' })
  taxCertificate: string = '';

  @Property({ type: 'date', nullable: true })
  taxCertificateExpires: string | null = null;

  /** The certificate's file as sent (PDF, PNG or JPEG by its content), its name cleaned. */
  @Property({ type: 'text', nullable: true })
  certificateFilename: string | null = null;

  @Property({ type: 'text', nullable: true })
  certificateKind: string | null = null;

  @Property({ type: BlobType, nullable: true, lazy: true })
  certificateData: Buffer | null = null;

  /** pending, approved, declined or withdrawn. */
  @Property({ type: 'text', default: 'pending' })
  status: string = 'pending';

  @Property({ type: 'text', default: '' })
  note: string = '';

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  decidedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null = null;

  /** The company made on approval. */
  @ManyToOne(() => BusinessAccount, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  account: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
