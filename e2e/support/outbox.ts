import { withDb } from './db';

/**
 * Reads the store's e-mail outbox in the embedded PostgreSQL the browser specs start (playwright.config.ts),
 * as a shopper would read their inbox.
 */
export async function lastEmailTo(to: string): Promise<string> {
  const { rows } = await withDb((db) =>
    db.query<{ text_body: string }>(
      'select text_body from email_outbox where to_address = $1 order by created_at desc limit 1',
      [to],
    ),
  );
  if (!rows[0]) throw new Error(`no e-mail to ${to} in the outbox`);
  return rows[0].text_body;
}

/** The first link to this store in an e-mail, as a path the browser can open. */
export function linkIn(text: string): string {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  if (!url) throw new Error('no link in the e-mail');
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
