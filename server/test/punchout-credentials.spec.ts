import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { SecretBox } from '../src/common/secret-box';
import type { Ctx } from '../src/context';
import { servicesDb } from '../src/db/db';
import {
  punchoutCredentialOf,
  rotatePunchoutSecret,
  savePunchoutCredential,
  verifyCxmlSender,
  verifyOciUser,
} from '../src/modules/punchout/credentials';
import { createTestApp, type TestApp } from './harness';

/** The credential's services (decision 072) as the console calls them: save, rotate, verify; no secret readable. */
let t: TestApp;
let companyId: string;
let memberId: string;
let outsiderId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.orm.em.getConnection();
  [{ id: companyId }] = await db.execute<{ id: string }[]>(
    `insert into business_account (company) values ('Credential Works') returning id`,
  );
  memberId = await t.createUser({
    email: `m.${randomUUID()}@plant.example`,
    password: 'Member-Rail-2026!',
    accountId: companyId,
  });
  outsiderId = await t.createUser({
    email: `o.${randomUUID()}@plant.example`,
    password: 'Member-Rail-2026!',
  });
});
afterAll(() => t.close());

/** A request's context for a staff user of this role (what the console's resolvers hand the services). */
function staff(role: number): Ctx {
  return {
    db: servicesDb(t.orm),
    user: {
      id: memberId,
      email: 'staff@axisline.example',
      firstName: 'S',
      lastName: 'T',
      role,
      accountId: null,
    },
    apiCaller: null,
    req: { ip: '127.0.0.1' },
    app: { webhooks: { box: new SecretBox('k'.repeat(40)) } },
  } as unknown as Ctx;
}

const input = (over: Record<string, unknown> = {}) => ({
  systemName: 'Coupa',
  fromDomain: 'NetworkID',
  fromIdentity: 'AN-CRED',
  senderDomain: 'NetworkID',
  senderIdentity: 'AN-CRED',
  returnUrls: [{ environment: 'production', url: 'https://buyer.example/punchout/return' }],
  actingUserId: memberId,
  ociUsername: 'cred-oci',
  ociPassword: 'first-oci-password',
  statusUrl: 'https://buyer.example/status',
  statusCredential: 'outbound-secret',
  ...over,
});

const identity = {
  fromDomain: 'networkid',
  fromIdentity: 'AN-CRED',
  senderDomain: 'NetworkID',
  senderIdentity: 'an-cred',
};

describe('punchout credentials', () => {
  it('staff save a credential: no hash or sealed value in what they read, audited, with the company event', async () => {
    const saved = await savePunchoutCredential(staff(ROLES.Service), companyId, input());
    expect(saved).toMatchObject({
      systemName: 'Coupa',
      hasSecret: false,
      hasOciPassword: true,
      hasStatusCredential: true,
      actingUserId: memberId,
      version: 1,
    });
    expect(JSON.stringify(saved)).not.toMatch(/scrypt|first-oci-password|outbound-secret|v1\./);
    const db = t.orm.em.getConnection();
    const [audit] = await db.execute<{ after: unknown }[]>(
      `select after from audit_log where action = 'punchout.credential.save' and target_id = ? order by id desc limit 1`,
      [companyId],
    );
    expect(JSON.stringify(audit!.after)).not.toMatch(/scrypt|first-oci-password|outbound-secret/);
    const [event] = await db.execute<{ payload: { fields: unknown } }[]>(
      `select payload from domain_event where type = 'company.changed' and aggregate_id = ? order by occurred_at desc limit 1`,
      [companyId],
    );
    expect(event!.payload.fields).toEqual({ punchout: ['credential'] });
    expect(await verifyOciUser(servicesDb(t.orm), 'CRED-OCI', 'first-oci-password')).toMatchObject({
      companyId,
    });
    expect(await verifyOciUser(servicesDb(t.orm), 'cred-oci', 'wrong')).toBeNull();
  });

  it('a save without a new OCI password keeps the current one', async () => {
    const saved = await savePunchoutCredential(
      staff(ROLES.Admin),
      companyId,
      input({ ociPassword: null, systemName: 'Coupa EU' }),
    );
    expect(saved).toMatchObject({ systemName: 'Coupa EU', hasOciPassword: true, version: 2 });
    expect(await verifyOciUser(servicesDb(t.orm), 'cred-oci', 'first-oci-password')).not.toBeNull();
  });

  it('refuses an acting user outside the company, a bad return URL, and a role without access', async () => {
    await expect(
      savePunchoutCredential(staff(ROLES.Admin), companyId, input({ actingUserId: outsiderId })),
    ).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'actingUserId', message: 'The acting user must be a member of this company' }],
    });
    await expect(
      savePunchoutCredential(
        staff(ROLES.Admin),
        companyId,
        input({ returnUrls: [{ environment: 'test', url: 'ftp://x' }] }),
      ),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(
      savePunchoutCredential(staff(ROLES.CustomerService), companyId, input()),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(punchoutCredentialOf(staff(ROLES.Customer), companyId)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('rotation answers the new secret once; the previous one is accepted until it expires', async () => {
    const first = await rotatePunchoutSecret(staff(ROLES.Service), companyId);
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.credential.hasSecret).toBe(true);
    expect(first.credential.previousSecretUntil).toBeNull();
    const db = servicesDb(t.orm);
    expect(await verifyCxmlSender(db, { ...identity, secret: first.secret })).toMatchObject({ companyId });
    const second = await rotatePunchoutSecret(staff(ROLES.Service), companyId);
    expect(second.credential.previousSecretUntil).not.toBeNull();
    expect(await verifyCxmlSender(db, { ...identity, secret: second.secret })).not.toBeNull();
    expect(await verifyCxmlSender(db, { ...identity, secret: first.secret })).not.toBeNull();
    expect(await verifyCxmlSender(db, { ...identity, secret: 'guess' })).toBeNull();
    await t.orm.em
      .getConnection()
      .execute(
        `update punchout_credential set previous_secret_until = now() - interval '1 second' where company_id = ?`,
        [companyId],
      );
    expect(await verifyCxmlSender(db, { ...identity, secret: first.secret })).toBeNull();
    const view = await punchoutCredentialOf(staff(ROLES.Admin), companyId);
    expect(JSON.stringify(view)).not.toContain(second.secret);
  });
});
