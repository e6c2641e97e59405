import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROLES } from '../../domain/roles';
import { ORDER_STATUS_CODE } from '../../domain/order-status';
import { subscribeToOrderStatus } from '../src/modules/order/order-status';
import type { OrderView } from '../src/modules/order/order.service';
import { cardOrder, eventsOf, FIXTURE_PASSWORD, orderEditInput, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/*
 * The one seam for status changes (decision 067): one writer of an order's status and history, and the
 * subscribers that follow a change inside its transaction.
 */

let t: TestApp;
let products: { id: string }[];
let staff: Client;
let staffEmail: string;
const db = () => t.orm.em.getConnection();

const UPDATE = `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
  updateOrder(id: $id, version: $version, input: $input) { status version } }`;

beforeAll(async () => {
  t = await createTestApp();
  products = await plainProducts(t, 1);
  staffEmail = `seam.staff.${randomUUID()}@plant.example`;
  await t.createUser({ email: staffEmail, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
  staff = await t.client();
  await staff.signIn(staffEmail, FIXTURE_PASSWORD);
});
afterAll(async () => t.close());

const history = (orderId: string) =>
  db().execute<{ from: number | null; to: number | null; note: string }[]>(
    `select from_status as "from", to_status as "to", note from order_event where order_id = ? order by id`,
    [orderId],
  );

const held = (orderId: string) =>
  db().execute<{ status: string; n: number }[]>(
    `select status, sum(quantity)::int as n from stock_reservation where order_id = ? group by status order by status`,
    [orderId],
  );

const edit = (order: OrderView, status: number) =>
  staff.gql<{ updateOrder: { status: number; version: number } }>(UPDATE, {
    id: order.id,
    version: order.version,
    input: orderEditInput(order, { status }),
  });

describe('one writer of order status and history', () => {
  it('no statement outside order-status.ts writes an order status or a history row', () => {
    const root = path.join(__dirname, '../src');
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
      });
    // `set … status =` (or a sub-status: payment_status, return_status, …) of customer_order before any `where`
    // (a status in a where clause is only read), a new order's status columns, or a history row.
    const writesStatus =
      /update\s+customer_order\b(?:\s+\w+)?\s+set\b(?:(?!\bwhere\b)[^;`])*?[\s,_]status\s*=/i;
    const insertsStatus = /insert\s+into\s+customer_order\s*\([^)]*[\s,(_]status\b/i;
    const writesHistory = /insert\s+into\s+order_event\b/i;
    const writers = files(root)
      .filter((f) => {
        const text = fs.readFileSync(f, 'utf8');
        return writesStatus.test(text) || insertsStatus.test(text) || writesHistory.test(text);
      })
      .map((f) => path.relative(root, f));
    expect(writers).toEqual([path.join('modules', 'order', 'order-status.ts')]);
    // The rule sees what it is meant to see.
    expect(writesStatus.test('update customer_order o set total = 1, status = 3 where id = ?')).toBe(true);
    expect(writesStatus.test("update customer_order set payment_status = 'PAID' where id = ?")).toBe(true);
    expect(writesStatus.test('update customer_order set payment_intent_id = ? where status = ?')).toBe(false);
    expect(insertsStatus.test('insert into customer_order (order_number, site, status) select 1')).toBe(true);
    expect(insertsStatus.test('insert into customer_order (order_number, site) select 1')).toBe(false);
  });

  it('placing and paying write one history row per change: Open, then Payment Received', async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    expect(order.status).toBe(ORDER_STATUS_CODE.Authorized);
    expect(await history(order.id)).toEqual([
      { from: null, to: ORDER_STATUS_CODE.Open, note: 'Order placed' },
      {
        from: ORDER_STATUS_CODE.Open,
        to: ORDER_STATUS_CODE.Authorized,
        note: expect.stringMatching(/^Card /),
      },
    ]);
  });

  it('a cancellation in the console writes one history row, gives the stock back once and e-mails the buyer once', async () => {
    const { order, email } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 2 }]);
    expect(await held(order.id)).toEqual([{ status: 'reserved', n: 2 }]);
    const [before] = await db().execute<{ reserved: number }[]>(
      'select sum(reserved)::int as reserved from stock_level where product_id = ?',
      [products[0]!.id],
    );
    const res = await edit(order, ORDER_STATUS_CODE.OrderCancelled);
    expect(res.errors).toBeUndefined();
    // One version for the edit and its status change together, as before the seam.
    expect(res.data!.updateOrder).toEqual({
      status: ORDER_STATUS_CODE.OrderCancelled,
      version: order.version + 1,
    });
    expect((await history(order.id)).slice(2)).toEqual([
      {
        from: ORDER_STATUS_CODE.Authorized,
        to: ORDER_STATUS_CODE.OrderCancelled,
        note: 'Changed in the admin console',
      },
    ]);
    expect(await held(order.id)).toEqual([{ status: 'released', n: 2 }]);
    const [after] = await db().execute<{ reserved: number }[]>(
      'select sum(reserved)::int as reserved from stock_level where product_id = ?',
      [products[0]!.id],
    );
    expect(after!.reserved).toBe(before!.reserved - 2);
    const [mails] = await db().execute<{ n: number }[]>(
      `select count(*)::int as n from email_outbox where to_address = ? and kind = 'order-cancelled'`,
      [email],
    );
    expect(mails!.n).toBe(1);
  });

  it('a subscriber that fails rolls the whole change back: status, history, version and the edit', async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const seen: { from: number | null; to: number; version: number; paid: boolean }[] = [];
    const unsubscribe = subscribeToOrderStatus(async (_deps, change) => {
      if (change.orderId !== order.id) return;
      seen.push({ from: change.from, to: change.to, version: change.version, paid: change.paid });
      throw new Error('subscriber failed');
    });
    try {
      const res = await edit(order, ORDER_STATUS_CODE.Processing);
      expect(res.errors?.[0]?.extensions?.code).toBe('INTERNAL');
    } finally {
      unsubscribe();
    }
    // It ran once, inside the change, and saw the order's new version.
    expect(seen).toEqual([
      {
        from: ORDER_STATUS_CODE.Authorized,
        to: ORDER_STATUS_CODE.Processing,
        version: order.version + 1,
        paid: false,
      },
    ]);
    const [row] = await db().execute<{ status: number; version: number }[]>(
      'select status, version from customer_order where id = ?',
      [order.id],
    );
    expect(row).toEqual({ status: ORDER_STATUS_CODE.Authorized, version: order.version });
    expect(await history(order.id)).toHaveLength(2);
    expect(await held(order.id)).toEqual([{ status: 'reserved', n: 1 }]);
    // Without it, the same edit goes through.
    expect((await edit(order, ORDER_STATUS_CODE.Processing)).data!.updateOrder.status).toBe(
      ORDER_STATUS_CODE.Processing,
    );
    expect(await history(order.id)).toHaveLength(3);
  });
});

describe('order events, written with each status change (decision 065)', () => {
  const summary = async (orderId: string) =>
    (await eventsOf(t, 'order', orderId)).map((e) => ({
      type: e.type,
      seq: e.seq,
      version: e.version,
      from: (e.payload as { from: number | null }).from,
      to: (e.payload as { to: number }).to,
    }));

  it('placing and paying by card: order.placed, two status changes and order.paid, in order', async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const { Open, Authorized } = ORDER_STATUS_CODE;
    expect(await summary(order.id)).toEqual([
      { type: 'order.placed', seq: 1, version: 1, from: null, to: Open },
      { type: 'order.status_changed', seq: 2, version: 1, from: null, to: Open },
      { type: 'order.status_changed', seq: 3, version: order.version, from: Open, to: Authorized },
      { type: 'order.paid', seq: 4, version: order.version, from: Open, to: Authorized },
    ]);
    const [changed] = (await eventsOf(t, 'order', order.id)).slice(2);
    expect(changed!.payload).toEqual({
      orderId: order.id,
      from: Open,
      fromLabel: 'Open',
      to: Authorized,
      toLabel: 'Payment Received',
      actor: changed!.actorId,
      // The order as committed with the change, for the ERP (decision 071; server/test/erp-export.spec.ts).
      salesOrder: expect.objectContaining({
        schema: 1,
        orderNumber: String(order.orderNumber),
        status: Authorized,
        totals: expect.objectContaining({ total: order.total }),
      }),
    });
  });

  it('a console cancellation: order.status_changed and order.cancelled by the staff member; none for a failed change', async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const before = (await eventsOf(t, 'order', order.id)).length;
    const unsubscribe = subscribeToOrderStatus(async (_deps, change) => {
      if (change.orderId === order.id && change.to === ORDER_STATUS_CODE.Processing)
        throw new Error('refused');
    });
    try {
      expect((await edit(order, ORDER_STATUS_CODE.Processing)).errors?.[0]?.extensions?.code).toBe(
        'INTERNAL',
      );
    } finally {
      unsubscribe();
    }
    // The rolled-back change left no event.
    expect(await eventsOf(t, 'order', order.id)).toHaveLength(before);
    expect((await edit(order, ORDER_STATUS_CODE.OrderCancelled)).errors).toBeUndefined();
    const added = (await eventsOf(t, 'order', order.id)).slice(before);
    const [staffId] = await db().execute<{ id: string }[]>('select id from app_user where email = ?', [
      staffEmail,
    ]);
    expect(added.map((e) => [e.type, e.seq, e.version, e.actorId])).toEqual([
      ['order.status_changed', before + 1, order.version + 1, staffId!.id],
      ['order.cancelled', before + 2, order.version + 1, staffId!.id],
    ]);
  });
});
