/**
 * Run by global-setup in its own process (MikroORM must not be loaded in jest's parent realm: its metadata
 * would leak into the test realm, https://github.com/mikro-orm/mikro-orm/issues/3783):
 * migrates the template database and loads the small demo catalogue.
 */
import 'reflect-metadata';
import { initOrm, migrate } from '../src/db/orm';
import { SEED_TRUNCATES } from '../src/config/manifests';
import { seedCatalog } from '../src/cli/demo-catalog';
import { TEST_CATALOG_SIZE } from './env';

async function main() {
  const orm = await initOrm({ clientUrl: process.argv[2]! });
  try {
    await migrate(orm);
    await seedCatalog(orm, SEED_TRUNCATES, TEST_CATALOG_SIZE);
  } finally {
    await orm.close(true);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
