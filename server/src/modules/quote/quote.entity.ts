import {
  DecimalType,
  Entity,
  Index,
  ManyToOne,
  PrimaryKey,
  PrimaryKeyProp,
  Property,
  Unique,
} from '@mikro-orm/core';
import { BusinessAccount, User } from '../account';
import { Product } from '../catalog';

const money = () => ({ type: new DecimalType('number'), precision: 12, scale: 2 }) as const;

/**
 * A quote (decision 049): a buyer's request for prices, for themselves or their company, and what staff answer.
 * Revision 0 is the request as the buyer sent it; staff's priced answers are revisions 1, 2… (`sent_revision`).
 */
@Entity({ tableName: 'quote' })
@Index({ properties: ['status', 'createdAt'] })
export class Quote {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** Shown as Q-<number>; taken from the quote_number_seq sequence when the quote is asked for. */
  @Unique()
  @Property({ type: 'string', columnType: 'bigint' })
  number!: string;

  @Property({ type: 'text' })
  site!: string;

  @Property({ type: 'text' })
  currency!: string;

  /** The language the quote was requested in: its PDF is written in it (decision 058); older quotes en-US. */
  @Property({ type: 'text', default: 'en-US' })
  locale: string = 'en-US';

  /**
   * The buyer who asked; their quotes go when they close their account. Null for a guest's quote form until the guest
   * opens its e-mailed link signed in (decision 061).
   */
  @Index()
  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'cascade' })
  user: string | null = null;

  /** A guest's quote: the e-mail, name and language the form gave (its e-mails go there). */
  @Property({ type: 'text', nullable: true })
  contactEmail: string | null = null;

  @Property({ type: 'text', default: '' })
  contactName: string = '';

  @Property({ type: 'text', nullable: true })
  contactLocale: string | null = null;

  /** The buyer's company when they asked, if any: its members with the right see it. */
  @Index()
  @ManyToOne(() => BusinessAccount, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  account: string | null = null;

  /** requested, in_review, quoted, accepted, expired, declined or ordered (domain/quotes.ts). */
  @Property({ type: 'text', default: 'requested' })
  status: string = 'requested';

  /** The day the buyer needs the parts by, if they said. */
  @Property({ type: 'date', nullable: true })
  neededBy: string | null = null;

  @Property({ type: 'text', default: '' })
  note: string = '';

  /** Where it was asked: the cart, or the quote form. */
  @Property({ type: 'text', default: 'cart' })
  source: string = 'cart';

  /** The phone number and company name given on the quote form, if any. */
  @Property({ type: 'text', default: '' })
  phone: string = '';

  @Property({ type: 'text', default: '' })
  companyName: string = '';

  /** The revision the buyer was sent last, and the one they accepted. */
  @Property({ type: 'integer', nullable: true })
  sentRevision: number | null = null;

  @Property({ type: 'integer', nullable: true })
  acceptedRevision: number | null = null;

  /** The order placed from the accepted revision: one at most (named by entity name: quote imports no order file). */
  @Unique()
  @ManyToOne('CustomerOrder', { mapToPk: true, nullable: true, deleteRule: 'set null' })
  order: string | null = null;

  /** Staff's reason when they declined it. */
  @Property({ type: 'text', default: '' })
  declineNote: string = '';

  @Property({ type: 'integer', default: 1 })
  version: number = 1;

  /**
   * Staff's answer saved, not sent (decision 054): as sendQuote takes it; a Service or Admin user sends it. The buyer
   * never sees it.
   */
  @Property({ type: 'jsonb', nullable: true })
  draft: Record<string, unknown> | null = null;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  draftBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  draftAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/** A line of a quote's revision: the part (or free text), quantity and configuration; prices once staff set them. */
@Entity({ tableName: 'quote_line' })
@Unique({ properties: ['quote', 'revision', 'lineNo'] })
export class QuoteLine {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => Quote, { mapToPk: true, deleteRule: 'cascade' })
  quote!: string;

  @Property({ type: 'integer', default: 0 })
  revision: number = 0;

  @Property({ type: 'smallint' })
  lineNo!: number;

  /** The catalogue part, or null for work described in words. */
  @Index()
  @ManyToOne(() => Product, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  product: string | null = null;

  @Property({ type: 'text' })
  description!: string;

  /** Pieces or, for a part sold by the pack, packs (`packSize` pieces each): unit prices count the same way. */
  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'integer', nullable: true })
  packSize: number | null = null;

  /** As a cart line stores them (option id, value, metadata), with the option's name and unit for reading. */
  @Property({ type: 'jsonb', default: '[]' })
  configurations: unknown[] = [];

  /** The buyer's own price for one unit at this quantity when they asked (null: not priced by the catalogue). */
  @Property({ ...money(), nullable: true })
  cataloguePrice: number | null = null;

  /** Staff's unit price in a sent revision, and the line's total. */
  @Property({ ...money(), nullable: true })
  unitPrice: number | null = null;

  @Property({ ...money(), nullable: true })
  lineTotal: number | null = null;
}

/**
 * A priced answer sent to the buyer (revisions 1, 2…): freight, lead time, last day and note, with its lines in
 * quote_line under the same revision. Never changed once sent: an edit is the next revision.
 */
@Entity({ tableName: 'quote_revision' })
export class QuoteRevision {
  @ManyToOne(() => Quote, { mapToPk: true, deleteRule: 'cascade', primary: true })
  quote!: string;

  @PrimaryKey({ type: 'integer' })
  revision!: number;

  [PrimaryKeyProp]?: ['quote', 'revision'];

  @Property(money())
  freight!: number;

  @Property(money())
  subTotal!: number;

  @Property(money())
  total!: number;

  @Property({ type: 'integer' })
  leadTimeDays!: number;

  /** The last day it may be accepted (the store's day). */
  @Property({ type: 'date' })
  expiresOn!: string;

  @Property({ type: 'text', default: '' })
  note: string = '';

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  sentBy: string | null = null;

  /** Who saved it as a draft, when another sent it (decision 054). */
  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  draftedBy: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  sentAt: Date = new Date();
}

/** A message on a quote between its buyer (or a colleague who sees it) and staff; each side is e-mailed. */
@Entity({ tableName: 'quote_message' })
@Index({ properties: ['quote', 'createdAt'] })
export class QuoteMessage {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => Quote, { mapToPk: true, deleteRule: 'cascade' })
  quote!: string;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  author: string | null = null;

  /** Written by staff (else by the buyer's side). */
  @Property({ type: 'boolean', default: false })
  staff: boolean = false;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A drawing sent with a quote request (PDF, DXF or STEP, checked by content): its buyer's side and staff read it. */
@Entity({ tableName: 'quote_attachment' })
export class QuoteAttachment {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => Quote, { mapToPk: true, deleteRule: 'cascade' })
  quote!: string;

  @Property({ type: 'text' })
  filename!: string;

  /** pdf, dxf or step (domain/forms.schema.ts). */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'blob' })
  data!: Buffer;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
