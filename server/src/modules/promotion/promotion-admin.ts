import { object, string, number } from 'yup';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { isUuid } from '../../../../domain/ids';
import { normalizeCode } from '../../../../domain/promotions';
import {
  hasAmounts,
  promotionDraft,
  promotionFormOf,
  promotionCodesSchema,
  promotionSchema,
  type PromotionForm,
} from '../../../../domain/promotions.schema';
import { bumpCacheVersion } from '../../common/cache-versions';
import { csvLine } from '../../common/csv';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import { assertAccess } from '../auth';
import { ruleOf, type PromotionRow } from './promotion.service';
import { generateCodes, insertPromotion, ruleColumns, type PromotionDraft } from './promotion.write';
import { prepared } from '../../db/prepared';

/*
 * The console's promotions (issue 58, decision 079): the list, one promotion with its usage, codes and latest
 * redemptions, its save (checked against the version staff opened), its end, batches of single-use codes, and the
 * CSV exports. Staff with CONSOLE_ACCESS.promotions (Admin, Service). Every change is audited in its transaction and
 * moves the promotions' cache version, so every process reads it at its next poll; a placed order never changes
 * (it reads order_promotion).
 */

export type PromotionStatus = 'active' | 'scheduled' | 'ended';

export interface PromotionListRow {
  id: string;
  name: string;
  code: string | null;
  automatic: boolean;
  status: PromotionStatus;
  startsAt: string | null;
  endsAt: string | null;
  sites: string[];
  redemptions: number;
  discountTotal: number;
  version: number;
}

export interface PromotionDetail extends PromotionListRow {
  note: string;
  currency: string | null;
  form: PromotionForm;
  batches: { id: string; prefix: string; count: number; used: number; createdAt: string }[];
  redemptionsLatest: {
    orderId: string;
    orderNumber: string;
    email: string;
    amount: number;
    freightAmount: number;
    createdAt: string;
    released: boolean;
  }[];
}

const STATUS_SQL = `case when p.ends_at is not null and p.ends_at <= now() then 'ended'
  when p.starts_at is not null and p.starts_at > now() then 'scheduled' else 'active' end`;

const LIST_COLUMNS = `p.id, p.name, p.automatic, ${STATUS_SQL} as status, p.starts_at as "startsAt",
  p.ends_at as "endsAt", p.sites, p.version,
  (select c.code from promotion_code c where c.promotion_id = p.id and not c.single_use limit 1) as code,
  (select count(*)::int from promotion_redemption r where r.promotion_id = p.id and r.released_at is null)
    as redemptions,
  (select coalesce(sum(r.amount + r.freight_amount), 0)::float8 from promotion_redemption r
    where r.promotion_id = p.id and r.released_at is null) as "discountTotal"`;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

type ListRow = Omit<PromotionListRow, 'startsAt' | 'endsAt'> & { startsAt: Date | null; endsAt: Date | null };
const listRow = (r: ListRow): PromotionListRow => ({
  ...r,
  startsAt: iso(r.startsAt),
  endsAt: iso(r.endsAt),
});

export const PROMOTIONS_PAGE_SIZE = 25;

const filterSchema = object({
  status: string().oneOf(['active', 'scheduled', 'ended']).nullable().optional(),
  search: string().trim().max(120).nullable().optional(),
  page: number().integer().min(1).max(10_000).default(1),
});

const staleMessage =
  'This promotion was changed by someone else while you were editing. Reload it to see the changes; yours were not saved.';
const stale = () => new AppError('CONFLICT', staleMessage);

export const promotionsAdmin = {
  /** The promotions, newest first, by status and by name or code (a page of 25). */
  async list(
    ctx: Ctx,
    input: unknown,
  ): Promise<{ items: PromotionListRow[]; total: number; page: number; pageSize: number }> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    const filter = validate(filterSchema, input ?? {});
    const search = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : null;
    const where = `(?::text is null or ${STATUS_SQL} = ?::text)
      and (?::text is null or p.name ilike ?::text or exists (select 1 from promotion_code c
        where c.promotion_id = p.id and not c.single_use and c.code ilike ?::text))`;
    const params = [filter.status ?? null, filter.status ?? null, search, search, search];
    const rows = await ctx.db.execute<(ListRow & { total: number })[]>(
      `select ${LIST_COLUMNS}, count(*) over ()::int as total from promotion p where ${where}
       order by p.created_at desc, p.id limit ? offset ?`,
      [...params, PROMOTIONS_PAGE_SIZE, (filter.page - 1) * PROMOTIONS_PAGE_SIZE],
      'all',
    );
    return {
      items: rows.map(({ total: _t, ...r }) => listRow(r)),
      total: rows[0]?.total ?? 0,
      page: filter.page,
      pageSize: PROMOTIONS_PAGE_SIZE,
    };
  },

  /** One promotion: its form's values, its usage, its batches and its 20 latest redemptions. */
  async get(ctx: Ctx, id: string): Promise<PromotionDetail> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    if (!isUuid(id)) throw notFound('Promotion');
    const [row] = await ctx.db.execute<(ListRow & PromotionRow & { note: string })[]>(
      `select ${LIST_COLUMNS}, p.note, p.priority, p.exclusive, p.currency, p.conditions, p.action,
         p.max_discount::float8 as "maxDiscount", p.limit_total as "limitTotal",
         p.limit_per_customer as "limitPerCustomer", p.limit_per_company as "limitPerCompany",
         p.budget::float8 as budget
       from promotion p where p.id = ?`,
      [id],
      'all',
    );
    if (!row) throw notFound('Promotion');
    const batches = await ctx.db.execute<PromotionDetail['batches']>(
      `select b.id, b.prefix, b.count, b.created_at as "createdAt",
         (select count(*)::int from promotion_code c where c.batch_id = b.id and c.used_at is not null) as used
       from promotion_code_batch b where b.promotion_id = ? order by b.created_at desc`,
      [id],
      'all',
    );
    const redemptions = await ctx.db.execute<PromotionDetail['redemptionsLatest']>(
      `select r.order_id as "orderId", o.order_number::text as "orderNumber", r.email, r.amount::float8 as amount,
         r.freight_amount::float8 as "freightAmount", r.created_at as "createdAt", r.released_at is not null as released
       from promotion_redemption r join customer_order o on o.id = r.order_id
       where r.promotion_id = ? order by r.created_at desc limit 20`,
      [id],
      'all',
    );
    const rule = ruleOf(row);
    return {
      ...listRow(row),
      note: row.note,
      currency: row.currency,
      form: promotionFormOf({ ...rule, note: row.note }),
      batches: batches.map((b) => ({ ...b, createdAt: iso(b.createdAt)! })),
      redemptionsLatest: redemptions.map((r) => ({ ...r, createdAt: iso(r.createdAt)! })),
    };
  },

  /**
   * Saves a promotion: a new one (no id), or one staff opened at `version` (CONFLICT when it changed meanwhile).
   * Its currency is its sites' when it names amounts. The audit records what changed. The promotion's id.
   */
  async save(ctx: Ctx, id: string | null, version: number | null, input: unknown): Promise<string> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    const form = validate(promotionSchema, input);
    if (id !== null && !isUuid(id)) throw notFound('Promotion');
    const currency = hasAmounts(form) ? ((await ctx.app.sites.get(form.sites[0]!))?.currency ?? null) : null;
    const draft: PromotionDraft = {
      name: form.name,
      note: form.note,
      code: form.code ? normalizeCode(form.code) : null,
      automatic: form.automatic,
      priority: form.priority,
      exclusive: form.exclusive,
      startsAt: form.startsAt,
      endsAt: form.endsAt,
      sites: form.sites,
      currency,
      ...promotionDraft(form),
      maxDiscount: form.maxDiscount,
    };
    return ctx.db.transactional(async () => {
      try {
        if (id === null) {
          const created = await insertPromotion(ctx.db, draft, ctx.user?.id ?? null);
          await recordAudit(ctx, {
            action: 'promotion.saved',
            targetType: 'promotion',
            targetId: created,
            after: form,
          });
          return created;
        }
        const before = await this.get(ctx, id);
        if (before.version !== version) throw stale();
        await updatePromotion(ctx, id, version, draft);
        const changed = Object.keys(form).filter(
          (k) =>
            JSON.stringify(form[k as keyof PromotionForm]) !==
            JSON.stringify(before.form[k as keyof PromotionForm]),
        );
        await recordAudit(ctx, {
          action: 'promotion.saved',
          targetType: 'promotion',
          targetId: id,
          before: Object.fromEntries(changed.map((k) => [k, before.form[k as keyof PromotionForm]])),
          after: Object.fromEntries(changed.map((k) => [k, form[k as keyof PromotionForm]])),
        });
        return id;
      } catch (err) {
        throw codeTaken(err, draft.code) ?? err;
      }
    });
  },

  /** Ends a promotion now (carts stop showing it at the next cache poll; placed orders keep it). */
  async end(ctx: Ctx, id: string, version: number): Promise<void> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    if (!isUuid(id)) throw notFound('Promotion');
    await ctx.db.transactional(async () => {
      const ended = await ctx.db.execute<{ id: string }[]>(
        `update promotion set ends_at = least(coalesce(ends_at, now()), now()), ended_at = now(), ended_by_id = ?,
           version = version + 1, updated_at = now()
         where id = ? and version = ? returning id`,
        [ctx.user?.id ?? null, id, version],
        'all',
      );
      if (ended.length === 0) {
        await this.get(ctx, id); // NOT_FOUND for no such promotion
        throw stale();
      }
      await bumpCacheVersion(ctx.db, 'promotions');
      await recordAudit(ctx, {
        action: 'promotion.ended',
        targetType: 'promotion',
        targetId: id,
        after: { endedAt: new Date().toISOString() },
      });
    });
  },

  /** A batch of single-use codes (at most MAX_BATCH_CODES); the audit records the count, never the codes. */
  async generateCodes(ctx: Ctx, id: string, input: unknown): Promise<{ batchId: string; count: number }> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    const { count, prefix } = validate(promotionCodesSchema, input);
    await this.get(ctx, id);
    return ctx.db.transactional(async () => {
      const batch = await generateCodes(ctx.db, id, { count, prefix, by: ctx.user?.id ?? null });
      await recordAudit(ctx, {
        action: 'promotion.codes-generated',
        targetType: 'promotion',
        targetId: id,
        after: { batchId: batch.batchId, prefix: normalizeCode(prefix), count: batch.codes.length },
      });
      await bumpCacheVersion(ctx.db, 'promotions');
      return { batchId: batch.batchId, count: batch.codes.length };
    });
  },

  /** What the form's pickers offer: brands, categories (by handle, the tree's path), companies, price lists. */
  async choices(ctx: Ctx): Promise<{
    brands: { id: string; name: string }[];
    categories: { handle: string; name: string }[];
    companies: { id: string; name: string }[];
    priceLists: string[];
  }> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    const [row] = await ctx.db.execute<
      { brands: never[]; categories: never[]; companies: never[]; priceLists: string[] }[]
    >(
      `select
         coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name) order by b.name) from brand b), '[]')
           as brands,
         coalesce((select json_agg(json_build_object('handle', c.handle, 'name', c.name) order by c.handle)
           from category c), '[]') as categories,
         coalesce((select json_agg(json_build_object('id', a.id, 'name', a.company) order by a.company)
           from business_account a), '[]') as companies,
         coalesce((select array_agg(distinct a.price_list_id order by a.price_list_id) from business_account a
           where a.price_list_id is not null), '{}') as "priceLists"`,
      [],
      'all',
    );
    return row!;
  },

  /** A batch's codes as CSV records: the code, whether it was used and on which order. */
  async *codesCsv(ctx: Ctx, id: string, batchId: string | null): AsyncGenerator<string> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    if (!isUuid(id) || (batchId !== null && !isUuid(batchId))) throw notFound('Promotion');
    const rows = await ctx.db.execute<{ code: string; usedAt: Date | null; orderNumber: string | null }[]>(
      `select c.code, c.used_at as "usedAt", o.order_number::text as "orderNumber"
       from promotion_code c left join customer_order o on o.id = c.used_order_id
       where c.promotion_id = ? and c.single_use and (?::uuid is null or c.batch_id = ?::uuid) order by c.code`,
      [id, batchId, batchId],
      'all',
    );
    yield csvLine(['Code', 'Used at', 'Order']);
    for (const r of rows)
      yield csvLine([r.code, iso(r.usedAt) ?? '', r.orderNumber ? `AXL-${r.orderNumber}` : '']);
  },

  /**
   * The report: each promotion's redemptions, discount on the goods and on the freight, and its orders' net sales,
   * for the orders placed in [from, to).
   */
  async *reportCsv(ctx: Ctx, range: { from: string; to: string }): AsyncGenerator<string> {
    assertAccess(ctx, CONSOLE_ACCESS.promotions);
    const { from, to } = validate(rangeSchema, range);
    const rows = await promotionTotals(ctx, from, to);
    yield csvLine(['Promotion', 'Code', 'Redemptions', 'Discount', 'Freight discount', 'Net sales']);
    for (const r of rows) {
      yield csvLine([
        r.name,
        r.code ?? '',
        String(r.redemptions),
        r.discount.toFixed(2),
        r.freightDiscount.toFixed(2),
        r.netSales.toFixed(2),
      ]);
    }
  },
};

const rangeSchema = object({
  from: string().required().datetime('From must be a date'),
  to: string().required().datetime('To must be a date'),
});

/** Each promotion's figures for orders placed in [from, to) and still sold (not cancelled). */
async function promotionTotals(
  ctx: Ctx,
  from: string,
  to: string,
): Promise<
  {
    id: string;
    name: string;
    code: string | null;
    redemptions: number;
    discount: number;
    freightDiscount: number;
    netSales: number;
  }[]
> {
  return ctx.db.execute(
    `select p.id, p.name, (select c.code from promotion_code c where c.promotion_id = p.id and not c.single_use limit 1)
         as code,
       count(r.id)::int as redemptions, coalesce(sum(r.amount), 0)::float8 as discount,
       coalesce(sum(r.freight_amount), 0)::float8 as "freightDiscount",
       coalesce(sum(o.sub_total - o.discount_total), 0)::float8 as "netSales"
     from promotion p
     join promotion_redemption r on r.promotion_id = p.id and r.released_at is null
     join customer_order o on o.id = r.order_id and o.created_at >= ?::timestamptz and o.created_at < ?::timestamptz
     group by p.id order by discount desc, p.name`,
    [from, to],
    'all',
  );
}

/** The promotion's row and its shared code, as saved (the version checked by the caller under its row lock). */
async function updatePromotion(
  ctx: Ctx,
  id: string,
  version: number | null,
  draft: PromotionDraft,
): Promise<void> {
  const updated = await prepared<{ id: string }>(
    `update promotion set name = ?, note = ?, automatic = ?, priority = ?, exclusive = ?, starts_at = ?, ends_at = ?,
       sites = ?::text[], currency = ?, conditions = ?::jsonb, action = ?::jsonb, max_discount = ?,
       limit_total = ?, limit_per_customer = ?, limit_per_company = ?, budget = ?, demo = false,
       version = version + 1, updated_at = now()
     where id = ? and version = ? returning id`,
  ).all(ctx.db, [...ruleColumns(draft), id, version]);
  if (updated.length === 0) throw stale();
  // The shared code: kept when unchanged (carts holding it keep it), replaced otherwise.
  await ctx.db.execute(
    'delete from promotion_code where promotion_id = ? and not single_use and upper(code) is distinct from ?',
    [id, draft.code],
    'run',
  );
  if (draft.code) {
    await ctx.db.execute(
      `insert into promotion_code (promotion_id, code, single_use) select ?, ?, false
       where not exists (select 1 from promotion_code where promotion_id = ? and not single_use)`,
      [id, draft.code, id],
      'run',
    );
  }
  await bumpCacheVersion(ctx.db, 'promotions');
}

/** A code another promotion already has (the unique index on upper(code)): a field error, not a 500. */
function codeTaken(err: unknown, code: string | null): AppError | null {
  const unique = (err as { code?: string; constraint?: string }).code === '23505';
  if (!unique || !code) return null;
  const message = `Another promotion already has the code ${code}.`;
  return new AppError('BAD_USER_INPUT', message, [{ field: 'code', message }]);
}
