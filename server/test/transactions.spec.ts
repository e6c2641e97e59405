import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { prepared } from '../src/db/prepared';
import { detachedDb, inTransaction, servicesDb, type Db } from '../src/db/db';
import { cardOrder, FIXTURE_PASSWORD, orderEditInput, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
let products: { id: string; price: number }[];
let staff: Client;

beforeAll(async () => {
  t = await createTestApp();
  products = await plainProducts(t, 1);
  const email = `cs.${randomUUID()}@axisline.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD, role: ROLES.CustomerService });
  staff = await t.client();
  await staff.signIn(email, FIXTURE_PASSWORD);
});
afterAll(async () => t.close());

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/**
 * The most pooled connections `work` holds at once. A statement that leaves its transaction takes a second
 * connection while the transaction holds the first: with a busy pool, every request then waits for the others.
 */
async function connectionsHeld(work: () => Promise<unknown>): Promise<number> {
  const client = t.orm.em.getConnection().getKnex().client as PoolClient;
  const { acquireConnection, releaseConnection } = client;
  let held = 0;
  let most = 0;
  client.acquireConnection = async () => {
    const connection = await acquireConnection.call(client);
    most = Math.max(most, ++held);
    return connection;
  };
  client.releaseConnection = async (connection) => {
    held--;
    return releaseConnection.call(client, connection);
  };
  try {
    await work();
  } finally {
    client.acquireConnection = acquireConnection;
    client.releaseConnection = releaseConnection;
  }
  return most;
}

/** The backend (PostgreSQL session) a statement on `db` runs on, and the transaction it is in. */
async function where(db: Db): Promise<{ pid: number; xid: string }> {
  const [row] = await db.execute<{ pid: number; xid: string }[]>(
    'select pg_backend_pid() as pid, txid_current()::text as xid',
  );
  return row!;
}

describe('transactions travel with the work (issue 29 item 1, issue 53 item 1)', () => {
  it('runs every statement inside `transactional` in the transaction, with no transaction named; nested calls join it', async () => {
    const db = servicesDb(t.orm);
    await db.execute('drop table if exists tx_probe_real');
    await db.execute('create table tx_probe_real (n int)');
    const seen = await db.transactional(async () => {
      await db.execute('insert into tx_probe_real values (1)');
      const plain = await db.execute<{ n: number }[]>('select count(*)::int as n from tx_probe_real');
      const statement = await prepared<{ n: number }>('select count(*)::int as n from tx_probe_real').all(
        db,
        [],
      );
      // A nested transaction joins this one (same backend, same transaction id), and so does another services'
      // connection made elsewhere (a helper's, a job's): its failure is this one's.
      const outer = await where(db);
      const nested = await db.transactional(() => where(db));
      const elsewhere = await where(servicesDb(t.orm));
      const [{ pid } = { pid: 0 }] = await prepared<{ pid: number }>('select pg_backend_pid() as pid').all(
        db,
        [],
      );
      return {
        plain: plain[0]!.n,
        prepared: statement[0]!.n,
        nested: nested.pid === outer.pid && nested.xid === outer.xid,
        elsewhere: elsewhere.pid === outer.pid && elsewhere.xid === outer.xid,
        preparedJoins: pid === outer.pid,
        inTransaction: inTransaction(),
      };
    });
    expect(seen).toEqual({
      plain: 1,
      prepared: 1,
      nested: true,
      elsewhere: true,
      preparedJoins: true,
      inTransaction: true,
    });
    expect(inTransaction()).toBe(false);

    await expect(
      db.transactional(async () => {
        await db.execute('insert into tx_probe_real values (2)');
        await db.transactional(async () => {
          throw new Error('refused');
        });
      }),
    ).rejects.toThrow('refused');
    const [after] = await db.execute<{ n: number }[]>('select count(*)::int as n from tx_probe_real');
    expect(after!.n).toBe(1);

    // Work started inside and run after the commit uses the pool again (no "transaction closed" error).
    const later = await db.transactional(async () => () => db.execute('select 1 as one'));
    expect(inTransaction()).toBe(false);
    await expect(later()).resolves.toEqual([{ one: 1 }]);

    // A detached connection (the payment processor's) never joins: its rows do not roll back with ours, and its
    // own transaction is its own (another backend).
    const detached = detachedDb(t.orm);
    await expect(
      db.transactional(async () => {
        const ours = await where(db);
        await detached.execute('insert into tx_probe_real values (3)');
        const theirs = await detached.transactional(() => where(detached));
        expect(theirs.xid).not.toBe(ours.xid);
        expect(theirs.pid).not.toBe(ours.pid);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [kept] = await detached.execute<{ n: number }[]>(
      'select count(*)::int as n from tx_probe_real where n = 3',
    );
    expect(kept!.n).toBe(1);
    await db.execute('drop table tx_probe_real');
  });

  it('saves an order edit on one connection: the order is read under the lock the transaction holds (order-admin.service.ts)', async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 2 }]);
    const held = await connectionsHeld(async () => {
      const res = await staff.gql<{ updateOrder: { version: number } }>(
        `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
           updateOrder(id: $id, version: $version, input: $input) { version } }`,
        {
          id: order.id,
          version: order.version,
          input: orderEditInput(order, { status: 1, erpOrderId: 'ERP-1' }),
        },
      );
      expect(res.data?.updateOrder.version).toBe(order.version + 1);
    });
    expect(held).toBe(1);
  });

  it('cancels an order in the console on one connection of ours: only the processor, which never joins, takes another', async () => {
    const { order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 1 }]);
    const held = await connectionsHeld(async () => {
      const res = await staff.gql<{ updateOrder: { version: number; status: number } }>(
        `mutation($id: ID!, $version: Int!, $input: AdminOrderInput!) {
           updateOrder(id: $id, version: $version, input: $input) { version status } }`,
        { id: order.id, version: order.version, input: orderEditInput(order, { status: 16 }) },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.updateOrder.status).toBe(16);
    });
    // The transaction's connection, and the payment processor's own while it releases the card (its records commit
    // on their own); a statement leaving the transaction would make it three.
    expect(held).toBe(2);
    const [row] = await servicesDb(t.orm).execute<{ status: number; events: number }[]>(
      `select o.status, (select count(*)::int from order_event e where e.order_id = o.id and e.to_status = 16) as events
       from customer_order o where o.id = ?`,
      [order.id],
    );
    expect(row).toEqual({ status: 16, events: 1 });
  });

  it('decides a return on one connection, reading the order as the decision left it (returns.service.ts)', async () => {
    const { c, order } = await cardOrder(t, [{ itemId: products[0]!.id, qty: 2 }]);
    await t.orm.em.getConnection().execute(
      `update customer_order set status = 4, shipment_status = 'SHIPPED', delivery_status = 'DELIVERED',
           delivered_at = now() - interval '1 day' where id = ?`,
      [order.id],
    );
    const requested = await c
      .send('post', '/api/returns', {
        orderId: order.id,
        reason: 'DEFECTIVE_PRODUCT',
        items: [{ id: order.lines[0]!.id, quantity: 1 }],
      })
      .expect(201);
    const held = await connectionsHeld(() =>
      staff
        .send('post', `/api/admin/returns/${requested.body.id}/decision`, { decision: 'RETURN_ACCEPTED' })
        .expect(200),
    );
    expect(held).toBe(1);
  });
});
