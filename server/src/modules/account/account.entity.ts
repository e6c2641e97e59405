import { DecimalType, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** A business customer: the company users buy for (spec: accounts, erpAccountId). */
@Entity({ tableName: 'business_account' })
export class BusinessAccount {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'text' })
  company!: string;

  @Unique()
  @Property({ type: 'text', nullable: true })
  erpAccountId: string | null = null;

  /** Customer price list (prices per product for this account), when one is negotiated. */
  @Property({ type: 'text', nullable: true })
  priceListId: string | null = null;

  /** When staff checked its ERP account number against the ERP (decision 046), and who; null: not checked. */
  @Property({ type: 'timestamptz', nullable: true })
  erpVerifiedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  erpVerifiedBy: string | null = null;

  @Property({ type: 'boolean', default: false })
  taxExempt: boolean = false;

  /** The number of its tax-exemption certificate, as staff recorded it. */
  @Property({ type: 'text', default: '' })
  taxCertificate: string = '';

  /** The last day its exemption applies (the store's calendar); null: no end. */
  @Property({ type: 'date', nullable: true })
  taxCertificateExpires: string | null = null;

  /** Approved to pay by purchase order on net terms (days), or null. */
  @Property({ type: 'smallint', nullable: true })
  netTermsDays: number | null = null;

  /** The most its unpaid terms invoices may total (decision 046); null: no limit. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  creditLimit: number | null = null;

  /** Its members ship only to its locations (`company_address`), as its admins choose (decision 045). */
  @Property({ type: 'boolean', default: false })
  shipToLocationsOnly: boolean = false;

  /** Its limits' currency: the currency of the site it was made on (decision 052). */
  @Property({ type: 'text', default: 'USD' })
  currencyCode = 'USD';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A person who signs in (table `app_user`: `user` is reserved in SQL). */
@Entity({ tableName: 'app_user' })
@Index({
  name: 'app_user_email_unique',
  expression: 'create unique index "app_user_email_unique" on "app_user" (lower("email"))',
})
export class User {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'text' })
  email!: string;

  /** `scrypt$N$r$p$salt$hash`; null when the password was invalidated (a reset link is the way back). */
  @Property({ type: 'text', nullable: true })
  passwordHash: string | null = null;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  @Property({ type: 'text', default: '' })
  title: string = '';

  @Property({ type: 'text', default: '' })
  phone: string = '';

  /** domain/roles.ts: Admin 100 ... Customer 500. */
  @Property({ type: 'smallint', default: 500 })
  role: number = 500;

  /** domain/roles.ts RECORD_VALIDITY: 0 Valid, 1 Locked, 2 Expired, 3 Pending. */
  @Property({ type: 'smallint', default: 0 })
  validity: number = 0;

  /** The language of the store's e-mails to this user: the one last used to register or sign in. */
  @Property({ type: 'text', default: 'en-US' })
  locale: string = 'en-US';

  /** The user's company: one at most (decision 043). */
  @Index()
  @ManyToOne(() => BusinessAccount, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  account: string | null = null;

  /** The user's role in their company (domain/company.ts COMPANY_ROLES), null without one. */
  @Property({ type: 'smallint', nullable: true })
  companyRole: number | null = null;

  /** The most one order of theirs may total before it needs approval; null: no limit. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  orderLimit: number | null = null;

  /** The most their orders may total in a calendar month before one needs approval; null: no limit. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  monthlyLimit: number | null = null;

  @ManyToOne(() => Address, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  primaryAddress: string | null = null;

  /** The payment provider's customer for this user (the session's `paymentKey`), made once on first need. */
  @Unique()
  @Property({ type: 'text', nullable: true })
  paymentKey: string | null = null;

  @ManyToOne(() => SavedCard, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  primaryPayment: string | null = null;

  /**
   * A Supplier's brand (its handle: brands are re-created when the demo catalogue is re-seeded, handles stay):
   * the products whose stock it keeps.
   */
  @Property({ type: 'text', nullable: true })
  supplierBrandHandle: string | null = null;

  /**
   * The ERP account number typed at registration: an unverified claim that grants nothing (prices, terms, tax
   * exemption) until staff attach the user to that company (`account`) in the console (decision 028).
   */
  @Property({ type: 'text', nullable: true })
  erpAccountClaim: string | null = null;

  /** Sessions signed in before this moment are no longer valid (password change, reset-all). */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  credentialsChangedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/** A shipping address of a user (spec: Address). */
@Entity({ tableName: 'address' })
export class Address {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade' })
  user!: string;

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

  /** 'US' or 'CA' (decision 033): the country whose rules its state or province and postal code follow. */
  @Property({ type: 'text', default: 'US' })
  country: string = 'US';

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', default: '' })
  phone: string = '';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * A card a user saved (spec: paymentOptions): the provider's payment method, attached to the user's provider
 * customer, and what the store shows of it. The number never reaches the store.
 */
@Entity({ tableName: 'saved_card' })
export class SavedCard {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade' })
  user!: string;

  /** The provider's payment method id. */
  @Unique()
  @Property({ type: 'text' })
  paymentMethodId!: string;

  @Property({ type: 'text' })
  brand!: string;

  @Property({ type: 'text' })
  last4!: string;

  @Property({ type: 'smallint' })
  expMonth!: number;

  @Property({ type: 'smallint' })
  expYear!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** Step ACCOUNT of a registration, waiting for its PASSWORD step; the e-mailed token identifies it. */
@Entity({ tableName: 'registration' })
export class Registration {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** sha256 of the token (the token itself is only in the e-mail). */
  @Unique()
  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  @Property({ type: 'text', nullable: true })
  erpAccountId: string | null = null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A password reset link (sha256 of its token), single use. */
@Entity({ tableName: 'password_reset' })
export class PasswordReset {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade' })
  user!: string;

  @Unique()
  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** Counters for rate limits (sign-in per account and per IP), shared by every process. */
@Entity({ tableName: 'rate_limit' })
export class RateLimit {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @PrimaryKey({ type: 'timestamptz' })
  windowStart!: Date;

  @Property({ type: 'integer' })
  count!: number;
}

/** Sign-in failures per (account, address) and per address (modules/auth/sign-in-throttle.ts, decision 027). */
@Entity({ tableName: 'sign_in_throttle' })
export class SignInThrottle {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'integer' })
  failures!: number;

  /** Start of the 15-minute window the failures count in. */
  @Property({ type: 'timestamptz' })
  firstAt!: Date;

  @Property({ type: 'timestamptz' })
  lastAt!: Date;
}

/** A partner's API key (Admin-issued, shown once): only its sha256 is kept; it acts as `user` within `scopes`. */
@Entity({ tableName: 'api_key' })
export class ApiKey {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade' })
  user!: string;

  @Property({ type: 'text' })
  name!: string;

  /** The key's first characters, to recognise it in lists (`axl_3f9a...`). */
  @Property({ type: 'text' })
  prefix!: string;

  @Unique()
  @Property({ type: 'text' })
  secretHash!: string;

  @Property({ type: 'text[]', columnType: 'text[]' })
  scopes!: string[];

  /** Calls per minute (token exchanges and API calls). */
  @Property({ type: 'integer', default: 600 })
  ratePerMinute: number = 600;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  createdBy: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;
}
