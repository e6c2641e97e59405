import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/**
 * A connection to the embedded PostgreSQL the browser specs start (playwright.config.ts), for what happens
 * outside the shop: the shopper's inbox, the carrier's delivery confirmation.
 */
export async function withDb<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const dataDir = path.resolve(process.env.E2E_DATA_DIR || '.data/e2e');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new Client({
    host: '127.0.0.1',
    port: Number(process.env.E2E_EMBEDDED_PG_PORT || 54331),
    user: 'postgres',
    password,
    database: 'axisline',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An administrator gives a user a role (domain/roles.ts code), as the console's user screens will. */
export function setRole(email: string, role: number): Promise<void> {
  return withDb(async (db) => {
    await db.query('update app_user set role = $2 where lower(email) = lower($1)', [email, role]);
  });
}

/** As if an order had been left as it is for `minutes` (its history and its last change moved back). */
export function ageOrder(orderId: string, minutes: number): Promise<void> {
  return withDb(async (db) => {
    await db.query(`update order_event set at = at - make_interval(mins => $2) where order_id = $1`, [
      orderId,
      minutes,
    ]);
    await db.query(
      `update customer_order set updated_at = updated_at - make_interval(mins => $2) where id = $1`,
      [orderId, minutes],
    );
  });
}
