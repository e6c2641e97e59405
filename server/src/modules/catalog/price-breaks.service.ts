import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { publish } from '../events';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';
import {
  PRICE_BREAK_MESSAGES,
  priceBreakProblems,
  priceBreaksSchema,
  type PriceBreak,
} from '../../../../domain/price-breaks';
import { productErpItemSchema } from '../../../../domain/erp';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx, Db } from '../../context';
import { recordAudit } from '../audit';
import { assertAccess } from '../auth';

/** A price list's terms for one product as staff keep them: its price for one and its volume breaks. */
export interface PriceListBreaksView {
  /** '' is the catalogue's own prices. */
  priceListId: string;
  /** A site's own list names its site (pay-ca), else null. */
  siteId: string | null;
  /** The list's currency: its site's, else the store's. */
  currency: string;
  price: number;
  breaks: PriceBreak[];
}

export interface ProductPricesView {
  productId: string;
  name: string;
  /** The ERP's item number for the part (decision 071); null: its part number is the ERP's. */
  erpItemId: string | null;
  lists: PriceListBreaksView[];
}

/**
 * Every list pricing the product (the catalogue's first, then the sites' and customer lists by id), with its
 * breaks in quantity order.
 */
const LISTS_SQL = `
  with lists as (
    select '' as price_list_id, p.price from product p where p.id = ? and p.price is not null
    union all
    select pli.price_list_id, pli.price from price_list_item pli where pli.product_id = ?
  )
  select l.price_list_id as "priceListId", s.id as "siteId", coalesce(s.currency, ?) as currency,
    l.price::float8 as price,
    coalesce((select json_agg(json_build_object('minQuantity', b.min_quantity, 'price', b.price::float8)
              order by b.min_quantity)
              from price_break b where b.price_list_id = l.price_list_id and b.product_id = ?), '[]'::json) as breaks
  from lists l left join lateral (select id, currency from site where price_list_id = l.price_list_id
                                   and l.price_list_id <> '' order by id limit 1) s on true
  order by l.price_list_id`;

async function pricesOf(db: Db, productId: string): Promise<ProductPricesView> {
  const [product] = await db.execute<{ id: string; name: string; erpItemId: string | null }[]>(
    'select id, name, erp_item_id as "erpItemId" from product where id = ?',
    [productId],
    'all',
  );
  if (!product) throw notFound(`Product ${productId}`);
  const lists = await db.execute<PriceListBreaksView[]>(
    LISTS_SQL,
    [productId, productId, DEFAULT_CURRENCY, productId],
    'all',
  );
  return { productId: product.id, name: product.name, erpItemId: product.erpItemId, lists };
}

/** Staff keep the volume price breaks (decision 048): console → Prices, or GraphQL in a staff session. */
export const priceBreaksService = {
  async get(ctx: Ctx, productId: string): Promise<ProductPricesView> {
    assertAccess(ctx, CONSOLE_ACCESS.prices);
    return pricesOf(ctx.db, String(productId ?? '').trim());
  },

  /**
   * Sets the part's ERP item number (decision 071; empty: none, the part number is the ERP's), one line of at most
   * 64 characters. Audited, with a `product.changed` event; the order events' salesOrder reads it from then on.
   */
  async setErpItem(ctx: Ctx, body: unknown): Promise<ProductPricesView> {
    assertAccess(ctx, CONSOLE_ACCESS.prices);
    const input = validate(productErpItemSchema, body);
    const erpItemId = input.erpItemId || null;
    return ctx.db.transactional(async () => {
      const [before] = await ctx.db.execute<{ erpItemId: string | null }[]>(
        'select erp_item_id as "erpItemId" from product where id = ? for update',
        [input.productId],
        'all',
      );
      if (!before) throw notFound(`Product ${input.productId}`);
      if (before.erpItemId !== erpItemId) {
        await ctx.db.execute('update product set erp_item_id = ?, updated_at = now() where id = ?', [
          erpItemId,
          input.productId,
        ]);
        publish(ctx, {
          type: 'product.changed',
          aggregateType: 'product',
          aggregateId: input.productId,
          version: null,
          actorId: ctx.user?.id ?? null,
          payload: { productId: input.productId, changes: { erpItemId } },
        });
        await recordAudit(ctx, {
          action: 'product.erp_item_id',
          targetType: 'product',
          targetId: input.productId,
          before,
          after: { erpItemId },
        });
      }
      return pricesOf(ctx.db, input.productId);
    });
  },

  /** Replaces one list's breaks for one product; refused, with the row named, unless each is below the one before. */
  async set(ctx: Ctx, body: unknown): Promise<ProductPricesView> {
    assertAccess(ctx, CONSOLE_ACCESS.prices);
    const input = validate(priceBreaksSchema, body);
    const breaks = input.breaks.map((b) => ({ minQuantity: b.minQuantity, price: b.price }));
    return ctx.db.transactional(async () => {
      const before = await pricesOf(ctx.db, input.productId);
      const list = before.lists.find((l) => l.priceListId === input.priceListId);
      if (!list) {
        throw new AppError('BAD_USER_INPUT', PRICE_BREAK_MESSAGES.noPrice, [
          { field: 'priceListId', message: PRICE_BREAK_MESSAGES.noPrice },
        ]);
      }
      const problems = priceBreakProblems(list.price, breaks);
      if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!.message, problems);
      // The product's row is locked so two staff saving the same list at once apply one after the other.
      await ctx.db.execute('select 1 from product where id = ? for update', [input.productId], 'all');
      await ctx.db.execute(
        'delete from price_break where price_list_id = ? and product_id = ?',
        [input.priceListId, input.productId],
        'run',
      );
      if (breaks.length) {
        await ctx.db.execute(
          `insert into price_break (price_list_id, product_id, min_quantity, price)
           select ?, ?, b.min_quantity, b.price from jsonb_to_recordset(?::jsonb) as b(min_quantity int, price numeric)`,
          [
            input.priceListId,
            input.productId,
            JSON.stringify(breaks.map((b) => ({ min_quantity: b.minQuantity, price: b.price }))),
          ],
          'run',
        );
      }
      publish(ctx, {
        type: 'price.changed',
        aggregateType: 'price',
        aggregateId: `${input.priceListId || 'catalog'}:${input.productId}`,
        version: null,
        actorId: ctx.user?.id ?? null,
        payload: {
          priceListId: input.priceListId || null,
          productId: input.productId,
          price: list.price,
          breaks,
        },
      });
      await recordAudit(ctx, {
        action: 'prices.set-breaks',
        targetType: 'product',
        targetId: input.productId,
        before: { priceListId: input.priceListId, breaks: list.breaks },
        after: { priceListId: input.priceListId, breaks },
      });
      return pricesOf(ctx.db, input.productId);
    });
  },
};
