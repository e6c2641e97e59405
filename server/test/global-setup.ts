import 'reflect-metadata';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env';
import { createDatabase, withDatabase } from '../src/db/admin';
import { startEmbeddedDatabase } from '../src/db/embedded';
import { execFileSync } from 'node:child_process';
import { TEST_ENV } from './env';

/**
 * Once per `npm test`: find a PostgreSQL server (DATABASE_URL's, else an embedded one in .data/test-pg), then
 * build a template database (migrated, small demo catalogue) that each test file clones in milliseconds.
 */
export default async function globalSetup(): Promise<void> {
  const log = { info: () => undefined, warn: (o: object | string, m?: string) => console.warn(m ?? o) };
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedDatabase({
      dataDir: path.join(PROJECT_ROOT, '.data', 'test-pg'),
      port: Number(process.env.TEST_EMBEDDED_PG_PORT || 54330),
      log,
      database: 'postgres',
    });
    (globalThis as Record<string, unknown>).__AXL_EMBEDDED__ = embedded;
    serverUrl = embedded.url;
    console.log('\n[tests] no DATABASE_URL: using an embedded PostgreSQL for the integration tests');
  }
  const prefix = `axl_t${process.pid}`;
  const template = `${prefix}_template`;
  const url = await createDatabase(serverUrl, template);
  execFileSync(
    process.execPath,
    ['-r', '@swc-node/register', path.join(__dirname, 'prepare-template.ts'), url],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, SWC_NODE_PROJECT: path.join(PROJECT_ROOT, 'server/tsconfig.json') },
      stdio: 'inherit',
    },
  );
  process.env[TEST_ENV.serverUrl] = withDatabase(serverUrl, 'postgres');
  process.env[TEST_ENV.prefix] = prefix;
  process.env[TEST_ENV.template] = template;
}
