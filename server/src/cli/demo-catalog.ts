/**
 * The demo catalogue, wiring rather than the catalogue's own code (issue 53): it refuses a database with real orders
 * (the order module's demo scope), fills other modules' tables (price lists, price breaks, stock) and rebuilds the
 * search index, so it lives here with the other seeds, where modules may be combined. main.ts, cli/seed.ts, the test
 * template and the benches load it.
 */
import { servicesDb } from '../db/db';
import {
  seedTranslations,
  catalogBrands,
  catalogCategories,
  customWorkProduct,
  generateProducts,
  type ProductSeed,
} from '../modules/catalog';
import { DEMO_ORDER_SCOPE } from '../modules/order';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { unspscOfCategory } from '../../../domain/punchout';
import { refreshSearchIndex } from '../modules/search';

export interface SeedResult {
  brands: number;
  categories: number;
  products: number;
  ms: number;
}

const BATCH = 2000;

/**
 * Loads the deterministic demo catalogue in one transaction: the existing catalogue is replaced, so a failed
 * run leaves the previous one intact. Rows go in as JSON batches (`jsonb_to_recordset`), a few statements per
 * thousand products, so a million-product benchmark catalogue loads in minutes. `truncate` is every module's
 * tables that name products (their manifests' `seedTruncates`: SEED_TRUNCATES, config/manifests.ts).
 */
export async function seedCatalog(
  orm: MikroORM,
  truncate: readonly string[],
  productCount: number,
  seed = 1,
): Promise<SeedResult> {
  const started = Date.now();
  const brands = catalogBrands();
  const categories = catalogCategories();
  const brandIds = new Map(brands.map((b) => [b.handle, randomUUID()]));
  const categoryIds = new Map(categories.map((c) => [c.handle, randomUUID()]));
  let products = 0;

  const db = servicesDb(orm);
  await db.transactional(async () => {
    const run = (sql: string, rows: unknown[]) => db.execute(sql, [JSON.stringify(rows)], 'run');
    const [ordered] = await db.execute<{ any: boolean }[]>(
      'select exists (select 1 from customer_order where idempotency_scope <> ?) or exists (select 1 from quote) as any',
      [DEMO_ORDER_SCOPE],
      'all',
    );
    if (ordered?.any) {
      throw new Error(
        'This database has real orders or quotes, and they keep their products: seed a new database instead.',
      );
    }
    // Carts, saved lists and price lists name products: a new demo catalogue starts them afresh (orders are demo ones).
    await db.execute(`truncate ${truncate.join(', ')}`, [], 'run');
    await run(
      `insert into brand (id, handle, name)
       select id, handle, name from jsonb_to_recordset(?::jsonb) as r(id uuid, handle text, name text)`,
      brands.map((b) => ({ id: brandIds.get(b.handle), handle: b.handle, name: b.name })),
    );
    await run(
      `insert into category (id, handle, name, subtitle, image, position, parent_id, unspsc)
       select id, handle, name, subtitle, image, position, parent_id, unspsc
       from jsonb_to_recordset(?::jsonb)
         as r(id uuid, handle text, name text, subtitle text, image text, position int, parent_id uuid, unspsc text)`,
      categories.map((c) => ({
        id: categoryIds.get(c.handle),
        handle: c.handle,
        name: c.name,
        subtitle: c.subtitle,
        image: c.image,
        position: c.position,
        parent_id: c.parentHandle ? required(categoryIds, c.parentHandle, 'category') : null,
        unspsc: unspscOfCategory(c.handle),
      })),
    );

    let batch: ProductSeed[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await run(
        `insert into product (id, name, description, brand_id, category_id, price, base_price, market_price,
           manufacturer_part_number, minimum_purchase_quantity, min_transfer, unit_of_measure, in_stock,
           allowed_states, images, cad_files, display_kind, measure_kind, attributes, weight_kg, sites, popularity)
         select id, name, description, brand_id, category_id, price, base_price, market_price,
           manufacturer_part_number, minimum_purchase_quantity, min_transfer, unit_of_measure, in_stock,
           allowed_states, images, cad_files, display_kind, measure_kind, attributes, weight_kg, sites, popularity
         from jsonb_to_recordset(?::jsonb) as r(id text, name text, description text, brand_id uuid,
           category_id uuid, price numeric, base_price numeric, market_price numeric, manufacturer_part_number text,
           minimum_purchase_quantity int, min_transfer int, unit_of_measure text, in_stock boolean,
           allowed_states text[], images text[], cad_files jsonb, display_kind text, measure_kind text,
           attributes jsonb, weight_kg numeric, sites text[], popularity int)`,
        batch.map((p) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          brand_id: required(brandIds, p.brandHandle, 'brand'),
          category_id: required(categoryIds, p.categoryHandle, 'category'),
          price: p.price,
          base_price: p.basePrice,
          market_price: p.marketPrice,
          manufacturer_part_number: p.manufacturerPartNumber,
          minimum_purchase_quantity: p.minimumPurchaseQuantity,
          min_transfer: p.minTransfer,
          unit_of_measure: p.unitOfMeasure,
          in_stock: p.inStock,
          allowed_states: p.allowedStates,
          images: p.images,
          cad_files: p.cadFiles,
          display_kind: p.displayKind,
          measure_kind: p.measureKind,
          attributes: p.attributes,
          weight_kg: p.weightKg,
          sites: p.sites,
          popularity: p.popularity,
        })),
      );
      const options = batch.flatMap((p) =>
        p.configurationOptions.map((o) => ({
          id: randomUUID(),
          product_id: p.id,
          code: o.code,
          name: o.name,
          kind: o.kind,
          unit: o.unit,
          unit_price: o.unitPrice,
          min_value: o.minValue,
          max_value: o.maxValue,
          step: o.step,
          default_value: o.defaultValue,
          required: o.required,
          position: o.position,
          dimensions: o.dimensions ?? null,
        })),
      );
      if (options.length > 0) {
        await run(
          `insert into product_configuration_option (id, product_id, code, name, kind, unit, unit_price, min_value,
             max_value, step, default_value, required, position, dimensions)
           select id, product_id, code, name, kind, unit, unit_price, min_value, max_value, step, default_value,
             required, position, dimensions
           from jsonb_to_recordset(?::jsonb) as r(id uuid, product_id text, code text, name text, kind text,
             unit text, unit_price numeric, min_value numeric, max_value numeric, step numeric,
             default_value numeric, required boolean, position int, dimensions jsonb)`,
          options,
        );
      }
      // Descriptions translated from the family's templates, revisions included (decision 059).
      const translated = batch.flatMap((p) =>
        p.translatedDescription
          ? [
              { kind: 'description', key: p.id, locale: 'fr-CA', text: p.translatedDescription[0] },
              { kind: 'description', key: p.id, locale: 'es-MX', text: p.translatedDescription[1] },
            ]
          : [],
      );
      if (translated.length > 0) {
        await run(
          `insert into translation (kind, key, locale, text)
           select kind, key, locale, text
           from jsonb_to_recordset(?::jsonb) as r(kind text, key text, locale text, text text)
           on conflict do nothing`,
          translated,
        );
      }
      products += batch.length;
      batch = [];
    };
    for (const product of generateProducts(productCount, seed)) {
      batch.push(product);
      if (batch.length >= BATCH) await flush();
    }
    batch.push(customWorkProduct());
    await flush();
    // Sites selling in their own currency get their own price list: the demo one follows an exchange rate.
    await db.execute(
      `insert into price_list_item (price_list_id, product_id, price, base_price)
       select s.price_list_id, p.id, round(p.price * r.rate, 2), round(p.base_price * r.rate, 2)
       from site s join (values ('cad', ?::numeric)) r(currency, rate) on r.currency = s.currency
       cross join product p
       where s.price_list_id is not null and p.price is not null`,
      [DEMO_CAD_PER_USD],
      'run',
    );
    await seedPriceBreaks((sql) => db.execute(sql, [], 'run'));
    await seedStock((sql) => db.execute(sql, [], 'run'));
    await refreshSearchIndex(db);
  });
  await db.execute('analyze brand, category, product, product_configuration_option, stock_level');
  await seedTranslations(orm);
  return { brands: brands.length, categories: categories.length, products, ms: Date.now() - started };
}

/**
 * Volume price breaks on about three products in ten priced from $1 (decision 048): 5 % off from 10 pieces, 10 %
 * from 50 and, on about half of them, 15 % from 250; packs from 5, 20 and 100 packs. Picked and varied by hashes of the part number, so a seed gives
 * the same tiers every time. Sites' own lists get the same tiers on their own prices.
 */
async function seedPriceBreaks(run: (sql: string) => Promise<unknown>): Promise<void> {
  await run(
    `insert into price_break (price_list_id, product_id, min_quantity, price)
     select '', p.id, case when p.min_transfer > 1 then t.packs else t.pieces end, round(p.price * t.factor, 2)
     from product p
     cross join (values (1, 10, 5, 0.95), (2, 50, 20, 0.90), (3, 250, 100, 0.85)) t(n, pieces, packs, factor)
     where p.price >= 1 and abs(hashtext(p.id)) % 10 < 3 and t.n <= 2 + abs(hashtext(p.id || ':250')) % 2`,
  );
  await run(
    `insert into price_break (price_list_id, product_id, min_quantity, price)
     select pli.price_list_id, b.product_id, b.min_quantity, round(pli.price * b.price / p.price, 2)
     from price_break b
     join product p on p.id = b.product_id
     join price_list_item pli on pli.product_id = b.product_id
     join site s on s.price_list_id = pli.price_list_id
     where b.price_list_id = ''`,
  );
}

/**
 * The demo's stock (decision 050), from hashes of the part number so a seed gives the same every time: a part in
 * stock has 20–499 in Mooresville and, three times in four, 5–204 in Reno; a part out of stock has none, and about
 * one in three of those is not sold on backorder (it offers the back-in-stock notice instead). Makers take 5 to 20
 * business days on backorders.
 */
async function seedStock(run: (sql: string) => Promise<unknown>): Promise<void> {
  await run(
    `insert into stock_level (product_id, warehouse_id, on_hand)
     select p.id, w.id, case
       when not p.in_stock then 0
       when w.id = 'MOO' then 20 + abs(hashtext(p.id || ':MOO')) % 480
       when abs(hashtext(p.id || ':RNO')) % 4 = 0 then 0
       else 5 + abs(hashtext(p.id || ':RNO')) % 200 end
     from product p cross join (values ('MOO'), ('RNO')) w(id)`,
  );
  await run(
    `update product set backorder_allowed = false where not in_stock and abs(hashtext(id || ':bo')) % 3 = 0`,
  );
  await run(`update brand set lead_time_days = 5 + abs(hashtext(handle)) % 16`);
}

/** The demo catalogue's CAD price list is the USD list at this rate. */
export const DEMO_CAD_PER_USD = 1.37;

/** True when the catalogue has no category yet (a fresh database). */
export async function catalogIsEmpty(orm: MikroORM): Promise<boolean> {
  const rows = await orm.em
    .getConnection()
    .execute<{ n: number }[]>('select count(*)::int as n from category');
  return rows[0]?.n === 0;
}

function required(ids: Map<string, string>, handle: string, what: string): string {
  const id = ids.get(handle);
  if (!id) throw new Error(`seed: unknown ${what} handle ${handle}`);
  return id;
}
