import {
  addressIdSchema,
  addressSchema,
  forgotPasswordSchema,
  loginSchema,
  PASSWORD_TOO_COMMON,
  passwordChangeSchema,
  passwordResetSchema,
  profileSchema,
  registrationAccountSchema,
  registrationPasswordSchema,
  type AddressInput,
  type LoginInput,
} from '../../../../domain/account.schema';
import { localeOfCookies } from '../../../../domain/cookies';
import { addressRules, siteCountry } from '../../../../domain/regions';
import { ROLES, VALIDITY } from '../../../../domain/roles';
import { AppError, notFound, type FieldError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import {
  isCommonPassword,
  hashPassword,
  verifyPassword,
  hit,
  reserveSignIn,
  requireUser,
  startSession,
  type SessionUser,
} from '../auth';
import { writeAudit } from '../audit';
import { LINK_TOKEN, sendMessage } from '../mail';
import { newToken, tokenHash } from '../../common/tokens';
import { runSignInHooks } from './account-hooks';

export const REGISTRATION_TTL_MS = 48 * 3600_000;
export const RESET_TTL_MS = 3600_000;

export interface AddressView {
  id: string;
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  email: string;
  phone: string;
  primary: boolean;
  /** When an order last shipped here (checkout offers the last used address first), or null. */
  lastUsedAt: string | null;
}

/** A saved card as the shop shows it (spec: paymentOptions): never the number. */
export interface SavedCardView {
  id: string;
  /** The provider's payment method: what checkout sends to pay with this card (only its owner's payments can). */
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  primary: boolean;
}

/** The user's saved cards, oldest first (the SQL of the user view's `paymentOptions`, on `u` an app_user row). */
export const SAVED_CARDS_JSON = `coalesce((select json_agg(json_build_object('id', c.id, 'paymentMethodId', c.payment_method_id, 'brand', c.brand,
    'last4', c.last4, 'expMonth', c.exp_month, 'expYear', c.exp_year, 'primary', c.id = u.primary_payment_id)
    order by c.created_at)
  from saved_card c where c.user_id = u.id), '[]'::json)`;

/** The signed-in user as the shop reads it (spec section 3, User). */
export interface UserView {
  id: string;
  customerId: string | number;
  paymentId: number;
  firstName: string;
  lastName: string;
  title: string;
  phone: string;
  securityFlags: number;
  contactInfo: { email: string; phone: string };
  userName: string;
  emailAddress: string;
  role: number;
  addresses: AddressView[];
  primaryAddressId: string | number;
  paymentOptions: SavedCardView[];
  /** The primary saved card's id, -1 without one. */
  primaryPaymentId: string | number;
  accounts: { id: string; company: string; erpAccountId: string | null; netTermsDays: number | null }[];
  createdDate: string;
  erpAccountId: string | null;
  shipToAccount: string;
  /** When the session signs out on its own (ISO), -1 without one (spec: sign-in expiry default -1). */
  sessionExpires: string | -1;
}

/**
 * E-mails a visitor can make the store send (registration, reset links): per address and per IP, each hour. The
 * per-IP figure is a default: a plant whose buyers share one address may need more (MAIL_LIMIT_PER_IP).
 */
export const MAIL_LIMITS = { perAddress: 3, perIp: 60, windowMs: 3600_000 } as const;

/** Keeps the store from being used to flood someone's inbox (429 past the limits). */
export async function limitMail(ctx: Ctx, kind: string, email: string): Promise<void> {
  const ip = ctx.req.ip ?? 'unknown';
  const checks = await Promise.all([
    hit(ctx.db, { key: `${kind}:ip:${ip}`, max: ctx.app.auth.mailPerIp, windowMs: MAIL_LIMITS.windowMs }),
    hit(ctx.db, {
      key: `${kind}:email:${email}`,
      max: MAIL_LIMITS.perAddress,
      windowMs: MAIL_LIMITS.windowMs,
    }),
  ]);
  if (checks.some((c) => !c.allowed)) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many e-mails asked for. Please try again later.');
  }
}

/** The session's view of a freshly loaded user. */
function sessionUserOf(user: UserView): SessionUser {
  return {
    id: user.id,
    email: user.emailAddress,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    accountId: user.accounts[0]?.id ?? null,
  };
}

/**
 * Signs `user` in with a fresh session, then runs the sign-in hooks with the session it replaced (the cart's merges
 * the visitor's anonymous cart into the user's).
 */
async function beginSession(ctx: Ctx, user: SessionUser): Promise<void> {
  const before = ctx.req.session;
  await startSession(ctx.req, ctx.res, user, ctx.app.auth.cookies);
  await runSignInHooks(ctx, { userId: user.id, before });
  // The store writes to them in the language they use it in (issue 29, item 4).
  await ctx.db.execute('update app_user set locale = ? where id = ? and locale <> ?', [
    ctx.locale,
    user.id,
    ctx.locale,
  ]);
}

/** Refuses a password that passes the character rules but is easy to guess, next to `field`, in the shopper's language. */
function assertUncommonPassword(
  ctx: Ctx,
  password: string,
  email: string,
  field: string,
  names: string[] = [],
) {
  if (isCommonPassword(password, email, names)) {
    const message = PASSWORD_TOO_COMMON[localeOfCookies(ctx.req.headers.cookie)];
    throw new AppError('BAD_USER_INPUT', message, [{ field, message }]);
  }
}

const USER_VIEW_SQL = `
  select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.title, u.phone, u.role,
    u.primary_address_id as "primaryAddressId", u.created_at as "createdAt",
    u.primary_payment_id as "primaryPaymentId", ${SAVED_CARDS_JSON} as "paymentOptions",
    a.id as "accountId", a.company, a.erp_account_id as "erpAccountId", a.net_terms_days as "netTermsDays",
    coalesce((select json_agg(json_build_object('id', ad.id, 'name', ad.name, 'addressLine1', ad.address_line1,
      'addressLine2', ad.address_line2, 'city', ad.city, 'state', ad.state, 'zip', ad.zip, 'country', ad.country,
      'email', ad.email,
      'phone', ad.phone, 'primary', ad.id = u.primary_address_id,
      'lastUsedAt', (select max(o.created_at) from customer_order o where o.user_id = u.id
        and o.shipping_address->>'addressLine1' = ad.address_line1 and o.shipping_address->>'zip' = ad.zip))
      order by ad.created_at)
      from address ad where ad.user_id = u.id), '[]'::json) as addresses
  from app_user u left join business_account a on a.id = u.account_id
  where u.id = ?`;

interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  phone: string;
  role: number;
  primaryAddressId: string | null;
  createdAt: Date;
  accountId: string | null;
  company: string | null;
  erpAccountId: string | null;
  netTermsDays: number | null;
  addresses: AddressView[];
  primaryPaymentId: string | null;
  paymentOptions: SavedCardView[];
}

/** Creates (no id) or updates (id) an address of the user; the first address becomes primary. */
async function writeAddress(ctx: Ctx, userId: string, input: AddressInput): Promise<void> {
  await ctx.db.transactional(async () => {
    const values = [
      input.name,
      input.addressLine1,
      input.addressLine2 ?? '',
      input.city,
      input.state.toUpperCase(),
      input.zip,
      input.country,
      input.email,
      input.phone ?? '',
    ];
    let id = input.id;
    if (id) {
      const updated = await ctx.db.execute<{ id: string }[]>(
        `update address set name = ?, address_line1 = ?, address_line2 = ?, city = ?, state = ?, zip = ?,
           country = ?, email = ?, phone = ? where id = ? and user_id = ? returning id`,
        [...values, id, userId],
        'all',
      );
      // Someone else's address answers exactly like a missing one.
      if (updated.length === 0) throw notFound('Address');
    } else {
      const [created] = await ctx.db.execute<{ id: string }[]>(
        `insert into address (user_id, name, address_line1, address_line2, city, state, zip, country, email, phone)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        [userId, ...values],
        'all',
      );
      id = created!.id;
    }
    await ctx.db.execute(
      'update app_user set primary_address_id = ? where id = ? and primary_address_id is null',
      [id, userId],
      'run',
    );
  });
}

/** The offline address check's answer: the address as it would be kept, or the fields' messages. */
export type AddressCheck =
  { success: true; data: AddressInput & { state: string } } | { success: false; errors: FieldError[] };

/**
 * The account's entry points take the caller's input as it came, `(ctx, input)`: they check the caller, then
 * validate with the domain's schema (domain/account.schema.ts, the forms' own). REST and GraphQL call the same ones.
 */
export const accountService = {
  /** The signed-in user. */
  async me(ctx: Ctx): Promise<UserView> {
    return this.userView(ctx, requireUser(ctx).id);
  },

  async userView(ctx: Ctx, userId: string): Promise<UserView> {
    const [row] = await ctx.db.execute<UserRow[]>(USER_VIEW_SQL, [userId]);
    if (!row) throw notFound('User');
    return {
      id: row.id,
      customerId: row.accountId ?? -1,
      paymentId: -1,
      firstName: row.firstName,
      lastName: row.lastName,
      title: row.title,
      phone: row.phone,
      securityFlags: 0,
      contactInfo: { email: row.email, phone: row.phone },
      userName: row.email,
      emailAddress: row.email,
      role: row.role,
      addresses: row.addresses,
      primaryAddressId: row.primaryAddressId ?? -1,
      paymentOptions: row.paymentOptions,
      primaryPaymentId: row.primaryPaymentId ?? -1,
      accounts: row.accountId
        ? [
            {
              id: row.accountId,
              company: row.company ?? '',
              erpAccountId: row.erpAccountId,
              netTermsDays: row.netTermsDays,
            },
          ]
        : [],
      createdDate: new Date(row.createdAt).toISOString(),
      erpAccountId: row.erpAccountId,
      shipToAccount: '',
      sessionExpires: ctx.req.session?.cookie.expires?.toISOString() ?? -1,
    };
  },

  /**
   * Registration step ACCOUNT: a pending registration and an e-mailed link to step PASSWORD. The answer is
   * the same whether the e-mail is known or not (the owner of a known address gets a sign-in reminder).
   */
  async startRegistration(ctx: Ctx, body: unknown): Promise<void> {
    const input = validate(registrationAccountSchema, body);
    const { publicUrl } = ctx.app.auth;
    const email = input.email.toLowerCase();
    await limitMail(ctx, 'register', email);
    const [existing] = await ctx.db.execute<{ id: string }[]>(
      'select id from app_user where lower(email) = ?',
      [email],
    );
    if (existing) {
      await sendMessage(ctx.db, ctx.log, {
        to: email,
        locale: ctx.locale,
        message: {
          kind: 'account-exists',
          email,
          signInUrl: `${publicUrl}/user/login`,
          forgotUrl: `${publicUrl}/user/forgot-password`,
        },
      });
      return;
    }
    const expiresAt = new Date(Date.now() + REGISTRATION_TTL_MS);
    await ctx.db.transactional(async () => {
      // The row's token hash opens nothing until the sender mints the e-mailed token (decision 026).
      const [registration] = await ctx.db.execute<{ id: string }[]>(
        `insert into registration (token_hash, email, first_name, last_name, erp_account_id, expires_at)
         values (?, ?, ?, ?, ?, ?) returning id`,
        [
          tokenHash(newToken()),
          email,
          input.firstName,
          input.lastName,
          input.erpAccountId || null,
          expiresAt,
        ],
        'all',
      );
      await sendMessage(ctx.db, ctx.log, {
        to: email,
        locale: ctx.locale,
        message: {
          kind: 'registration',
          firstName: input.firstName,
          url: `${publicUrl}/user/register?token=${LINK_TOKEN}`,
        },
        link: { kind: 'registration', ref: registration!.id, expiresAt },
      });
    });
  },

  /** The pending registration a link points at, or 404 (no token, unknown, used or expired). */
  async registrationByToken(ctx: Ctx, token: unknown) {
    if (typeof token !== 'string' || !token) {
      throw new AppError('NOT_FOUND', 'This registration link is not valid or has expired.');
    }
    const [row] = await ctx.db.execute<
      { id: string; email: string; firstName: string; lastName: string; erpAccountId: string | null }[]
    >(
      `select id, email, first_name as "firstName", last_name as "lastName", erp_account_id as "erpAccountId"
       from registration where token_hash = ? and completed_at is null and expires_at > now()`,
      [tokenHash(token)],
    );
    if (!row) throw new AppError('NOT_FOUND', 'This registration link is not valid or has expired.');
    return { ...row, step: 'PASSWORD' as const };
  },

  /**
   * Registration step PASSWORD (`{ token, password, confirmPassword }`): creates the user (Customer, valid) and
   * signs them in.
   */
  async completeRegistration(ctx: Ctx, id: string, body: unknown): Promise<UserView> {
    const { token, password } = validate(registrationPasswordSchema, body);
    const userId = await this.createFromRegistration(ctx, id, token, password);
    const user = await this.userView(ctx, userId);
    await beginSession(ctx, sessionUserOf(user));
    return user;
  },

  async createFromRegistration(ctx: Ctx, id: string, token: string, password: string): Promise<string> {
    const pending = await this.registrationByToken(ctx, token);
    if (pending.id !== id)
      throw new AppError('NOT_FOUND', 'This registration link is not valid or has expired.');
    assertUncommonPassword(ctx, password, pending.email, 'password', [pending.firstName, pending.lastName]);
    const hash = await hashPassword(password);
    return ctx.db.transactional(async () => {
      const done = await ctx.db.execute<{ id: string }[]>(
        `update registration set completed_at = now() where id = ? and completed_at is null returning id`,
        [id],
        'all',
      );
      if (done.length === 0)
        throw new AppError('NOT_FOUND', 'This registration link is not valid or has expired.');
      // A typed ERP account number is a claim, not a key: it attaches the user to nothing until staff verify it
      // (decision 028). Joining a company here gave a stranger its prices, terms and tax exemption.
      const created = await ctx.db.execute<{ id: string }[]>(
        `insert into app_user (email, password_hash, first_name, last_name, role, validity, erp_account_claim)
         values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
        [
          pending.email,
          hash,
          pending.firstName,
          pending.lastName,
          ROLES.Customer,
          VALIDITY.Valid,
          pending.erpAccountId || null,
        ],
        'all',
      );
      if (created.length === 0) throw new AppError('CONFLICT', 'An account with this e-mail already exists.');
      await writeAudit(
        ctx.db,
        { actorUserId: created[0]!.id, ip: ctx.req.ip ?? null },
        {
          action: 'user.registered',
          targetType: 'user',
          targetId: created[0]!.id,
          after: { email: pending.email },
        },
      );
      return created[0]!.id;
    });
  },

  /**
   * Checks e-mail and password under the sign-in throttle (per account and address, and per address; decision
   * 027), counted here so every transport and query shape counts. Unknown e-mail, wrong password, locked or
   * expired account all answer the same 401, after the same hashing work.
   */
  async authenticate(ctx: Ctx, input: LoginInput): Promise<SessionUser> {
    const email = input.email.toLowerCase();
    const reservation = await reserveSignIn(ctx.db, email, ctx.req.ip ?? 'unknown');
    if ('retryAfterSeconds' in reservation) {
      const wait = reservation.retryAfterSeconds;
      throw new AppError(
        'TOO_MANY_REQUESTS',
        wait <= 60
          ? `Too many sign-in attempts. Try again in ${wait} seconds.`
          : `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.`,
      );
    }
    const [user] = await ctx.db.execute<(SessionUser & { passwordHash: string | null; validity: number })[]>(
      `select id, email, first_name as "firstName", last_name as "lastName", role, account_id as "accountId",
         password_hash as "passwordHash", validity
       from app_user where lower(email) = ?`,
      [email],
    );
    const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !ok || user.validity !== VALIDITY.Valid) {
      throw new AppError('UNAUTHENTICATED', 'The e-mail or password is not correct.');
    }
    await reservation.succeeded();
    await ctx.db.execute('update app_user set last_sign_in_at = now() where id = ?', [user.id]);
    const { passwordHash: _h, validity: _v, ...sessionUser } = user;
    return sessionUser;
  },

  /** Checks the credentials (`{ email, password }`, authenticate) and starts a fresh session for the user. */
  async signIn(ctx: Ctx, body: unknown): Promise<UserView> {
    const user = await this.authenticate(ctx, validate(loginSchema, body));
    await beginSession(ctx, user);
    return this.userView(ctx, user.id);
  },

  /** The signed-in user's name and phone. */
  async updateProfile(ctx: Ctx, body: unknown): Promise<UserView> {
    const userId = requireUser(ctx).id;
    const input = validate(profileSchema, body);
    await ctx.db.transactional(async () => {
      const [before] = await ctx.db.execute<Record<string, unknown>[]>(
        'select first_name as "firstName", last_name as "lastName", phone from app_user where id = ? for update',
        [userId],
        'all',
      );
      await ctx.db.execute(
        'update app_user set first_name = ?, last_name = ?, phone = ?, updated_at = now() where id = ?',
        [input.firstName, input.lastName, input.phone ?? '', userId],
        'run',
      );
      await writeAudit(
        ctx.db,
        { actorUserId: userId, ip: ctx.req.ip ?? null },
        {
          action: 'user.profile',
          targetType: 'user',
          targetId: userId,
          before: before ?? null,
          after: { ...input },
        },
      );
    });
    return this.userView(ctx, userId);
  },

  /** Creates (no id) or updates (id) one of the signed-in user's addresses; the first becomes primary. */
  async saveAddress(ctx: Ctx, body: unknown): Promise<UserView> {
    const userId = requireUser(ctx).id;
    await writeAddress(ctx, userId, validate(addressSchema, body));
    return this.userView(ctx, userId);
  },

  /** Updates one of the signed-in user's addresses: the id is required. */
  async updateAddress(ctx: Ctx, body: unknown): Promise<UserView> {
    const userId = requireUser(ctx).id;
    const input = validate(addressSchema, body);
    if (!input.id)
      throw new AppError('BAD_USER_INPUT', 'Address not found', [
        { field: 'id', message: 'Address not found' },
      ]);
    await writeAddress(ctx, userId, input);
    return this.userView(ctx, userId);
  },

  /** `{ id }`: one of the signed-in user's addresses goes; the oldest left becomes primary if need be. */
  async deleteAddress(ctx: Ctx, body: unknown): Promise<UserView> {
    const userId = requireUser(ctx).id;
    const { id: addressId } = validate(addressIdSchema, body);
    await ctx.db.transactional(async () => {
      const deleted = await ctx.db.execute<{ id: string }[]>(
        'delete from address where id = ? and user_id = ? returning id',
        [addressId, userId],
        'all',
      );
      if (deleted.length === 0) throw notFound('Address');
      // The primary address went: the oldest remaining one takes its place.
      await ctx.db.execute(
        `update app_user set primary_address_id = (
           select id from address where user_id = ? order by created_at limit 1)
         where id = ? and primary_address_id is null`,
        [userId, userId],
        'run',
      );
    });
    return this.userView(ctx, userId);
  },

  /** `{ id }`: one of the signed-in user's addresses becomes primary. */
  async makePrimaryAddress(ctx: Ctx, body: unknown): Promise<UserView> {
    const userId = requireUser(ctx).id;
    const { id: addressId } = validate(addressIdSchema, body);
    const updated = await ctx.db.execute<{ id: string }[]>(
      `update app_user set primary_address_id = ? where id = ?
         and exists (select 1 from address where id = ? and user_id = ?) returning id`,
      [addressId, userId, addressId, userId],
    );
    if (updated.length === 0) throw notFound('Address');
    return this.userView(ctx, userId);
  },

  /**
   * `{ oldPassword, newPassword, confirmPassword }`: needs the current password; every other session of the user
   * ends (credentials_changed_at moves) while this one stays signed in.
   */
  async changePassword(ctx: Ctx, body: unknown): Promise<void> {
    const userId = requireUser(ctx).id;
    const { oldPassword, newPassword } = validate(passwordChangeSchema, body);
    const [user] = await ctx.db.execute<{ email: string; passwordHash: string | null }[]>(
      'select email, password_hash as "passwordHash" from app_user where id = ?',
      [userId],
    );
    if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
      throw new AppError('BAD_USER_INPUT', 'The current password is not correct.', [
        { field: 'oldPassword', message: 'The current password is not correct.' },
      ]);
    }
    assertUncommonPassword(ctx, newPassword, user.email, 'newPassword');
    const hash = await hashPassword(newPassword);
    const [row] = await ctx.db.execute<{ changedAt: Date }[]>(
      `update app_user set password_hash = ?, credentials_changed_at = now(), updated_at = now() where id = ?
       returning credentials_changed_at as "changedAt"`,
      [hash, userId],
    );
    await writeAudit(
      ctx.db,
      { actorUserId: userId, ip: ctx.req.ip ?? null },
      {
        action: 'user.password-changed',
        targetType: 'user',
        targetId: userId,
        after: {},
      },
    );
    // This session stays signed in (a partner's bearer call has none); the user's other sessions end.
    if (ctx.req.session) ctx.req.session.authAt = new Date(row!.changedAt).getTime() + 1;
  },

  /** `{ email }`: always answers the same; a known e-mail gets a single-use link valid for an hour. */
  async forgotPassword(ctx: Ctx, body: unknown): Promise<void> {
    const { email } = validate(forgotPasswordSchema, body);
    const { publicUrl } = ctx.app.auth;
    await limitMail(ctx, 'forgot', email.toLowerCase());
    const [user] = await ctx.db.execute<{ id: string; email: string; firstName: string }[]>(
      `select id, email, first_name as "firstName" from app_user where lower(email) = ? and validity = ?`,
      [email.toLowerCase(), VALIDITY.Valid],
    );
    if (!user) return;
    await sendMessage(ctx.db, ctx.log, {
      to: user.email,
      // The language of the page where the reset was asked for: the person reading is the one who asked.
      locale: ctx.locale,
      message: {
        kind: 'password-reset',
        firstName: user.firstName,
        url: `${publicUrl}/user/reset-password?token=${LINK_TOKEN}`,
      },
      link: { kind: 'password-reset', ref: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) },
    });
  },

  /** `{ token, newPassword, confirmPassword }`: the e-mailed link's new password. */
  async resetPassword(ctx: Ctx, body: unknown): Promise<void> {
    const { token, newPassword } = validate(passwordResetSchema, body);
    await ctx.db.transactional(async () => {
      const [reset] = await ctx.db.execute<{ userId: string; email: string }[]>(
        `update password_reset r set used_at = now() from app_user u
         where r.token_hash = ? and r.used_at is null and r.expires_at > now() and u.id = r.user_id
         returning r.user_id as "userId", u.email`,
        [tokenHash(token)],
        'all',
      );
      if (!reset) throw new AppError('NOT_FOUND', 'This reset link is not valid or has expired.');
      assertUncommonPassword(ctx, newPassword, reset.email, 'newPassword');
      await ctx.db.execute(
        `update app_user set password_hash = ?, credentials_changed_at = now(), updated_at = now() where id = ?`,
        [await hashPassword(newPassword), reset.userId],
        'run',
      );
      await writeAudit(
        ctx.db,
        { actorUserId: reset.userId, ip: ctx.req.ip ?? null },
        {
          action: 'user.password-reset',
          targetType: 'user',
          targetId: reset.userId,
          after: {},
        },
      );
    });
  },

  /**
   * Offline address check (spec section 7): required fields and formats (the address form's schema, by the
   * address's country, else the country of the site asked: decision 033), a known state or province, and a ZIP or
   * postal code that belongs to it. Never throws for the address: `{ success, data }` or `{ success: false, errors }`.
   */
  checkAddress(ctx: Ctx, input: unknown): AddressCheck {
    const raw = (input ?? {}) as Record<string, unknown>;
    try {
      const address = validate(addressSchema, { ...raw, country: raw.country ?? siteCountry(ctx.site) });
      const rules = addressRules(address.country);
      const state = address.state.toUpperCase();
      const errors = [
        ...(rules.isRegion(state) ? [] : [{ field: 'state', message: rules.regionMismatch }]),
        ...(rules.postalMatchesRegion(address.zip, state)
          ? []
          : [{ field: 'zip', message: rules.postalMismatch }]),
      ];
      if (errors.length) return { success: false, errors };
      return { success: true, data: { ...address, state } };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { success: false, errors: err.fields };
    }
  },
};
