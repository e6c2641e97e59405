import { randomBytes } from 'node:crypto';
import type { Ctx, Db } from '../../context';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import {
  PREVIOUS_SECRET_DAYS,
  PUNCHOUT_ACCESS,
  PUNCHOUT_FAILURES,
  punchoutCredentialSchema,
  SHARED_SECRET_BYTES,
} from '../../../../domain/punchout';
import { recordAudit } from '../audit';
import { assertAccess, hashPassword, hit, verifyPassword } from '../auth';
import { publish } from '../events';
import type { PunchoutReturnUrl } from './punchout.entity';
import { syncPunchoutStatusConsumer } from './status-switch';

/**
 * A company's punchout credential (decision 072): verified on every cXML and OCI entry point, kept by staff in the
 * console. Secrets are hashed with the auth module's scrypt and compared in constant time; the status credential is
 * sealed. No view ever carries a hash or a sealed value.
 */

/** The credential as the entry points use it (after its secret was verified). */
export interface VerifiedCredential {
  id: string;
  companyId: string;
  systemName: string;
  returnUrls: PunchoutReturnUrl[];
  actingUserId: string | null;
  enabled: boolean;
}

/** The credential as staff see it: never a secret, only whether one is set. */
export interface PunchoutCredentialView {
  id: string;
  companyId: string;
  systemName: string;
  fromDomain: string;
  fromIdentity: string;
  senderDomain: string;
  senderIdentity: string;
  hasSecret: boolean;
  previousSecretUntil: Date | null;
  returnUrls: PunchoutReturnUrl[];
  actingUserId: string | null;
  ociUsername: string | null;
  hasOciPassword: boolean;
  statusUrl: string | null;
  hasStatusCredential: boolean;
  enabled: boolean;
  updatedAt: Date;
  version: number;
}

export interface CxmlIdentity {
  domain: string;
  identity: string;
}

const VERIFIED = `id, company_id as "companyId", system_name as "systemName", return_urls as "returnUrls",
  acting_user_id as "actingUserId", enabled`;

const VIEW = `id, company_id as "companyId", system_name as "systemName", from_domain as "fromDomain",
  from_identity as "fromIdentity", sender_domain as "senderDomain", sender_identity as "senderIdentity",
  secret_hash is not null as "hasSecret", previous_secret_until as "previousSecretUntil",
  return_urls as "returnUrls", acting_user_id as "actingUserId", oci_username as "ociUsername",
  oci_password_hash is not null as "hasOciPassword", status_url as "statusUrl",
  status_credential_sealed is not null as "hasStatusCredential", enabled, updated_at as "updatedAt", version`;

/** Whether `secret` is the credential's current secret, or its previous one while that is still accepted. */
async function secretMatches(
  secret: string,
  row: { secretHash: string | null; previousSecretHash: string | null; previousSecretUntil: Date | null },
): Promise<boolean> {
  // Both hashes are computed whatever the first answers, so a match on either takes as long as a miss.
  const previousValid =
    row.previousSecretUntil !== null && new Date(row.previousSecretUntil).getTime() > Date.now();
  const [current, previous] = await Promise.all([
    verifyPassword(secret, row.secretHash),
    verifyPassword(secret, previousValid ? row.previousSecretHash : null),
  ]);
  return current || previous;
}

/**
 * The credential whose From and Sender identities these are and whose shared secret (or previous one, during a
 * rotation) this is; null otherwise. Domains and identities compare without case (procurement systems differ).
 */
export async function verifyCxmlSender(
  db: Db,
  input: {
    fromDomain: string;
    fromIdentity: string;
    senderDomain: string;
    senderIdentity: string;
    secret: string;
  },
): Promise<VerifiedCredential | null> {
  const [row] = await db.execute<
    (VerifiedCredential & {
      secretHash: string | null;
      previousSecretHash: string | null;
      previousSecretUntil: Date | null;
    })[]
  >(
    `select ${VERIFIED}, secret_hash as "secretHash", previous_secret_hash as "previousSecretHash",
       previous_secret_until as "previousSecretUntil"
     from punchout_credential
     where lower(from_domain) = lower(?) and lower(from_identity) = lower(?)
       and lower(sender_domain) = lower(?) and lower(sender_identity) = lower(?)`,
    [input.fromDomain, input.fromIdentity, input.senderDomain, input.senderIdentity],
  );
  const ok = await secretMatches(
    input.secret,
    row ?? { secretHash: null, previousSecretHash: null, previousSecretUntil: null },
  );
  if (!row || !ok) return null;
  return verifiedOf(row);
}

/**
 * A cXML header's credential: any of its From credentials (Ariba sends several: NetworkID, DUNS...) with its Sender
 * and SharedSecret. One scrypt per matching identity pair, none for the others.
 */
export async function verifyCxmlHeader(
  db: Db,
  header: { from: CxmlIdentity[]; sender: CxmlIdentity[]; secret: string },
): Promise<VerifiedCredential | null> {
  const pairs = header.from.flatMap((f) => header.sender.map((s) => ({ f, s })));
  for (const { f, s } of pairs) {
    const [known] = await db.execute<{ id: string }[]>(
      `select id from punchout_credential
       where lower(from_domain) = lower(?) and lower(from_identity) = lower(?)
         and lower(sender_domain) = lower(?) and lower(sender_identity) = lower(?)`,
      [f.domain, f.identity, s.domain, s.identity],
    );
    if (!known) continue;
    return verifyCxmlSender(db, {
      fromDomain: f.domain,
      fromIdentity: f.identity,
      senderDomain: s.domain,
      senderIdentity: s.identity,
      secret: header.secret,
    });
  }
  // No such identity: the same cost as a wrong secret.
  await verifyPassword(header.secret, null);
  return null;
}

/** The credential of this OCI user name and password, or null. */
export async function verifyOciUser(
  db: Db,
  username: string,
  password: string,
): Promise<VerifiedCredential | null> {
  const [row] = await db.execute<(VerifiedCredential & { ociPasswordHash: string | null })[]>(
    `select ${VERIFIED}, oci_password_hash as "ociPasswordHash" from punchout_credential
     where lower(oci_username) = lower(?)`,
    [username],
  );
  const ok = await verifyPassword(password, row?.ociPasswordHash ?? null);
  if (!row || !ok) return null;
  return verifiedOf(row);
}

function verifiedOf(row: VerifiedCredential): VerifiedCredential {
  return {
    id: row.id,
    companyId: row.companyId,
    systemName: row.systemName,
    returnUrls: row.returnUrls,
    actingUserId: row.actingUserId,
    enabled: row.enabled,
  };
}

/** A company's credential as staff see it, or null when it has none. */
export async function punchoutCredentialOf(
  ctx: Ctx,
  companyId: string,
): Promise<PunchoutCredentialView | null> {
  assertAccess(ctx, PUNCHOUT_ACCESS);
  return credentialView(ctx.db, companyId);
}

async function credentialView(db: Db, companyId: string): Promise<PunchoutCredentialView | null> {
  const [row] = await db.execute<PunchoutCredentialView[]>(
    `select ${VIEW} from punchout_credential where company_id = ?`,
    [companyId],
  );
  return row ?? null;
}

/** A company's punchout settings changed: the company's event (no secret in it). */
function credentialChanged(ctx: Ctx, companyId: string, fields: string[]): void {
  publish(ctx, {
    type: 'company.changed',
    aggregateType: 'company',
    aggregateId: companyId,
    version: null,
    actorId: ctx.user?.id ?? null,
    payload: { companyId, change: 'updated', fields: { punchout: fields } },
  });
}

/**
 * Staff save a company's credential (made on first save, without a shared secret until one is rotated in). An
 * empty OCI password or status credential keeps the current one. The acting user must be a member of the company.
 * Audited (no secret in the entry), with the company's event.
 */
export async function savePunchoutCredential(
  ctx: Ctx,
  companyId: string,
  body: unknown,
): Promise<PunchoutCredentialView> {
  assertAccess(ctx, PUNCHOUT_ACCESS);
  const input = validate(punchoutCredentialSchema, body);
  const ociPasswordHash = input.ociPassword ? await hashPassword(input.ociPassword) : null;
  const sealed = input.statusCredential ? ctx.app.webhooks.box.seal(input.statusCredential) : null;
  return ctx.db.transactional(async () => {
    const [company] = await ctx.db.execute<{ id: string }[]>(
      'select id from business_account where id = ? for update',
      [companyId],
    );
    if (!company) throw notFound('The company');
    if (input.actingUserId) {
      const [member] = await ctx.db.execute<{ id: string }[]>(
        'select id from app_user where id = ? and account_id = ?',
        [input.actingUserId, companyId],
      );
      if (!member) {
        const message = 'The acting user must be a member of this company';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'actingUserId', message }]);
      }
    }
    if (input.ociUsername) {
      const [taken] = await ctx.db.execute<{ id: string }[]>(
        'select id from punchout_credential where lower(oci_username) = lower(?) and company_id <> ?',
        [input.ociUsername, companyId],
      );
      if (taken) {
        const message = 'This OCI user name is used by another company';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'ociUsername', message }]);
      }
    }
    const before = await credentialView(ctx.db, companyId);
    await ctx.db.execute(
      `insert into punchout_credential (company_id, system_name, from_domain, from_identity, sender_domain,
         sender_identity, return_urls, acting_user_id, oci_username, oci_password_hash, status_url,
         status_credential_sealed, enabled)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?)
       on conflict (company_id) do update set system_name = excluded.system_name,
         from_domain = excluded.from_domain, from_identity = excluded.from_identity,
         sender_domain = excluded.sender_domain, sender_identity = excluded.sender_identity,
         return_urls = excluded.return_urls, acting_user_id = excluded.acting_user_id,
         oci_username = excluded.oci_username,
         oci_password_hash = coalesce(excluded.oci_password_hash, punchout_credential.oci_password_hash),
         status_url = excluded.status_url,
         status_credential_sealed = coalesce(excluded.status_credential_sealed,
           punchout_credential.status_credential_sealed),
         enabled = excluded.enabled, updated_at = now(), version = punchout_credential.version + 1`,
      [
        companyId,
        input.systemName,
        input.fromDomain,
        input.fromIdentity,
        input.senderDomain,
        input.senderIdentity,
        JSON.stringify(input.returnUrls),
        input.actingUserId,
        input.ociUsername || null,
        ociPasswordHash,
        input.statusUrl || null,
        sealed,
        input.enabled,
      ],
      'run',
    );
    const after = (await credentialView(ctx.db, companyId))!;
    await recordAudit(ctx, {
      action: 'punchout.credential.save',
      targetType: 'company',
      targetId: companyId,
      before,
      after: { ...after, ociPasswordChanged: !!ociPasswordHash, statusCredentialChanged: !!sealed },
    });
    credentialChanged(ctx, companyId, ['credential']);
    await syncPunchoutStatusConsumer(ctx.db);
    return after;
  });
}

/**
 * Staff make a new shared secret: answered once, never readable again. The one it replaces stays accepted for
 * PREVIOUS_SECRET_DAYS (the procurement system changes over meanwhile). Audited, with the company's event.
 */
export async function rotatePunchoutSecret(
  ctx: Ctx,
  companyId: string,
): Promise<{ secret: string; credential: PunchoutCredentialView }> {
  assertAccess(ctx, PUNCHOUT_ACCESS);
  const secret = randomBytes(SHARED_SECRET_BYTES).toString('base64url');
  const hash = await hashPassword(secret);
  return ctx.db.transactional(async () => {
    const [row] = await ctx.db.execute<{ id: string }[]>(
      `update punchout_credential set previous_secret_hash = secret_hash,
         previous_secret_until = case when secret_hash is null then null
           else now() + make_interval(days => ?) end,
         secret_hash = ?, updated_at = now(), version = version + 1
       where company_id = ? returning id`,
      [PREVIOUS_SECRET_DAYS, hash, companyId],
    );
    if (!row) throw notFound('The punchout credential');
    const credential = (await credentialView(ctx.db, companyId))!;
    await recordAudit(ctx, {
      action: 'punchout.secret.rotate',
      targetType: 'company',
      targetId: companyId,
      after: { credentialId: row.id, previousSecretUntil: credential.previousSecretUntil },
    });
    credentialChanged(ctx, companyId, ['secret']);
    return { secret, credential };
  });
}

/** The failure counter's key: the caller's address and the identity it tried. */
const failureKey = (ip: string, identity: string) => `punchout-fail:${ip}:${identity.toLowerCase()}`;

/** Whether this address has failed PUNCHOUT_FAILURES.max times with this identity in the current window. */
export async function tooManyFailures(db: Db, ip: string, identity: string): Promise<boolean> {
  const windowStart = new Date(
    Math.floor(Date.now() / PUNCHOUT_FAILURES.windowMs) * PUNCHOUT_FAILURES.windowMs,
  );
  const [row] = await db.execute<{ count: number }[]>(
    'select count from rate_limit where key = ? and window_start = ?',
    [failureKey(ip, identity), windowStart],
  );
  return (row?.count ?? 0) >= PUNCHOUT_FAILURES.max;
}

/** Counts a failed credential of this address and identity (auth's fixed-window counters, pruned with sessions). */
export async function countFailure(db: Db, ip: string, identity: string): Promise<void> {
  await hit(db, { key: failureKey(ip, identity), ...PUNCHOUT_FAILURES });
}
