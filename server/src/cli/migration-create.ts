/**
 * Writes a migration for the difference between the entities and a database migrated to the latest migration.
 * Usage: npm run migration:create   (uses DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432)
 * The scratch database is created and dropped here; the new file is appended to migrations/index.ts.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, dropDatabase } from '../db/admin';
import { initOrm, migrate } from '../db/orm';
import { PROJECT_ROOT } from '../config/env';

async function main() {
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `axl_migration_${process.pid}`;
  const url = await createDatabase(server, scratch);
  const orm = await initOrm({ clientUrl: url });
  try {
    await migrate(orm);
    const result = await orm.getMigrator().createMigration(undefined, false, false);
    if (!result.fileName) {
      console.log('No changes: the entities match the migrations.');
      return;
    }
    const className = path.basename(result.fileName, '.ts');
    const index = path.join(PROJECT_ROOT, 'migrations', 'index.ts');
    let source = fs.readFileSync(index, 'utf8');
    source = `import { ${className} } from './${className}';\n` + source;
    source = source.replace(/\];\s*$/, `  { name: '${className}', class: ${className} },\n];\n`);
    fs.writeFileSync(index, source);
    console.log(
      `Wrote migrations/${result.fileName} and listed it in migrations/index.ts: review it before committing.`,
    );
  } finally {
    await orm.close();
    await dropDatabase(server, scratch);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
