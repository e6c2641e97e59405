import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { MINIMUM_PURCHASE_QUANTITY_MESSAGE } from '../../domain/cart-line.schema';
import { IMPORT_EVENT_ROWS, IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportReport } from '../../domain/imports';
import { PRICE_BREAK_MESSAGES } from '../../domain/price-breaks';
import { ROLES } from '../../domain/roles';
import { STOCK_MESSAGES } from '../../domain/stock.schema';
import { servicesDb } from '../src/db/db';
import { createApiKey } from '../src/modules/auth';
import { createTestApp, type Client, type TestApp } from './harness';
import { FIXTURE_PASSWORD } from './fixtures';

/*
 * Imports with a dry run (issue 56, item 5; decision 069): what an ERP or a spreadsheet sends, as staff and a
 * Supplier would, through the REST routes: the diff first, then the same file applied at once, audited once and
 * told in chunks of at most 500 rows; a bad file applies nothing.
 */

let t: TestApp;
let service: Client;
const db = () => t.orm.em.getConnection();

beforeAll(async () => {
  t = await createTestApp();
  service = await staff(ROLES.Service);
});
afterAll(async () => t.close());

async function staff(role: number): Promise<Client> {
  const email = `imports.${role}.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, role });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return c;
}

/** Parts with a catalogue price and no volume breaks, by part number. */
const parts = (n: number, offset = 0) =>
  db().execute<{ id: string; price: number; brandId: string }[]>(
    `select id, price::float8 as price, brand_id as "brandId" from product p where price > 5
       and not exists (select 1 from price_break b where b.product_id = p.id)
     order by id limit ? offset ?`,
    [n, offset],
  );

const csvUpload = (c: Client, kind: string, csv: string, dryRun: boolean) =>
  c.agent
    .post(`/api/imports/${kind}${dryRun ? '?dryRun=true' : ''}`)
    .set('x-csrf-token', c.token)
    .attach('file', Buffer.from(csv, 'utf8'), { filename: `${kind}.csv`, contentType: 'text/csv' });

const jsonUpload = (c: Client, kind: string, rows: unknown, dryRun = false) =>
  c.send('post', `/api/imports/${kind}${dryRun ? '?dryRun=true' : ''}`, rows as object);

const importEvents = (type: string) =>
  db().execute<
    {
      aggregateId: string;
      seq: number;
      payload: { chunk: number; chunks: number; rows: object[]; brandId?: string };
    }[]
  >(
    `select aggregate_id as "aggregateId", seq::int as seq, payload from domain_event
     where type = ? and aggregate_type = 'import' order by occurred_at, seq`,
    [type],
  );

describe('price imports', () => {
  it('answers a dry run with the diff by line and writes nothing', async () => {
    const [a, b, c] = await parts(3);
    const csv = [
      'partNumber,price',
      `${a!.id},${a!.price + 1.5}`,
      `${b!.id},${b!.price}`,
      `NOT-A-PART-123,10`,
      `${c!.id},-4`,
      '',
    ].join('\r\n');
    const res = await csvUpload(service, 'prices', csv, true).expect(200);
    const report = res.body as ImportReport;
    expect(report).toMatchObject({
      kind: 'prices',
      dryRun: true,
      rows: 4,
      new: 0,
      unchanged: 1,
      changed: [{ partNumber: a!.id, key: '', before: a!.price, after: a!.price + 1.5 }],
      unknown: [{ line: 4, partNumber: 'NOT-A-PART-123' }],
      errors: [{ line: 5, field: 'price', message: PRICE_BREAK_MESSAGES.price }],
    });
    const [now] = await db().execute<{ price: number }[]>(
      'select price::float8 as price from product where id = ?',
      [a!.id],
    );
    expect(now!.price).toBe(a!.price);
  });

  it('applies a JSON file at once: catalogue and list prices, search, one audit entry, events of 500 rows', async () => {
    const rows = await parts(520, 10);
    const [list] = await db().execute<{ id: string }[]>(
      'select price_list_id as id from site where price_list_id is not null order by id limit 1',
    );
    const body = [
      ...rows.map((p) => ({ partNumber: p.id, price: Math.round((p.price + 2) * 100) / 100 })),
      { partNumber: rows[0]!.id, priceList: list!.id, price: 7.25 },
    ];
    const auditsBefore = await db().execute<{ n: number }[]>(
      "select count(*)::int as n from audit_log where action = 'import.prices'",
    );
    const res = await jsonUpload(service, 'prices', body).expect(200);
    expect(res.body).toMatchObject({ applied: true, rows: 521, unchanged: 0, errors: [] });
    expect(res.body.changed).toHaveLength(521);

    const priced = async () =>
      (
        await db().execute<{ price: number; searched: number }[]>(
          `select p.price::float8 as price, s.price::float8 as searched
           from product p join product_search s on s.product_id = p.id where p.id = ?`,
          [rows[0]!.id],
        )
      )[0];
    // The catalogue has the new price at the commit; search's copy follows from the events (decision 069).
    expect(await priced()).toEqual({ price: body[0]!.price, searched: rows[0]!.price });
    await t.flush();
    expect(await priced()).toEqual({ price: body[0]!.price, searched: body[0]!.price });
    // A redelivery of the import's events writes nothing new.
    await db().execute(
      `update domain_event_delivery d set delivered_at = null, next_attempt_at = now()
       from domain_event e where e.id = d.event_id and d.consumer = 'search' and e.aggregate_type = 'import'`,
    );
    await t.flush();
    expect(await priced()).toEqual({ price: body[0]!.price, searched: body[0]!.price });
    const [listed] = await db().execute<{ price: number }[]>(
      'select price::float8 as price from price_list_item where price_list_id = ? and product_id = ?',
      [list!.id, rows[0]!.id],
    );
    expect(listed!.price).toBe(7.25);

    const audits = await db().execute<{ n: number }[]>(
      "select count(*)::int as n from audit_log where action = 'import.prices'",
    );
    expect(audits[0]!.n).toBe(auditsBefore[0]!.n + 1);
    // 521 changed rows: two events (500, then 21) in one stream, not one per row.
    const events = (await importEvents('price.changed')).slice(-2);
    expect(events.map((e) => [e.seq, e.payload.chunk, e.payload.chunks, e.payload.rows.length])).toEqual([
      [1, 1, 2, 500],
      [2, 2, 2, 21],
    ]);
    expect(new Set(events.map((e) => e.aggregateId)).size).toBe(1);
  });

  it("refuses a price the list's volume prices are not below, on its line", async () => {
    const [part] = await parts(1, 531);
    await jsonUpload(service, 'price-breaks', [
      { partNumber: part!.id, minQuantity: 10, price: part!.price - 1 },
    ]).expect(200);
    const res = await jsonUpload(service, 'prices', [
      { partNumber: part!.id, price: part!.price - 2 },
    ]).expect(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.errors);
    expect(res.body.report.errors).toEqual([
      { line: 1, field: 'price', message: PRICE_BREAK_MESSAGES.notLower },
    ]);
  });
});

describe('price break imports', () => {
  it("replaces a part's breaks with the file's, and names the line of one that is not lower", async () => {
    const [part, other] = await parts(2, 533);
    const res = await jsonUpload(service, 'price-breaks', [
      { partNumber: part!.id, minQuantity: 50, price: part!.price - 2 },
      { partNumber: part!.id, minQuantity: 10, price: part!.price - 1 },
    ]).expect(200);
    expect(res.body.changed).toEqual([
      {
        partNumber: part!.id,
        key: '',
        before: [],
        after: [
          { minQuantity: 10, price: part!.price - 1 },
          { minQuantity: 50, price: part!.price - 2 },
        ],
      },
    ]);
    const breaks = await db().execute<{ q: number }[]>(
      "select min_quantity as q from price_break where price_list_id = '' and product_id = ? order by 1",
      [part!.id],
    );
    expect(breaks.map((b) => b.q)).toEqual([10, 50]);

    const bad = await jsonUpload(service, 'price-breaks', [
      { partNumber: other!.id, minQuantity: 10, price: other!.price - 1 },
      { partNumber: other!.id, minQuantity: 50, price: other!.price },
    ]).expect(400);
    expect(bad.body.report.errors).toEqual([
      { line: 2, field: 'price', message: PRICE_BREAK_MESSAGES.notLower },
    ]);
    const none = await db().execute('select 1 from price_break where product_id = ?', [other!.id]);
    expect(none).toHaveLength(0);
  });
});

describe('a bad file applies nothing', () => {
  it('wrong columns, a NUL byte, too many rows and a negative stock: each refused, each said', async () => {
    const [part] = await parts(1, 536);
    const columns = await csvUpload(service, 'prices', `part,price\n${part!.id},3\n`, false).expect(400);
    expect(columns.body.report.errors).toEqual(
      expect.arrayContaining([
        { line: 1, field: 'partNumber', message: IMPORT_MESSAGES.missingColumn('partNumber') },
        { line: 1, field: 'part', message: IMPORT_MESSAGES.unknownColumn('part') },
      ]),
    );
    const nul = await csvUpload(service, 'prices', `partNumber,price\n${part!.id},3\u0000\n`, false).expect(
      400,
    );
    expect(nul.body.error.message).toBe(IMPORT_MESSAGES.nul);

    const lines = ['partNumber,price', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => `${part!.id},3`)];
    const many = await csvUpload(service, 'prices', lines.join('\n'), true).expect(400);
    expect(many.body.error.message).toBe(IMPORT_MESSAGES.tooManyRows);

    const stock = await csvUpload(
      service,
      'stock',
      `partNumber,warehouseId,onHand\n${part!.id},MOO,12\n${part!.id},RNO,-3\n`,
      false,
    ).expect(400);
    expect(stock.body.report.errors).toEqual([{ line: 3, field: 'onHand', message: STOCK_MESSAGES.onHand }]);
    const [price] = await db().execute<{ price: number }[]>(
      'select price::float8 as price from product where id = ?',
      [part!.id],
    );
    expect(price!.price).toBe(part!.price);
    const counted = await db().execute('select 1 from stock_level where product_id = ? and on_hand = 12', [
      part!.id,
    ]);
    expect(counted).toHaveLength(0);
  });
});

describe('stock imports by a Supplier', () => {
  it("counts its brand's parts only, and may not import prices", async () => {
    const [brand] = await db().execute<{ handle: string; id: string }[]>(
      'select b.handle, b.id from brand b join product p on p.brand_id = b.id group by b.id order by count(*) desc limit 1',
    );
    const supplier = await staff(ROLES.Supplier);
    await db().execute(`update app_user set supplier_brand_handle = ? where role = ?`, [
      brand!.handle,
      ROLES.Supplier,
    ]);
    const [own] = await db().execute<{ id: string }[]>(
      'select id from product where brand_id = ? order by id limit 1',
      [brand!.id],
    );
    const [foreign] = await db().execute<{ id: string }[]>(
      'select id from product where brand_id <> ? order by id limit 1',
      [brand!.id],
    );
    const res = await jsonUpload(supplier, 'stock', [
      { partNumber: own!.id, warehouseId: 'MOO', onHand: 37 },
      { partNumber: foreign!.id, warehouseId: 'MOO', onHand: 5 },
    ]).expect(200);
    expect(res.body).toMatchObject({ applied: true, unknown: [{ line: 2, partNumber: foreign!.id }] });
    const levels = await db().execute<{ id: string; onHand: number }[]>(
      `select product_id as id, on_hand as "onHand" from stock_level where warehouse_id = 'MOO' and product_id in (?, ?)`,
      [own!.id, foreign!.id],
    );
    expect(levels.find((l) => l.id === own!.id)?.onHand).toBe(37);
    expect(levels.find((l) => l.id === foreign!.id)?.onHand).not.toBe(5);
    const [event] = (await importEvents('inventory.changed')).slice(-1);
    expect(event!.payload).toMatchObject({
      brandId: brand!.id,
      rows: [{ productId: own!.id, warehouseId: 'MOO', onHand: 37 }],
    });

    const prices = await jsonUpload(supplier, 'prices', [{ partNumber: own!.id, price: 1 }]).expect(403);
    expect(prices.body.error.code).toBe('FORBIDDEN');
  });
});

/** What a shopper reads of a part: its detail (REST) and the search's answer for a query (ids, names). */
const detail = async (id: string) =>
  (
    await t
      .agent()
      .get(`/api/products/${encodeURIComponent(id)}`)
      .expect(200)
  ).body as {
    name: string;
    description: string;
    minimumPurchaseQuantity: number;
  };
async function searched(query: string): Promise<{ id: string; name: string }[]> {
  const { agent, token } = await t.agentWithCsrf();
  const res = await agent
    .post('/api/search')
    .set('x-csrf-token', token)
    .send({ query, pageSize: 10, includeWithoutPrice: true })
    .expect(200);
  return res.body.results as { id: string; name: string }[];
}

/** A part's master data as the catalogue holds it. */
const product = async (id: string) =>
  (
    await db().execute<
      {
        name: string;
        description: string;
        brand: string;
        category: string;
        minimumPurchaseQuantity: number;
        weightKg: number | null;
        unitOfMeasure: string;
      }[]
    >(
      `select p.name, p.description, b.handle as brand, c.handle as category,
         p.minimum_purchase_quantity as "minimumPurchaseQuantity", p.weight_kg::float8 as "weightKg",
         p.unit_of_measure as "unitOfMeasure"
       from product p join brand b on b.id = p.brand_id join category c on c.id = p.category_id where p.id = ?`,
      [id],
    )
  )[0]!;

/** Parts for the products imports: from the other end of the catalogue than `parts`, sold by the piece, no maximum. */
const masterParts = (n: number, offset: number) =>
  db().execute<{ id: string }[]>(
    'select id from product where max_order_quantity is null and min_transfer = 1 order by id desc limit ? offset ?',
    [n, offset],
  );

describe('product imports', () => {
  it('answers a dry run with one change per column, before → after, and writes nothing', async () => {
    const [a, b] = await masterParts(2, 0);
    const before = await product(a!.id);
    const [other] = await db().execute<{ handle: string }[]>(
      'select b.handle from brand b join product p on p.brand_id = b.id where b.handle <> ? limit 1',
      [before.brand],
    );
    const held = await product(b!.id);
    const quoted = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;
    const csv = [
      'partNumber,name,brand,minimumPurchaseQuantity,weightKg',
      `${a!.id},"Zorbulite clamp, 40 series",${other!.handle},${before.minimumPurchaseQuantity},`,
      [b!.id, held.name, held.brand, held.minimumPurchaseQuantity, held.weightKg].map(quoted).join(','),
      `NOT-A-PART-456,Anything,${other!.handle},1,2.5`,
      '',
    ].join('\r\n');
    const res = await csvUpload(service, 'products', csv, true).expect(200);
    const report = res.body as ImportReport;
    expect(report).toMatchObject({
      kind: 'products',
      dryRun: true,
      rows: 3,
      new: 0,
      unchanged: 1,
      unknown: [{ line: 4, partNumber: 'NOT-A-PART-456' }],
      errors: [],
    });
    // The unchanged minimum is not listed; an empty weight clears one the part had.
    expect(report.changed).toEqual(
      expect.arrayContaining([
        { partNumber: a!.id, key: 'name', before: before.name, after: 'Zorbulite clamp, 40 series' },
        { partNumber: a!.id, key: 'brand', before: before.brand, after: other!.handle },
      ]),
    );
    expect(report.changed.filter((c) => c.key === 'minimumPurchaseQuantity')).toEqual([]);
    expect(report.changed.filter((c) => c.key === 'weightKg')).toEqual(
      before.weightKg === null
        ? []
        : [{ partNumber: a!.id, key: 'weightKg', before: before.weightKg, after: null }],
    );
    expect(await product(a!.id)).toEqual(before);
    expect((await detail(a!.id)).name).toBe(before.name);
  });

  it('applies at once: the shop reads the new name and description in search and on the product page', async () => {
    const rows = await masterParts(3, 10);
    // The search answer is asked (and cached) before the import: after it, the new name must show all the same.
    expect(await searched('Quembrite')).toEqual([]);
    const names = rows.map((_, i) => `Quembrite linear guide ${i + 1}`);
    const auditsBefore = await db().execute<{ n: number }[]>(
      "select count(*)::int as n from audit_log where action = 'import.products'",
    );
    const res = await jsonUpload(
      service,
      'products',
      rows.map((p, i) => ({
        partNumber: p.id,
        name: names[i],
        description: `Hardened rail ${i + 1}, for the Quembrite carriage.`,
        minimumPurchaseQuantity: 5,
      })),
    );
    expect(res.body).toMatchObject({ applied: true, rows: 3, unchanged: 0, errors: [] });

    const page = await detail(rows[0]!.id);
    expect(page).toMatchObject({
      name: names[0],
      description: 'Hardened rail 1, for the Quembrite carriage.',
      minimumPurchaseQuantity: 5,
    });
    // Search shows the new names once the import's events are consumed, a moment after the commit.
    await t.flush();
    const found = await searched('Quembrite');
    expect(found.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(found.find((r) => r.id === rows[0]!.id)?.name).toBe(names[0]);

    const audits = await db().execute<{ n: number }[]>(
      "select count(*)::int as n from audit_log where action = 'import.products'",
    );
    expect(audits[0]!.n).toBe(auditsBefore[0]!.n + 1);
    // One product.changed per brand of the import (at most IMPORT_EVENT_ROWS rows each), each row a part's changes.
    const events = await db().execute<
      { payload: { brandId: string; rows: { productId: string; changes: Record<string, unknown> }[] } }[]
    >(
      `select payload from domain_event where type = 'product.changed' and aggregate_type = 'import'
         and aggregate_id = (select target_id from audit_log where action = 'import.products'
                             order by created_at desc limit 1)`,
    );
    const told = events.flatMap((e) => e.payload.rows);
    expect(told.map((r) => r.productId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(told.find((r) => r.productId === rows[0]!.id)?.changes).toMatchObject({
      name: names[0],
      minimumPurchaseQuantity: 5,
    });
    expect(events.every((e) => e.payload.rows.length <= IMPORT_EVENT_ROWS)).toBe(true);
    expect(new Set(events.map((e) => e.payload.brandId)).size).toBe(events.length);
  });

  it('refuses a bad file on its lines: unknown brand or category, too long a name, a bad minimum; nothing applied', async () => {
    const [a, b, c, d] = await masterParts(4, 20);
    await db().execute('update product set max_order_quantity = 5 where id = ?', [d!.id]);
    const before = await Promise.all([a, b, c, d].map((p) => product(p!.id)));
    const res = await jsonUpload(service, 'products', [
      { partNumber: a!.id, name: 'A fine new name', brand: 'no-such-brand' },
      { partNumber: b!.id, name: 'x'.repeat(201), category: 'no/such/category' },
      { partNumber: c!.id, minimumPurchaseQuantity: 0, unitOfMeasure: '' },
      { partNumber: d!.id, minimumPurchaseQuantity: 10 },
    ]).expect(400);
    expect(res.body.error.message).toBe(IMPORT_MESSAGES.errors);
    expect(res.body.report.errors).toEqual(
      expect.arrayContaining([
        { line: 1, field: 'brand', message: IMPORT_MESSAGES.brand },
        { line: 2, field: 'name', message: IMPORT_MESSAGES.name },
        { line: 3, field: 'minimumPurchaseQuantity', message: MINIMUM_PURCHASE_QUANTITY_MESSAGE },
        { line: 3, field: 'unitOfMeasure', message: IMPORT_MESSAGES.unitOfMeasure },
        { line: 4, field: 'minimumPurchaseQuantity', message: IMPORT_MESSAGES.minimumOverMaximum(5) },
      ]),
    );
    // Line 2's category is checked once its name passes: the category alone is refused by name too.
    const category = await jsonUpload(service, 'products', [
      { partNumber: b!.id, category: 'no/such/category' },
    ]).expect(400);
    expect(category.body.report.errors).toEqual([
      { line: 1, field: 'category', message: IMPORT_MESSAGES.category },
    ]);
    // A cell holding a list or an object is refused by its key, on its line (it was a 500).
    const nested = await jsonUpload(service, 'products', [
      { partNumber: a!.id, name: { en: 'A name' } },
      { partNumber: b!.id, description: ['one', 'two'], name: 'A fine new name' },
    ]).expect(400);
    expect(nested.body.report.errors).toEqual([
      { line: 1, field: 'name', message: IMPORT_MESSAGES.notValue },
      { line: 2, field: 'description', message: IMPORT_MESSAGES.notValue },
    ]);
    expect(await Promise.all([a, b, c, d].map((p) => product(p!.id)))).toEqual(before);
  });

  it('is refused to a Supplier, signed in or through a supplier:products key', async () => {
    const [part] = await masterParts(1, 30);
    const supplier = await staff(ROLES.Supplier);
    const session = await jsonUpload(supplier, 'products', [
      { partNumber: part!.id, name: 'Mine now' },
    ]).expect(403);
    expect(session.body.error.code).toBe('FORBIDDEN');

    const [user] = await db().execute<{ id: string }[]>(
      'select id from app_user where role = ? order by created_at desc limit 1',
      [ROLES.Supplier],
    );
    const [admin] = await db().execute<{ id: string }[]>('select id from app_user where role = ? limit 1', [
      ROLES.Service,
    ]);
    const { key } = await createApiKey(servicesDb(t.orm), {
      userId: user!.id,
      name: 'ERP',
      scopes: ['supplier:products'],
      createdBy: admin!.id,
    });
    const token = (await t.agent().post('/api/auth/token').send({ apiKey: key }).expect(200)).body
      .accessToken;
    const keyed = await t
      .agent()
      .post('/api/imports/products')
      .set('authorization', `Bearer ${token}`)
      .send([{ partNumber: part!.id, name: 'Mine now' }])
      .expect(403);
    expect(keyed.body.error.code).toBe('FORBIDDEN');
    expect((await product(part!.id)).name).not.toBe('Mine now');
  });
});
