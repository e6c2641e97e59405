import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/**
 * Reads the store's e-mail outbox in the embedded PostgreSQL the browser specs start (playwright.config.ts),
 * as a shopper would read their inbox.
 */
export async function lastEmailTo(to: string): Promise<string> {
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
    const { rows } = await client.query<{ text_body: string }>(
      'select text_body from email_outbox where to_address = $1 order by created_at desc limit 1',
      [to],
    );
    if (!rows[0]) throw new Error(`no e-mail to ${to} in the outbox`);
    return rows[0].text_body;
  } finally {
    await client.end();
  }
}

/** The first link to this store in an e-mail, as a path the browser can open. */
export function linkIn(text: string): string {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  if (!url) throw new Error('no link in the e-mail');
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
