import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
const PASSWORD = 'Lists-Rail-2020!';
let plain: string[];
let cut: { id: string; cutOption: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.orm.em.getConnection();
  plain = (
    await db.execute<{ id: string }[]>(
      `select id from product p where price is not null and min_transfer <= 1 and minimum_purchase_quantity <= 1
         and not exists (select 1 from product_configuration_option o where o.product_id = p.id) order by id limit 4`,
    )
  ).map((r) => r.id);
  const [c] = await db.execute<{ id: string; cutOption: string }[]>(
    `select p.id, o.id as "cutOption" from product p join product_configuration_option o on o.product_id = p.id
     where p.price is not null and p.id like '%-CUT' and o.code = 'CUT_LENGTH' order by p.id limit 1`,
  );
  cut = c!;
});
afterAll(async () => t.close());

async function buyer(): Promise<Client> {
  const email = `lists.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: PASSWORD });
  const c = await t.client();
  await c.signIn(email, PASSWORD);
  return c;
}

const createList = async (c: Client, name: string) =>
  (
    await c
      .send('post', '/api/product/create-save-list', { name, description: 'Spares for line 3' })
      .expect(201)
  ).body;

const items = async (c: Client, id: string) =>
  (
    await c
      .send('post', '/api/product/get-all-saved-list-items', { id, params: { page: 1, pageSize: 50 } })
      .expect(200)
  ).body;

describe('saved lists', () => {
  it('creates, renames, lists and deletes lists; a name is unique per user', async () => {
    const c = await buyer();
    const list = await createList(c, 'Line 3 spares');
    expect(list).toMatchObject({ name: 'Line 3 spares', description: 'Spares for line 3', itemCount: 0 });
    const dup = await c.send('post', '/api/product/create-save-list', { name: 'line 3 SPARES' }).expect(400);
    expect(dup.body.error.fields[0]).toEqual({
      field: 'name',
      message: 'You already have a list with this name.',
    });
    await c.send('post', '/api/product/edit-saved-list', { id: list.id, name: 'Line 4 spares' }).expect(200);
    const all = (await c.agent.get('/api/product/get-all-saved-lists').expect(200)).body;
    expect(all.map((l: { name: string }) => l.name)).toEqual(['Line 4 spares']);
    await c.send('delete', '/api/product/delete-saved-list', { id: list.id }).expect(200);
    expect((await c.agent.get('/api/product/get-all-saved-lists').expect(200)).body).toEqual([]);
  });

  it('keeps configured items and quantities, priced when read; moves one, then all, to the cart', async () => {
    const c = await buyer();
    const list = await createList(c, 'Frame build');
    await c
      .send('post', '/api/product/add-item-to-save-list', {
        savedListId: list.id,
        items: [
          { itemId: cut.id, qty: 2, configurations: [{ productConfigurationId: cut.cutOption, value: 500 }] },
          { itemId: plain[0], qty: 4 },
        ],
      })
      .expect(200);
    let page = await items(c, list.id);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ id: cut.id, quantity: 2 });
    expect(page.items[0].configurations[0]).toMatchObject({ name: 'Cut Length', value: 500 });
    expect(page.items[0].price).toBeGreaterThan(0);
    await c
      .send('post', '/api/product/update-item-quantity', {
        listId: list.id,
        id: page.items[1].cartLineId,
        quantity: 6,
      })
      .expect(200);

    const cart = await c
      .send('post', '/api/product/move-saved-items-to-cart', {
        savedListId: list.id,
        ids: [page.items[0].cartLineId],
      })
      .expect(200);
    expect(cart.body.orderLines.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [cut.id, 2],
    ]);
    page = await items(c, list.id);
    expect(page.items.map((i: { id: string; quantity: number }) => [i.id, i.quantity])).toEqual([
      [plain[0], 6],
    ]);
    const all = await c
      .send('post', '/api/product/move-saved-items-to-cart', { savedListId: list.id })
      .expect(200);
    expect(all.body.totalQuantity).toBe(8);
    expect((await items(c, list.id)).total).toBe(0);
  });

  it('saves cart lines for later into their own list', async () => {
    const c = await buyer();
    const cart = (
      await c
        .send('post', '/api/user/cart/upsert', {
          items: [
            { itemId: plain[0], qty: 1 },
            { itemId: plain[1], qty: 3 },
          ],
        })
        .expect(200)
    ).body;
    const after = await c
      .send('post', '/api/user/cart/save-for-later', { cartLineIds: [cart.orderLines[1].cartLineId] })
      .expect(200);
    expect(after.body.orderLines.map((l: { id: string }) => l.id)).toEqual([plain[0]]);
    const [list] = (await c.agent.get('/api/product/get-all-saved-lists').expect(200)).body;
    expect(list).toMatchObject({ name: 'Saved for later', itemCount: 1 });
    expect((await items(c, list.id)).items[0]).toMatchObject({ id: plain[1], quantity: 3 });
  });

  it('quick order adds what it understands and reports the other lines by number', async () => {
    const c = await buyer();
    const text = `${plain[0]} 2\n\n${plain[1].toLowerCase()}, 1\nNO-SUCH-PART 3\n${cut.id} 1\n${plain[2]} two`;
    const res = await c.send('post', '/api/product/quick-order', { text }).expect(200);
    expect(res.body.added).toBe(2);
    expect(res.body.problems.map((p: { line: number }) => p.line)).toEqual([4, 5, 6]);
    expect(res.body.problems[0].reason).toBe('Part NO-SUCH-PART is not in the catalogue.');
    expect(res.body.problems[1].reason).toBe(`${cut.id} is made to order: configure it on its product page.`);
    const cart = (await c.agent.get('/api/user/cart').expect(200)).body;
    expect(cart.orderLines.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [plain[0], 2],
      [plain[1], 1],
    ]);
    const blank = await c.send('post', '/api/product/quick-order', { text: '   \n ' }).expect(400);
    expect(blank.body.error.message).toBe('Paste part numbers and quantities, one a line');
  });

  it('quick order adds the lines the cart accepts and reports, by line, the ones it refuses', async () => {
    const db = t.orm.em.getConnection();
    await db.execute('update product set minimum_purchase_quantity = 5 where id = ?', [plain[3]]);
    try {
      const c = await buyer();
      const text = `${plain[0]} 1\n${plain[3]} 2\n${plain[1]} 3`;
      const res = await c.send('post', '/api/product/quick-order', { text }).expect(200);
      expect(res.body.added).toBe(2);
      expect(res.body.problems).toEqual([
        { line: 2, text: `${plain[3]} 2`, reason: `Order at least 5 of ${plain[3]}.` },
      ]);
      const cart = (await c.agent.get('/api/user/cart').expect(200)).body;
      expect(cart.orderLines.map((l: { id: string }) => l.id).sort()).toEqual([plain[0], plain[1]].sort());
    } finally {
      await db.execute('update product set minimum_purchase_quantity = 1 where id = ?', [plain[3]]);
    }
  });

  it("answers 404 for someone else's list and 401 signed out", async () => {
    const owner = await buyer();
    const list = await createList(owner, 'Private');
    const other = await buyer();
    await other.send('post', '/api/product/get-all-saved-list-items', { id: list.id }).expect(404);
    await other.send('delete', '/api/product/delete-saved-list', { id: list.id }).expect(404);
    const anonymous = await t.client();
    await anonymous.agent.get('/api/product/get-all-saved-lists').expect(401);
    expect((await items(owner, list.id)).name).toBe('Private');
  });
});
