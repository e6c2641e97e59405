import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { detachedDb } from '../src/db/db';
import { verifyCxmlSender } from '../src/modules/punchout';
import { createTestApp, type Client, type TestApp } from './harness';

/* The console's Punchout card through GraphQL (issue 57, decision 073): staff keep a company's credential. */

const PASSWORD = 'Punchout-Console-2026!';
let t: TestApp;
let admin: Client;
let service: Client;
let customerService: Client;
let companyId: string;
let memberId: string;

async function staff(role: number): Promise<Client> {
  const email = `punchout.staff.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  return c;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await staff(ROLES.Admin);
  service = await staff(ROLES.Service);
  customerService = await staff(ROLES.CustomerService);
  const [company] = await t.orm.em
    .getConnection()
    .execute<{ id: string }[]>(
      `insert into business_account (company, net_terms_days) values (?, 30) returning id`,
      [`Console Plant ${randomUUID().slice(0, 6)}`],
    );
  companyId = company!.id;
  memberId = await t.createUser({
    email: `punchout.member.${randomUUID()}@plant.example`,
    password: PASSWORD,
    accountId: companyId,
  });
});
afterAll(async () => {
  await t.close();
});

const CREDENTIAL = `id companyId systemName fromDomain fromIdentity senderDomain senderIdentity hasSecret
  previousSecretUntil returnUrls { environment url } actingUserId ociUsername hasOciPassword statusUrl
  hasStatusCredential enabled version`;

const input = (over: Record<string, unknown> = {}) => ({
  systemName: 'SAP Ariba',
  fromDomain: 'NetworkID',
  fromIdentity: `AN${randomUUID().slice(0, 8)}`,
  senderDomain: 'NetworkID',
  senderIdentity: 'AN01000000001',
  returnUrls: [{ environment: 'production', url: 'https://buyer.example/punchout/return' }],
  actingUserId: null,
  ociUsername: null,
  ociPassword: null,
  statusUrl: 'https://buyer.example/cxml/status',
  statusCredential: 'status-secret-do-not-show',
  enabled: true,
  ...over,
});

async function save(c: Client, values: Record<string, unknown>) {
  return c.gql<{ savePunchoutCredential: Record<string, unknown> }>(
    `mutation($companyId: ID!, $input: PunchoutCredentialInput!) {
       savePunchoutCredential(companyId: $companyId, input: $input) { ${CREDENTIAL} }
     }`,
    { companyId, input: values },
  );
}

describe('the Punchout card through GraphQL', () => {
  it('lets Admin save a credential, make a secret shown once that works, and never answers a secret again', async () => {
    const none = await admin.gql<{ punchoutCredential: null }>(
      `query($companyId: ID!) { punchoutCredential(companyId: $companyId) { id } }`,
      { companyId },
    );
    expect(none.errors).toBeUndefined();
    expect(none.data!.punchoutCredential).toBeNull();

    const values = input({
      actingUserId: memberId,
      ociUsername: `oci-${randomUUID().slice(0, 6)}`,
      ociPassword: 'Oci-Pass-2026',
    });
    const saved = await save(admin, values);
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.savePunchoutCredential).toMatchObject({
      systemName: 'SAP Ariba',
      fromIdentity: values.fromIdentity,
      hasSecret: false,
      hasOciPassword: true,
      hasStatusCredential: true,
      actingUserId: memberId,
      returnUrls: [{ environment: 'production', url: 'https://buyer.example/punchout/return' }],
    });

    const rotated = await service.gql<{
      rotatePunchoutSecret: { secret: string; credential: { hasSecret: boolean } };
    }>(
      `mutation($companyId: ID!) { rotatePunchoutSecret(companyId: $companyId) { secret credential { ${CREDENTIAL} } } }`,
      { companyId },
    );
    expect(rotated.errors).toBeUndefined();
    const { secret } = rotated.data!.rotatePunchoutSecret;
    expect(secret.length).toBeGreaterThanOrEqual(24);
    expect(rotated.data!.rotatePunchoutSecret.credential.hasSecret).toBe(true);

    // The secret made works for the procurement system's requests...
    const verified = await verifyCxmlSender(detachedDb(t.orm), {
      fromDomain: 'NetworkID',
      fromIdentity: values.fromIdentity as string,
      senderDomain: 'NetworkID',
      senderIdentity: 'AN01000000001',
      secret,
    });
    expect(verified?.companyId).toBe(companyId);

    // ...and is never answered again, nor are the OCI password or the status credential, nor kept in the audit.
    const read = await admin.gql(
      `query($companyId: ID!) { punchoutCredential(companyId: $companyId) { ${CREDENTIAL} } }`,
      {
        companyId,
      },
    );
    const text = JSON.stringify(read);
    expect(text).toContain('"hasSecret":true');
    for (const hidden of [secret, 'Oci-Pass-2026', 'status-secret-do-not-show', 'scrypt$']) {
      expect(text).not.toContain(hidden);
    }
    const audit = await t.orm.em
      .getConnection()
      .execute<{ action: string; after: unknown }[]>(
        `select action, after from audit_log where target_type = 'company' and target_id = ? order by id`,
        [companyId],
      );
    expect(audit.map((a) => a.action)).toEqual(['punchout.credential.save', 'punchout.secret.rotate']);
    const audited = JSON.stringify(audit);
    for (const hidden of [secret, 'Oci-Pass-2026', 'status-secret-do-not-show', 'scrypt$']) {
      expect(audited).not.toContain(hidden);
    }
  });

  it('refuses Customer Service and buyers, and a company member check and bad URLs get clear errors', async () => {
    for (const c of [customerService, await t.client()]) {
      const res = await c.gql(`query($companyId: ID!) { punchoutCredential(companyId: $companyId) { id } }`, {
        companyId,
      });
      expect(res.data?.punchoutCredential ?? null).toBeNull();
      expect(res.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      const rotate = await c.gql(
        `mutation($companyId: ID!) { rotatePunchoutSecret(companyId: $companyId) { secret } }`,
        {
          companyId,
        },
      );
      expect(rotate.data ?? null).toBeNull();
      expect(rotate.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    const outsider = await t.createUser({
      email: `outsider.${randomUUID()}@elsewhere.example`,
      password: PASSWORD,
    });
    const wrongUser = await save(admin, input({ actingUserId: outsider }));
    expect(wrongUser.errors?.[0]?.message).toBe('The acting user must be a member of this company');
    const badUrl = await save(
      admin,
      input({ returnUrls: [{ environment: 'test', url: 'ftp://buyer.example/x' }] }),
    );
    expect(badUrl.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(badUrl.errors)).toContain('Return URL must be an http or https address');
  });

  it('lists the documents newest first, with their secrets masked, and the sessions', async () => {
    const db = t.orm.em.getConnection();
    await db.execute(
      `insert into punchout_message (company_id, direction, kind, payload_id, document, http_status, created_at)
       values (?, 'in', 'setup-request', 'p-1@buyer', '<cXML><SharedSecret>***</SharedSecret></cXML>', 200, now() - interval '1 minute'),
              (?, 'out', 'setup-response', 'p-2@axisline', '<cXML><Response/></cXML>', 200, now())`,
      [companyId, companyId],
    );
    const res = await service.gql<{
      punchoutMessages: { total: number; items: { kind: string; payloadId: string; document: string }[] };
      punchoutSessions: unknown[];
    }>(
      `query($companyId: ID!) {
         punchoutMessages(companyId: $companyId) { total page pageSize items { id direction kind payloadId document httpStatus createdAt } }
         punchoutSessions(companyId: $companyId) { id protocol operation userEmail }
       }`,
      { companyId },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.punchoutMessages.total).toBe(2);
    expect(res.data!.punchoutMessages.items.map((m) => m.kind)).toEqual(['setup-response', 'setup-request']);
    expect(res.data!.punchoutMessages.items[1]!.document).toContain('<SharedSecret>***</SharedSecret>');
    expect(res.data!.punchoutSessions).toEqual([]);
  });
});
