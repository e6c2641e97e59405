/**
 * The first admin (and any later one): makes the account with that e-mail an Admin, creating it when new, and
 * prints a one-time link to choose its password.
 *   npm run admin -- --email you@example.com [--first-name Ada --last-name Lovelace]
 * Uses DATABASE_URL, else the embedded PostgreSQL in DATA_DIR (a running `npm start`'s, or started for the
 * command). PUBLIC_URL sets the link's address (default http://localhost:$PORT).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase, type OpenDatabase } from '../db/connect';
import { servicesDb } from '../db/db';
import { createLogger } from '../logger';
import { grantAdmin } from '../modules/account';
import { ROUTES } from '../../../domain/routes';

async function main() {
  let values: { email?: string; 'first-name'?: string; 'last-name'?: string };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new ConfigError(
      `${(err as Error).message}: run npm run admin -- --email you@example.com [--first-name Ada --last-name Lovelace]`,
    );
  }
  if (!values.email) {
    throw new ConfigError('Which account? Run npm run admin -- --email you@example.com');
  }
  const config = loadConfig();
  const log = createLogger('warn');
  let db: OpenDatabase | undefined;
  try {
    db = await openDatabase(config, log, { poolMax: 2, attach: true });
    const granted = await grantAdmin(
      servicesDb(db.orm),
      { email: values.email, firstName: values['first-name'], lastName: values['last-name'] },
      config.publicUrl,
    );
    console.log(
      [
        `${granted.email} is ${granted.created ? 'a new' : 'now an'} Admin account.`,
        `Choose its password within an hour (the link works once):`,
        `  ${granted.link}`,
        `Then sign in at ${config.publicUrl}${ROUTES.signIn} and open the console at ${config.publicUrl}${ROUTES.admin}.`,
      ].join('\n'),
    );
  } finally {
    await db?.close();
  }
}

main().catch((err) => {
  console.error(
    `admin: ${err instanceof ConfigError ? err.message : `failed: ${err instanceof Error ? err.message : String(err)}`}`,
  );
  process.exit(1);
});
