import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { FIXTURE_PASSWORD } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/** The console's promotions (issue 58): save, a stale save, end now, a batch of codes and its CSV, the audit. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function staff(role: number): Promise<Client> {
  const email = `staff.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return c;
}

const FIELDS = `id name code status version redemptions discountTotal currency
  form { name code sites actionKind pct minSubtotal companies productIds limitTotal }
  batches { id prefix count used } redemptionsLatest { orderNumber amount }`;

interface Promotion {
  id: string;
  name: string;
  code: string | null;
  status: string;
  version: number;
  currency: string | null;
  form: { name: string; code: string | null; pct: number | null; minSubtotal: number | null };
  batches: { id: string; prefix: string; count: number; used: number }[];
}

const SAVE = `mutation($id: ID, $version: Int, $input: PromotionInput!) {
  savePromotion(id: $id, version: $version, input: $input) { ${FIELDS} } }`;

const input = (over: Record<string, unknown> = {}) => ({
  name: 'Trade show 2027',
  code: 'show27',
  sites: ['axl', 'pay-us'],
  actionKind: 'linesPercent',
  pct: 5,
  ...over,
});

const audit = async (id: string) =>
  (
    await t.orm.em
      .getConnection()
      .execute<{ action: string; before: unknown; after: Record<string, unknown> }[]>(
        "select action, before, after from audit_log where target_type = 'promotion' and target_id = ? order by id",
        [id],
      )
  ).map((r) => ({ action: r.action, before: r.before, after: r.after }));

describe('the console keeps promotions', () => {
  it('saves one, refuses a stale save with the reason, ends it now; every change is audited', async () => {
    const service = await staff(ROLES.Service);
    const created = await service.gql<{ savePromotion: Promotion }>(SAVE, { input: input() });
    expect(created.errors).toBeUndefined();
    const p = created.data!.savePromotion;
    expect(p).toMatchObject({
      name: 'Trade show 2027',
      code: 'SHOW27',
      status: 'active',
      version: 1,
      currency: null,
    });

    const edited = await service.gql<{ savePromotion: Promotion }>(SAVE, {
      id: p.id,
      version: 1,
      input: input({ pct: 7.5, minSubtotal: 100 }),
    });
    expect(edited.errors).toBeUndefined();
    // An amount ties it to its sites' currency (decision 079).
    expect(edited.data!.savePromotion).toMatchObject({
      version: 2,
      currency: 'usd',
      form: { pct: 7.5, minSubtotal: 100 },
    });

    const stale = await service.gql(SAVE, { id: p.id, version: 1, input: input({ pct: 9 }) });
    expect(stale.errors?.[0]).toMatchObject({
      message: expect.stringContaining('changed by someone else while you were editing'),
      extensions: { code: 'CONFLICT' },
    });

    const ended = await service.gql<{ endPromotion: Promotion }>(
      `mutation($id: ID!) { endPromotion(id: $id, version: 2) { ${FIELDS} } }`,
      { id: p.id },
    );
    expect(ended.data!.endPromotion).toMatchObject({ status: 'ended', version: 3 });

    expect(await audit(p.id)).toEqual([
      {
        action: 'promotion.saved',
        before: null,
        after: expect.objectContaining({ name: 'Trade show 2027', pct: 5 }),
      },
      {
        action: 'promotion.saved',
        before: { pct: 5, minSubtotal: null },
        after: { pct: 7.5, minSubtotal: 100 },
      },
      { action: 'promotion.ended', before: null, after: { endedAt: expect.any(String) } },
    ]);
  });

  it('refuses bad input next to its field: a code another promotion has, amounts across currencies, no site', async () => {
    const service = await staff(ROLES.Admin);
    await service.gql(SAVE, { input: input({ code: 'TAKEN-1', name: 'First' }) });
    const taken = await service.gql(SAVE, { input: input({ code: 'taken-1', name: 'Second' }) });
    expect(taken.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'code', message: 'Another promotion already has the code TAKEN-1.' }],
    });
    const currencies = await service.gql(SAVE, {
      input: input({
        code: null,
        sites: ['axl', 'pay-ca'],
        actionKind: 'orderAmount',
        pct: null,
        amount: 10,
      }),
    });
    expect(currencies.errors?.[0]?.extensions?.fields).toEqual([
      {
        field: 'sites',
        message: 'A promotion with amounts sells in one currency: choose sites of one country.',
      },
    ]);
    const bad = await service.gql(SAVE, { input: input({ code: 'X', sites: [], pct: 0 }) });
    expect((bad.errors?.[0]?.extensions?.fields as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'code',
      'pct',
      'sites',
    ]);
  });

  it('makes 1,000 unique single-use codes and exports them; the audit counts them and never names one', async () => {
    const admin = await staff(ROLES.Admin);
    const p = (
      await admin.gql<{ savePromotion: Promotion }>(SAVE, { input: input({ code: null, name: 'Mailing' }) })
    ).data!.savePromotion;
    const made = await admin.gql<{ generatePromotionCodes: { batchId: string; count: number } }>(
      `mutation($id: ID!) { generatePromotionCodes(id: $id, count: 1000, prefix: "mail-") { batchId count } }`,
      { id: p.id },
    );
    expect(made.errors).toBeUndefined();
    expect(made.data!.generatePromotionCodes.count).toBe(1000);
    const csv = await admin.agent
      .get(`/api/admin/promotions/${p.id}/codes.csv`)
      .query({ batch: made.data!.generatePromotionCodes.batchId })
      .expect(200);
    const codes = csv.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]!);
    expect(codes).toHaveLength(1000);
    expect(new Set(codes).size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^MAIL-[A-HJKMNP-Z2-9]{8}$/);
    const entries = await audit(p.id);
    expect(entries.at(-1)).toEqual({
      action: 'promotion.codes-generated',
      before: null,
      after: { batchId: made.data!.generatePromotionCodes.batchId, prefix: 'MAIL-', count: 1000 },
    });
    expect(JSON.stringify(entries)).not.toContain(codes[0]);
    const over = await admin.gql(
      `mutation($id: ID!) { generatePromotionCodes(id: $id, count: 10001) { count } }`,
      {
        id: p.id,
      },
    );
    expect(over.errors?.[0]?.message).toBe('Enter a number of codes from 1 to 10,000.');
  });

  it('refuses CustomerService; finds a promotion by name; the report is CSV', async () => {
    const cs = await staff(ROLES.CustomerService);
    const refused = await cs.gql('{ adminPromotions { total } }');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await cs.agent.get('/api/admin/promotions/report.csv').expect(403);
    const admin = await staff(ROLES.Admin);
    await admin.gql(SAVE, { input: input({ code: null, name: '=HYPERLINK("x")' }) });
    const list = await admin.gql<{ adminPromotions: { total: number; items: { name: string }[] } }>(
      '{ adminPromotions(search: "hyperlink") { total items { name } } }',
    );
    expect(list.data!.adminPromotions.items.map((i) => i.name)).toEqual(['=HYPERLINK("x")']);
    const report = await admin.agent
      .get('/api/admin/promotions/report.csv')
      .query({ from: '2026-01-01T00:00:00.000Z', to: '2099-01-01T00:00:00.000Z' })
      .expect(200);
    expect(report.text.split('\r\n')[0]).toBe(
      'Promotion,Code,Redemptions,Discount,Freight discount,Net sales',
    );
  });
});
