import { randomUUID } from 'node:crypto';
import type { AnyObject } from 'yup';
import { maxOrderQuantitySchema } from '../../../../domain/cart-line.schema';
import {
  IMPORT_ACCESS,
  IMPORT_COLUMNS,
  IMPORT_EVENT_ROWS,
  IMPORT_MAX_ERRORS,
  IMPORT_MESSAGES,
  type ImportError,
  type ImportKind,
  type ImportReport,
} from '../../../../domain/imports';
import { MAX_PRICE_BREAKS, PRICE_BREAK_MESSAGES, priceBreakProblems } from '../../../../domain/price-breaks';
import { lineMinimum } from '../../../../domain/line-quantity';
import { ROLES } from '../../../../domain/roles';
import type { Ctx } from '../../context';
import { prepared } from '../../db/prepared';
import { recordAudit } from '../audit';
import { assertAccess } from '../auth';
import { publish, type EventType } from '../events';
import { countStockLevels } from '../stock';
import { supplierBrand } from '../supplier';
import { checkRows, type Checked } from './check';
import type { ImportRow } from './parse';

/*
 * Imports with a dry run (decision 069). Each kind reads its rows once, checks each with the console's own rules,
 * compares it with what the store holds (one set-based read), and answers the diff; applied, the same plan is
 * written in the caller's one transaction by one set-based statement per table, audited once, and published as
 * events of at most IMPORT_EVENT_ROWS rows.
 */

/**
 * A statement of an import: its file's worth of JSON is one bound parameter (the ORM would inline megabytes into the
 * statement's text).
 */
const run = <Row = unknown>(ctx: Ctx, sql: string, params: unknown[]) =>
  prepared<Row>(sql).all(ctx.db, params);

/** A change the plan will write: the report's entry (the part, its key, before and after) and where it goes. */
interface Change<T> {
  line: number;
  /** As the report lists it; `key` is the price list, the warehouse or a product's column. */
  entry: { partNumber: string; key: string; before: T | null; after: T };
  /** What `apply` writes it to: (price list, part), (warehouse, part) or (column, part, brand). */
  ref: readonly [string, string, string?];
  /** Whether the change adds what was not there (default: `before` is null); a product's column never is. */
  added?: boolean;
}

interface Plan<T> {
  changes: Change<T>[];
  unchanged: number;
  unknown: { line: number; partNumber: string }[];
  errors: ImportError[];
}

type Kind<T> = {
  /** Reads what the store holds for the rows, and plans. */
  plan(ctx: Ctx, rows: Checked<AnyObject>[], scope: Scope): Promise<Plan<T>>;
  /** Writes the changes; their event rows. */
  apply(ctx: Ctx, changes: Change<T>[]): Promise<{ type: EventType; rows: object[]; brandIds?: string[] }>;
};

/** Whose parts an import may touch: every brand (staff), or one (a Supplier). */
interface Scope {
  brandId: string | null;
}

/** Rows that repeat an earlier row's key are errors (which one wins would be a guess). */
function refuseRepeats<T>(rows: Checked<T>[], keyOf: (v: T) => string, errors: ImportError[]): Checked<T>[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = keyOf(r.value);
    if (!seen.has(key)) {
      seen.add(key);
      return true;
    }
    errors.push({ line: r.line, field: 'partNumber', message: IMPORT_MESSAGES.duplicate });
    return false;
  });
}

/** The parts the rows name that the store has (for a Supplier, of its brand): id → brand. */
async function knownParts(ctx: Ctx, ids: string[], scope: Scope): Promise<Map<string, string | null>> {
  const rows = await run<{ id: string; brandId: string | null }>(
    ctx,
    `select p.id, p.brand_id as "brandId" from product p
     where p.id in (select jsonb_array_elements_text(?::jsonb)) and (?::text is null or p.brand_id = ?)`,
    [JSON.stringify([...new Set(ids)]), scope.brandId, scope.brandId],
  );
  return new Map(rows.map((r) => [r.id, r.brandId]));
}

/** The price lists that exist: '' (the catalogue's), the sites', the companies' and any with prices. */
async function knownPriceLists(ctx: Ctx): Promise<Set<string>> {
  const rows = await run<{ id: string }>(
    ctx,
    `select '' as id union select price_list_id from site where price_list_id is not null
     union select price_list_id from business_account where price_list_id is not null
     union select distinct price_list_id from price_list_item`,
    [],
  );
  return new Set(rows.map((r) => r.id));
}

type PriceRow = { partNumber: string; priceList: string; price: number };
type BreakRow = { partNumber: string; priceList: string; minQuantity: number; price: number };
type StockRow = { partNumber: string; warehouseId: string; onHand: number };
type Breaks = { minQuantity: number; price: number }[];

const listKey = (list: string, part: string) => JSON.stringify([list, part]);

/** A list's price for one and its breaks, for the (list, part) keys given. */
async function listTerms(ctx: Ctx, keys: { list: string; part: string }[]) {
  const rows = await run<{ list: string; part: string; price: number | null; breaks: Breaks }>(
    ctx,
    `with k as (select * from jsonb_to_recordset(?::jsonb) as k(list text, part text)),
       b as (select b.price_list_id, b.product_id,
               json_agg(json_build_object('minQuantity', b.min_quantity, 'price', b.price::float8)
                        order by b.min_quantity) as breaks
             from price_break b join k on b.price_list_id = k.list and b.product_id = k.part group by 1, 2)
     select k.list, k.part, case when k.list = '' then p.price::float8 else i.price::float8 end as price,
       coalesce(b.breaks, '[]'::json) as breaks
     from k left join product p on p.id = k.part
       left join price_list_item i on i.price_list_id = k.list and i.product_id = k.part
       left join b on b.price_list_id = k.list and b.product_id = k.part`,
    [JSON.stringify(keys)],
  );
  return new Map(rows.map((r) => [listKey(r.list, r.part), r]));
}

const prices: Kind<number> = {
  async plan(ctx, rows, scope) {
    const errors: ImportError[] = [];
    const unique = refuseRepeats(
      rows as Checked<PriceRow>[],
      (v) => listKey(v.priceList, v.partNumber),
      errors,
    );
    const [parts, lists] = await Promise.all([
      knownParts(
        ctx,
        unique.map((r) => r.value.partNumber),
        scope,
      ),
      knownPriceLists(ctx),
    ]);
    const plan: Plan<number> = { changes: [], unchanged: 0, unknown: [], errors };
    const known = unique.filter((r) => {
      if (!parts.has(r.value.partNumber)) {
        plan.unknown.push({ line: r.line, partNumber: r.value.partNumber });
        return false;
      }
      if (!lists.has(r.value.priceList)) {
        errors.push({ line: r.line, field: 'priceList', message: IMPORT_MESSAGES.priceList });
        return false;
      }
      return true;
    });
    const terms = await listTerms(
      ctx,
      known.map((r) => ({ list: r.value.priceList, part: r.value.partNumber })),
    );
    for (const r of known) {
      const key = listKey(r.value.priceList, r.value.partNumber);
      const now = terms.get(key)!;
      // The list's breaks stay: each must remain below the new price for one.
      if (
        priceBreakProblems(r.value.price, now.breaks).some((p) => p.message === PRICE_BREAK_MESSAGES.notLower)
      ) {
        errors.push({ line: r.line, field: 'price', message: PRICE_BREAK_MESSAGES.notLower });
      } else if (now.price === r.value.price) {
        plan.unchanged += 1;
      } else {
        plan.changes.push({
          line: r.line,
          entry: {
            partNumber: r.value.partNumber,
            key: r.value.priceList,
            before: now.price,
            after: r.value.price,
          },
          ref: [r.value.priceList, r.value.partNumber],
        });
      }
    }
    return plan;
  },

  async apply(ctx, changes) {
    const rows = changes.map((c) => {
      const [priceListId, productId] = c.ref;
      return { priceListId, productId, price: c.entry.after };
    });
    const catalogue = rows.filter((r) => r.priceListId === '');
    const listed = rows.filter((r) => r.priceListId !== '');
    if (catalogue.length) {
      const json = JSON.stringify(catalogue);
      await run(
        ctx,
        `update product p set price = t."price", updated_at = now()
         from jsonb_to_recordset(?::jsonb) as t("productId" text, "price" numeric) where p.id = t."productId"`,
        [json],
      );
      // Search's copy of the price follows after the commit, from the events (the search consumer, decision 069).
    }
    if (listed.length) {
      await run(
        ctx,
        `insert into price_list_item (price_list_id, product_id, price)
         select t."priceListId", t."productId", t."price"
         from jsonb_to_recordset(?::jsonb) as t("priceListId" text, "productId" text, "price" numeric)
         order by 1, 2
         on conflict (price_list_id, product_id) do update set price = excluded.price`,
        [JSON.stringify(listed)],
      );
    }
    return { type: 'price.changed', rows: rows.map((r) => ({ ...r, priceListId: r.priceListId || null })) };
  },
};

const priceBreaks: Kind<Breaks> = {
  async plan(ctx, rows, scope) {
    const errors: ImportError[] = [];
    const unique = refuseRepeats(
      rows as Checked<BreakRow>[],
      (v) => JSON.stringify([v.priceList, v.partNumber, v.minQuantity]),
      errors,
    );
    const parts = await knownParts(
      ctx,
      unique.map((r) => r.value.partNumber),
      scope,
    );
    const plan: Plan<Breaks> = { changes: [], unchanged: 0, unknown: [], errors };
    // A (list, part)'s rows are its new breaks, replacing the ones it has.
    const groups = new Map<string, Checked<BreakRow>[]>();
    for (const r of unique) {
      if (!parts.has(r.value.partNumber)) {
        plan.unknown.push({ line: r.line, partNumber: r.value.partNumber });
        continue;
      }
      const key = listKey(r.value.priceList, r.value.partNumber);
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const terms = await listTerms(
      ctx,
      [...groups.values()].map(([r]) => ({ list: r!.value.priceList, part: r!.value.partNumber })),
    );
    for (const [key, group] of groups) {
      const now = terms.get(key)!;
      const first = group[0]!;
      if (now.price === null) {
        errors.push({ line: first.line, field: 'priceList', message: PRICE_BREAK_MESSAGES.noPrice });
        continue;
      }
      if (group.length > MAX_PRICE_BREAKS) {
        errors.push({
          line: group[MAX_PRICE_BREAKS]!.line,
          field: 'minQuantity',
          message: PRICE_BREAK_MESSAGES.tooMany,
        });
        continue;
      }
      const sorted = [...group].sort((a, b) => a.value.minQuantity - b.value.minQuantity);
      const after = sorted.map((r) => ({ minQuantity: r.value.minQuantity, price: r.value.price }));
      const problems = priceBreakProblems(now.price, after);
      if (problems.length) {
        for (const p of problems) {
          const index = Number(/\[(\d+)\]/.exec(p.field)?.[1] ?? 0);
          errors.push({ line: sorted[index]!.line, field: p.field.split('.').pop()!, message: p.message });
        }
        continue;
      }
      if (JSON.stringify(now.breaks) === JSON.stringify(after)) plan.unchanged += 1;
      else
        plan.changes.push({
          line: first.line,
          entry: {
            partNumber: first.value.partNumber,
            key: first.value.priceList,
            before: now.breaks,
            after,
          },
          ref: [first.value.priceList, first.value.partNumber],
        });
    }
    return plan;
  },

  async apply(ctx, changes) {
    const groups = changes.map((c) => {
      const [priceListId, productId] = c.ref;
      return { priceListId, productId, breaks: c.entry.after };
    });
    const keys = JSON.stringify(groups.map(({ priceListId, productId }) => ({ priceListId, productId })));
    await run(
      ctx,
      `delete from price_break b using jsonb_to_recordset(?::jsonb) as k("priceListId" text, "productId" text)
       where b.price_list_id = k."priceListId" and b.product_id = k."productId"`,
      [keys],
    );
    await run(
      ctx,
      `insert into price_break (price_list_id, product_id, min_quantity, price)
       select g."priceListId", g."productId", (b ->> 'minQuantity')::int, (b ->> 'price')::numeric
       from jsonb_to_recordset(?::jsonb) as g("priceListId" text, "productId" text, breaks jsonb),
         jsonb_array_elements(g.breaks) b`,
      [JSON.stringify(groups)],
    );
    return { type: 'price.changed', rows: groups.map((g) => ({ ...g, priceListId: g.priceListId || null })) };
  },
};

const stock: Kind<number> = {
  async plan(ctx, rows, scope) {
    const errors: ImportError[] = [];
    const unique = refuseRepeats(
      rows as Checked<StockRow>[],
      (v) => listKey(v.warehouseId, v.partNumber),
      errors,
    );
    const parts = await knownParts(
      ctx,
      unique.map((r) => r.value.partNumber),
      scope,
    );
    const plan: Plan<number> = { changes: [], unchanged: 0, unknown: [], errors };
    const known = unique.filter((r) => {
      if (parts.has(r.value.partNumber)) return true;
      // Another brand's part answers exactly like a missing one.
      plan.unknown.push({ line: r.line, partNumber: r.value.partNumber });
      return false;
    });
    const held = await run<{ part: string; warehouse: string; onHand: number }>(
      ctx,
      `select s.product_id as part, s.warehouse_id as warehouse, s.on_hand as "onHand"
       from stock_level s join jsonb_to_recordset(?::jsonb) as k(part text, warehouse text)
         on s.product_id = k.part and s.warehouse_id = k.warehouse`,
      [JSON.stringify(known.map((r) => ({ part: r.value.partNumber, warehouse: r.value.warehouseId })))],
    );
    const onHand = new Map(held.map((h) => [listKey(h.warehouse, h.part), h.onHand]));
    for (const r of known) {
      const key = listKey(r.value.warehouseId, r.value.partNumber);
      const before = onHand.get(key) ?? null;
      if (before === r.value.onHand) plan.unchanged += 1;
      else
        plan.changes.push({
          line: r.line,
          entry: { partNumber: r.value.partNumber, key: r.value.warehouseId, before, after: r.value.onHand },
          ref: [r.value.warehouseId, r.value.partNumber],
        });
    }
    return plan;
  },

  async apply(ctx, changes) {
    const counted = await countStockLevels(
      ctx,
      changes.map((c) => {
        const [warehouseId, productId] = c.ref;
        return { productId, warehouseId, onHand: c.entry.after };
      }),
    );
    const brands = await knownParts(
      ctx,
      counted.map((c) => c.productId),
      { brandId: null },
    );
    return {
      type: 'inventory.changed',
      rows: counted.map((c) => ({ ...c, reason: 'import' })),
      brandIds: counted.map((c) => brands.get(c.productId) ?? ''),
    };
  },
};

/** The master data columns of a products row, as the file names them. */
const PRODUCT_FIELDS = IMPORT_COLUMNS.products.optional;
type ProductField = (typeof PRODUCT_FIELDS)[number];
type ProductRow = { partNumber: string } & Partial<Record<ProductField, unknown>>;

interface HeldProduct extends Record<ProductField, unknown> {
  id: string;
  brandId: string;
  minTransfer: number;
  maxOrderQuantity: number | null;
}

/** How the plan reads each column from `product p`. */
const HELD_COLUMNS: Record<ProductField, string> = {
  name: 'p.name',
  description: 'p.description',
  brand: '(select b.handle from brand b where b.id = p.brand_id)',
  category: '(select c.handle from category c where c.id = p.category_id)',
  manufacturerPartNumber: 'p.manufacturer_part_number',
  unitOfMeasure: 'p.unit_of_measure',
  minimumPurchaseQuantity: 'p.minimum_purchase_quantity',
  weightKg: 'p.weight_kg::float8',
  leadTimeDays: 'p.lead_time_days',
};

/** How the update writes each column: the column, and its value from the row's changes `t.r`. */
const UPDATED_COLUMNS: Record<ProductField, [string, string]> = {
  name: ['name', "t.r ->> 'name'"],
  description: ['description', "t.r ->> 'description'"],
  brand: ['brand_id', 't.brand_id'],
  category: ['category_id', 't.category_id'],
  manufacturerPartNumber: ['manufacturer_part_number', "t.r ->> 'manufacturerPartNumber'"],
  unitOfMeasure: ['unit_of_measure', "t.r ->> 'unitOfMeasure'"],
  minimumPurchaseQuantity: ['minimum_purchase_quantity', "(t.r ->> 'minimumPurchaseQuantity')::int"],
  weightKg: ['weight_kg', "(t.r ->> 'weightKg')::numeric"],
  leadTimeDays: ['lead_time_days', "(t.r ->> 'leadTimeDays')::int"],
};

/** Brand or category handles the file names that the catalogue has. */
async function knownHandles(ctx: Ctx, table: 'brand' | 'category', handles: unknown[]): Promise<Set<string>> {
  const named = [...new Set(handles.filter((h): h is string => typeof h === 'string'))];
  if (named.length === 0) return new Set();
  const rows = await run<{ handle: string }>(
    ctx,
    `select handle from ${table} where handle = any(?::text[])`,
    [named],
  );
  return new Set(rows.map((r) => r.handle));
}

/**
 * The products' master data (name, description, brand, category, manufacturer part number, unit, minimum, weight,
 * lead time): a row changes the columns it has, one change per column; an unknown part number is listed and
 * skipped, as in the other kinds (the import does not create products, decision 069).
 */
const products: Kind<unknown> = {
  async plan(ctx, rows, scope) {
    const errors: ImportError[] = [];
    const unique = refuseRepeats(rows as Checked<ProductRow>[], (v) => v.partNumber, errors);
    // What the store holds of the columns the rows name (a file of names and descriptions reads neither the brands
    // nor the categories), and what the minimum's rule needs.
    const named = PRODUCT_FIELDS.filter((field) => unique.some((r) => r.value[field] !== undefined));
    const [held, brands, categories] = await Promise.all([
      run<HeldProduct>(
        ctx,
        `select p.id, p.brand_id as "brandId", p.min_transfer as "minTransfer",
           p.max_order_quantity as "maxOrderQuantity"${named.map((field) => `, ${HELD_COLUMNS[field]} as "${field}"`).join('')}
         from product p
         where p.id = any(?::text[]) and (?::uuid is null or p.brand_id = ?::uuid)`,
        [[...new Set(unique.map((r) => r.value.partNumber))], scope.brandId, scope.brandId],
      ),
      knownHandles(
        ctx,
        'brand',
        unique.map((r) => r.value.brand),
      ),
      knownHandles(
        ctx,
        'category',
        unique.map((r) => r.value.category),
      ),
    ]);
    const byId = new Map(held.map((p) => [p.id, p]));
    const plan: Plan<unknown> = { changes: [], unchanged: 0, unknown: [], errors };
    for (const r of unique) {
      const now = byId.get(r.value.partNumber);
      if (!now) {
        plan.unknown.push({ line: r.line, partNumber: r.value.partNumber });
        continue;
      }
      const rowErrors: ImportError[] = [];
      if (typeof r.value.brand === 'string' && !brands.has(r.value.brand)) {
        rowErrors.push({ line: r.line, field: 'brand', message: IMPORT_MESSAGES.brand });
      }
      if (typeof r.value.category === 'string' && !categories.has(r.value.category)) {
        rowErrors.push({ line: r.line, field: 'category', message: IMPORT_MESSAGES.category });
      }
      const minimum = r.value.minimumPurchaseQuantity;
      if (typeof minimum === 'number' && now.maxOrderQuantity !== null) {
        // The part's maximum per order must stay valid for the new minimum (decision 063's one rule).
        const rules = { minimumPurchaseQuantity: minimum, minTransfer: now.minTransfer };
        if (
          !maxOrderQuantitySchema(lineMinimum(rules)).isValidSync({ maxOrderQuantity: now.maxOrderQuantity })
        ) {
          rowErrors.push({
            line: r.line,
            field: 'minimumPurchaseQuantity',
            message: IMPORT_MESSAGES.minimumOverMaximum(now.maxOrderQuantity),
          });
        }
      }
      if (rowErrors.length) {
        errors.push(...rowErrors);
        continue;
      }
      let changed = false;
      for (const field of PRODUCT_FIELDS) {
        const after = r.value[field];
        if (after === undefined || after === now[field]) continue;
        changed = true;
        plan.changes.push({
          line: r.line,
          entry: { partNumber: now.id, key: field, before: now[field], after },
          ref: [field, now.id, now.brandId],
          added: false,
        });
      }
      if (!changed) plan.unchanged += 1;
    }
    return plan;
  },

  async apply(ctx, changes) {
    // One row per product: its id and the columns it changes (a column it does not name keeps its value).
    const rows = new Map<string, { id: string; brandId: string; changes: Record<string, unknown> }>();
    for (const c of changes) {
      const [field, id, brandId = ''] = c.ref;
      let row = rows.get(id);
      if (!row) rows.set(id, (row = { id, brandId, changes: {} }));
      row.changes[field] = c.entry.after;
    }
    const written = [...rows.values()];
    // Only the columns some row changes are set (a file of names and descriptions joins no brand or category).
    const named = new Set(changes.map((c) => c.ref[0] as ProductField));
    const sets = PRODUCT_FIELDS.filter((field) => named.has(field)).map((field) => {
      const [column, value] = UPDATED_COLUMNS[field];
      return `${column} = case when jsonb_exists(t.r, '${field}') then ${value} else p.${column} end`;
    });
    const handles = (['brand', 'category'] as const).filter((field) => named.has(field));
    const updated = await run<{ id: string; brandId: string }>(
      ctx,
      `update product p set ${sets.join(', ')}, updated_at = now()
       from (select g.id, g.changes as r${handles.map((f) => `, ${f}.id as ${f}_id`).join('')}
             from jsonb_to_recordset(?::jsonb) as g(id text, changes jsonb)
             ${handles.map((f) => `left join ${f} on ${f}.handle = g.changes ->> '${f}'`).join(' ')}
             order by g.id) t
       where p.id = t.id
       returning p.id, p.brand_id as "brandId"`,
      [JSON.stringify(written.map(({ id, changes }) => ({ id, changes })))],
    );
    const brandOf = new Map(updated.map((u) => [u.id, u.brandId]));
    // The search rows of the parts whose name, description, brand, category or part numbers changed are written
    // again after the commit, from the events (the search consumer, decision 069).
    return {
      type: 'product.changed',
      rows: written.map((w) => ({ productId: w.id, changes: w.changes })),
      brandIds: written.map((w) => brandOf.get(w.id) ?? w.brandId),
    };
  },
};

const KINDS: Record<ImportKind, Kind<unknown>> = {
  prices: prices as Kind<unknown>,
  'price-breaks': priceBreaks as Kind<unknown>,
  stock: stock as Kind<unknown>,
  products,
};

/** Checks the caller may run this kind (before any byte of the file is read). */
export function assertImportAccess(ctx: Ctx, kind: ImportKind): void {
  assertAccess(ctx, IMPORT_ACCESS[kind]);
}

/**
 * Runs an import: a dry run answers the diff and writes nothing; otherwise the rows are applied in one transaction,
 * and only when no row has an error (a file with errors applies nothing). `fileErrors` are the file's own (a
 * missing column, a bad line), found while reading it.
 */
export async function runImport(
  ctx: Ctx,
  kind: ImportKind,
  file: { rows: ImportRow[]; errors: ImportError[] },
  dryRun: boolean,
): Promise<ImportReport & { applied: boolean }> {
  assertImportAccess(ctx, kind);
  const supplier = ctx.user!.role === ROLES.Supplier;
  const scope: Scope = { brandId: supplier ? await supplierBrand(ctx) : null };
  const errors = [...file.errors];
  const { checked, more } = checkRows(kind, file.rows, errors);
  const report = (plan: Plan<unknown> | null, applied: boolean): ImportReport & { applied: boolean } => ({
    kind,
    dryRun,
    applied,
    rows: file.rows.length,
    new: plan?.changes.filter((c) => c.added ?? c.entry.before === null).length ?? 0,
    changed: (plan?.changes ?? []).map((c) => c.entry),
    unchanged: plan?.unchanged ?? 0,
    unknown: plan?.unknown ?? [],
    errors: [...errors, ...(plan?.errors ?? [])].sort((a, b) => a.line - b.line).slice(0, IMPORT_MAX_ERRORS),
    moreErrors: more + Math.max(0, errors.length + (plan?.errors.length ?? 0) - IMPORT_MAX_ERRORS),
  });
  const kindOf = KINDS[kind];
  if (dryRun) return report(await kindOf.plan(ctx, checked, scope), false);
  return ctx.db.transactional(async () => {
    const plan = await kindOf.plan(ctx, checked, scope);
    if (errors.length || more || plan.errors.length) return report(plan, false);
    const id = randomUUID();
    if (plan.changes.length) {
      const written = await kindOf.apply(ctx, plan.changes);
      publishChunks(ctx, id, written);
    }
    const summary = report(plan, true);
    await recordAudit(ctx, {
      action: `import.${kind}`,
      targetType: 'import',
      targetId: id,
      after: {
        rows: summary.rows,
        new: summary.new,
        changed: summary.changed.length,
        unchanged: summary.unchanged,
        unknown: summary.unknown.length,
        // The first changes as a sample; the events carry every one.
        sample: summary.changed.slice(0, 100),
      },
    });
    return summary;
  });
}

/**
 * An import's changes as events of at most IMPORT_EVENT_ROWS rows, one stream per import (aggregate `import`, its
 * id; the stream's sequence numbers the chunks), each chunk of one brand where the rows have brands (a Supplier's
 * endpoints and feed see their brand's).
 */
function publishChunks(
  ctx: Ctx,
  importId: string,
  written: { type: EventType; rows: object[]; brandIds?: string[] },
): void {
  const byBrand = new Map<string, object[]>();
  written.rows.forEach((row, i) => {
    const brand = written.brandIds?.[i] ?? '';
    const rows = byBrand.get(brand);
    if (rows) rows.push(row);
    else byBrand.set(brand, [row]);
  });
  const chunks: { brandId: string | null; rows: object[] }[] = [];
  for (const [brand, rows] of byBrand) {
    for (let i = 0; i < rows.length; i += IMPORT_EVENT_ROWS) {
      chunks.push({
        brandId: written.brandIds ? brand || null : null,
        rows: rows.slice(i, i + IMPORT_EVENT_ROWS),
      });
    }
  }
  publish(
    ctx,
    ...chunks.map((chunk, i) => ({
      type: written.type,
      aggregateType: 'import',
      aggregateId: importId,
      version: null,
      actorId: ctx.user?.id ?? null,
      payload: {
        importId,
        chunk: i + 1,
        chunks: chunks.length,
        ...(written.brandIds ? { brandId: chunk.brandId } : {}),
        rows: chunk.rows,
      },
    })),
  );
}
