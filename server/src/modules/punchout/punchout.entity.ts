import { DecimalType, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { BusinessAccount, User } from '../account';

/** A return URL a company allows (a BrowserFormPost or HOOK_URL must match one), by environment. */
export interface PunchoutReturnUrl {
  environment: string;
  url: string;
}

/**
 * A company's punchout credential (issue 57, decision 072), one per company, kept by staff: the cXML From and
 * Sender identities, the shared secret (hashed with scrypt; during a rotation the previous one is accepted until
 * `previousSecretUntil`), the return URLs allowed, who the sessions act as, the OCI user, and where status updates go
 * (its credential sealed with SECRETS_KEY).
 */
@Entity({ tableName: 'punchout_credential' })
@Index({ properties: ['fromDomain', 'fromIdentity'] })
export class PunchoutCredential {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Unique()
  @ManyToOne(() => BusinessAccount, { mapToPk: true, fieldName: 'company_id', deleteRule: 'cascade' })
  company!: string;

  /** The procurement system's name, shown on the shop's banner (e.g. "SAP Ariba"). */
  @Property({ type: 'text' })
  systemName!: string;

  @Property({ type: 'text' })
  fromDomain!: string;

  @Property({ type: 'text' })
  fromIdentity!: string;

  @Property({ type: 'text' })
  senderDomain!: string;

  @Property({ type: 'text' })
  senderIdentity!: string;

  /** `scrypt$…` of the shared secret; null until staff make one (no cXML request is accepted before). */
  @Property({ type: 'text', nullable: true })
  secretHash: string | null = null;

  @Property({ type: 'text', nullable: true })
  previousSecretHash: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  previousSecretUntil: Date | null = null;

  @Property({ type: 'jsonb', default: '[]' })
  returnUrls: PunchoutReturnUrl[] = [];

  /** The company user every session acts as; null: per-buyer users matched by the setup's e-mail. */
  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  actingUser: string | null = null;

  @Unique()
  @Property({ type: 'text', nullable: true })
  ociUsername: string | null = null;

  @Property({ type: 'text', nullable: true })
  ociPasswordHash: string | null = null;

  /** Where cXML StatusUpdateRequests go (null: none sent). */
  @Property({ type: 'text', nullable: true })
  statusUrl: string | null = null;

  /** The shared secret sent with status updates, sealed (common/secret-box.ts). */
  @Property({ type: 'text', nullable: true })
  statusCredentialSealed: string | null = null;

  @Property({ type: 'boolean', default: true })
  enabled: boolean = true;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  @Property({ type: 'integer', default: 1 })
  version: number = 1;
}

/**
 * A punchout session: made by a setup (cXML) or an OCI call, opened once through its StartPage token (its hash
 * here) before `startExpiresAt`; its cart is its own (`cart`), not the user's everyday cart. It ends when the cart is
 * transferred or after PUNCHOUT_IDLE_HOURS without a request.
 */
@Entity({ tableName: 'punchout_session' })
@Index({ properties: ['company', 'createdAt'] })
export class PunchoutSession {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Unique()
  @Property({ type: 'text' })
  tokenHash!: string;

  @ManyToOne(() => BusinessAccount, { mapToPk: true, fieldName: 'company_id', deleteRule: 'cascade' })
  company!: string;

  @ManyToOne(() => PunchoutCredential, { mapToPk: true, deleteRule: 'cascade' })
  credential!: string;

  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade' })
  user!: string;

  /** domain/punchout.ts PUNCHOUT_PROTOCOLS: cxml, oci. */
  @Property({ type: 'text' })
  protocol!: string;

  /** create, edit, inspect (inspect: read only). */
  @Property({ type: 'text', default: 'create' })
  operation: string = 'create';

  @Property({ type: 'text', default: '' })
  buyerCookie: string = '';

  /** The BrowserFormPost URL (cXML) or HOOK_URL (OCI) the transfer posts to. */
  @Property({ type: 'text' })
  returnUrl!: string;

  @Property({ type: 'text', nullable: true })
  ociTarget: string | null = null;

  @Property({ type: 'text', nullable: true })
  ociOkCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  ociCaller: string | null = null;

  /** The session's own cart (a cart row with no user), made at the start. */
  @ManyToOne('Cart', { mapToPk: true, nullable: true, deleteRule: 'set null' })
  cart: string | null = null;

  /** The buyer's language, from the setup (cXML xml:lang) or OCI. */
  @Property({ type: 'text', default: 'en-US' })
  locale: string = 'en-US';

  @Property({ type: 'timestamptz' })
  startExpiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  openedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSeenAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  endedAt: Date | null = null;

  /** Opened inside the procurement system's frame (cookies SameSite=None; Secure; Partitioned). */
  @Property({ type: 'boolean', default: false })
  framed: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** One punchout document, in or out, as it was (secrets masked), for the console's Punchout card. */
@Entity({ tableName: 'punchout_message' })
@Index({ properties: ['company', 'createdAt'] })
export class PunchoutMessage {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => BusinessAccount, { mapToPk: true, fieldName: 'company_id', deleteRule: 'cascade' })
  company!: string;

  @Index()
  @ManyToOne(() => PunchoutSession, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  session: string | null = null;

  /** in, out. */
  @Property({ type: 'text' })
  direction!: string;

  /** domain/punchout.ts PUNCHOUT_MESSAGE_KINDS. */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'text', nullable: true })
  payloadId: string | null = null;

  /** The document's text, the SharedSecret's (and an OCI password's) replaced. */
  @Property({ type: 'text' })
  document!: string;

  @Property({ type: 'smallint', nullable: true })
  httpStatus: number | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A transferred line, as the procurement system received it (what an OrderRequest is compared with). */
export interface TransferLine {
  productId: string;
  /** SupplierPartID / VENDORMAT. */
  partNumber: string;
  /** SupplierPartAuxiliaryID: the line's configuration key ('' for a plain part). */
  configKey: string;
  quantity: number;
  unitPrice: number;
  currency: string;
  /** UN/CEFACT unit code (EA, PK, MMT, MTK...). */
  unitCode: string;
  description: string;
  unspsc: string | null;
  manufacturerPartId: string | null;
}

/** A cart transferred to the procurement system (an empty one is a "Return without items"). */
@Entity({ tableName: 'punchout_transfer' })
@Index({ properties: ['company', 'buyerCookie'] })
export class PunchoutTransfer {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => PunchoutSession, { mapToPk: true, deleteRule: 'cascade' })
  session!: string;

  @ManyToOne(() => BusinessAccount, { mapToPk: true, fieldName: 'company_id', deleteRule: 'cascade' })
  company!: string;

  @Property({ type: 'text', default: '' })
  buyerCookie: string = '';

  @Property({ type: 'jsonb', default: '[]' })
  lines: TransferLine[] = [];

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  total!: number;

  @Property({ type: 'text', default: 'USD' })
  currency: string = 'USD';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
