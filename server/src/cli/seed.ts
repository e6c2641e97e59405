/**
 * Replaces the catalogue with the deterministic demo catalogue, and its demo orders.
 *   npm run seed -- --products 5000 [--orders 400] [--seed 1]
 * Uses DATABASE_URL, else the embedded PostgreSQL in DATA_DIR (stop a running `npm start` first).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/connect';
import { createLogger } from '../logger';
import { SEED_TRUNCATES } from '../config/manifests';
import { seedCatalog } from './demo-catalog';
import { insertDemoOrders, ensureDemoBuyers, ensureDemoCompanies } from '../modules/order';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      orders: { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
    strict: true,
  });
  const config = loadConfig();
  const products = values.products === undefined ? config.seedProducts : Number(values.products);
  const orders = values.orders === undefined ? config.seedOrders : Number(values.orders);
  const seed = Number(values.seed);
  if (!Number.isInteger(products) || products < 0 || products > 2_000_000 || !Number.isInteger(seed)) {
    throw new ConfigError('--products must be a whole number from 0 to 2000000 and --seed a whole number');
  }
  if (!Number.isInteger(orders) || orders < 0 || orders > 1_000_000) {
    throw new ConfigError('--orders must be a whole number from 0 to 1000000');
  }
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'info');
  const db = await openDatabase(config, log, { poolMax: 10 });
  const { orm } = db;
  try {
    const result = await seedCatalog(orm, SEED_TRUNCATES, products, seed);
    const placed = products > 0 ? await insertDemoOrders(orm, orders, { seed }) : 0;
    if (placed) {
      const mode = { production: config.nodeEnv === 'production' };
      await ensureDemoBuyers(orm, mode);
      await ensureDemoCompanies(orm, mode);
    }
    console.log(
      `Seeded ${result.products} products, ${result.categories} categories, ${result.brands} brands and ${placed} demo orders in ${(result.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
