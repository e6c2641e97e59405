import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { prepared } from '../src/db/prepared';
import { currentTransaction, transactionBound } from '../src/db/transactions';
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

describe('transactions travel with the work (issue 29, item 1)', () => {
  it('runs every statement inside `transactional` in the transaction, given `trx` or not; nested calls join it', async () => {
    const db = transactionBound(t.orm.em.getConnection());
    await db.execute('drop table if exists tx_probe_real');
    await db.execute('create table tx_probe_real (n int)');
    const seen = await db.transactional(async () => {
      await db.execute('insert into tx_probe_real values (1)');
      const plain = await db.execute<{ n: number }[]>('select count(*)::int as n from tx_probe_real');
      const statement = await prepared<{ n: number }>('select count(*)::int as n from tx_probe_real').all(
        db,
        [],
      );
      // A nested transaction joins this one: its failure is this one's.
      const nested = await db.transactional(async (trx) => trx === currentTransaction());
      return { plain: plain[0]!.n, prepared: statement[0]!.n, nested };
    });
    expect(seen).toEqual({ plain: 1, prepared: 1, nested: true });

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
    expect(currentTransaction()).toBeUndefined();
    await expect(later()).resolves.toEqual([{ one: 1 }]);

    // The raw connection (the payment processor's) never joins: its rows do not roll back with ours.
    const raw = t.orm.em.getConnection();
    await expect(
      db.transactional(async () => {
        await raw.execute('insert into tx_probe_real values (3)');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [kept] = await raw.execute<{ n: number }[]>(
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
