import { Client } from 'pg';

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  return `"${name}"`;
}

/** Runs `fn` with a client connected to the server's maintenance database (`postgres`). */
export async function withMaintenanceClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates `name` on the server of `url` (optionally as a copy of `template`) and returns its URL. */
export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  await withMaintenanceClient(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await client.query(
      `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`,
    );
  });
  return withDatabase(url, name);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withMaintenanceClient(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
}
