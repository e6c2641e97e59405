import { withMaintenanceClient } from '../src/db/admin';
import type { EmbeddedDatabase } from '../src/db/embedded';
import { TEST_ENV } from './env';

/** Drops every database this run created, then stops the embedded server if one was started. */
export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env[TEST_ENV.serverUrl];
  const prefix = process.env[TEST_ENV.prefix];
  if (serverUrl && prefix) {
    await withMaintenanceClient(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
  }
  const embedded = (globalThis as Record<string, unknown>).__AXL_EMBEDDED__ as EmbeddedDatabase | undefined;
  await embedded?.stop();
}
