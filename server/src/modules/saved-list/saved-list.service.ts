import { isUuid } from '../../../../domain/ids';
import { CART_LIMITS, type CartItem } from '../../../../domain/cart';
import { pricingOf } from '../catalog/pricing';
import {
  addToListSchema,
  cartLineIdsSchema,
  listItemIdsSchema,
  listItemQuantitySchema,
  listItemsSchema,
  parseQuickOrder,
  quickOrderSchema,
  SAVE_FOR_LATER_LIST,
  SAVED_LIST_LIMITS,
  savedListIdSchema,
  savedListSchema,
  type QuickOrderProblem,
} from '../../../../domain/saved-lists';
import { validate } from '../../common/validate';
import { AppError, notFound } from '../../common/errors';
import type { Ctx } from '../../context';
import { requireUser } from '../auth/session-auth';
import {
  cartService,
  checkItems,
  mergeSameLines,
  pricedListItems,
  type CartLineView,
  type CartView,
  type CheckedItem,
} from '../cart/cart.service';
import { catalogService } from '../catalog/catalog.service';

export interface SavedListView {
  id: string;
  name: string;
  description: string;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SavedListPage extends SavedListView {
  items: CartLineView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface QuickOrderResult {
  added: number;
  problems: QuickOrderProblem[];
}

const LIST_COLUMNS = `l.id, l.name, l.description, l.created_at as "createdAt", l.updated_at as "updatedAt",
  (select count(*)::int from saved_list_item i where i.list_id = l.id) as "itemCount"`;

type ListRow = Omit<SavedListView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const view = (r: ListRow): SavedListView => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** A unique-name violation becomes the field error the list form shows. */
function nameTaken(err: unknown): never {
  if ((err as { code?: string }).code === '23505') {
    const message = 'You already have a list with this name.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'name', message }]);
  }
  throw err;
}

/**
 * Saved lists of the signed-in user: named lists of products with configurations and quantities, priced like
 * the cart when read. Someone else's list answers exactly like a missing one.
 */
export const savedListService = {
  async lists(ctx: Ctx): Promise<SavedListView[]> {
    const user = requireUser(ctx);
    const rows = await ctx.db.execute<ListRow[]>(
      `select ${LIST_COLUMNS} from saved_list l where l.user_id = ? order by l.updated_at desc, l.name`,
      [user.id],
    );
    return rows.map(view);
  },

  /** One of the caller's lists, or 404. */
  async list(ctx: Ctx, id: string): Promise<SavedListView> {
    const user = requireUser(ctx);
    if (!isUuid(id)) throw notFound('List');
    const [row] = await ctx.db.execute<ListRow[]>(
      `select ${LIST_COLUMNS} from saved_list l where l.id = ? and l.user_id = ?`,
      [id, user.id],
    );
    if (!row) throw notFound('List');
    return view(row);
  },

  /** A list with a page of its items, priced for the caller. */
  async items(ctx: Ctx, body: unknown): Promise<SavedListPage> {
    requireUser(ctx);
    const { id, params: page } = validate(listItemsSchema, body);
    const list = await this.list(ctx, id);
    const { items, total } = await pricedListItems(ctx.db, id, await pricingOf(ctx), page);
    return { ...list, items, total, ...page };
  },

  async create(ctx: Ctx, body: unknown): Promise<SavedListView> {
    const user = requireUser(ctx);
    const input = validate(savedListSchema, body);
    const [{ n }] = (await ctx.db.execute<{ n: number }[]>(
      'select count(*)::int as n from saved_list where user_id = ?',
      [user.id],
    )) as [{ n: number }];
    if (n >= SAVED_LIST_LIMITS.lists) {
      const message = `You can keep at most ${SAVED_LIST_LIMITS.lists} lists.`;
      throw new AppError('BAD_USER_INPUT', message, [{ field: 'name', message }]);
    }
    const [row] = await ctx.db
      .execute<{ id: string }[]>(
        'insert into saved_list (user_id, name, description) values (?, ?, ?) returning id',
        [user.id, input.name, input.description],
      )
      .catch(nameTaken);
    return this.list(ctx, row!.id);
  },

  /** `{ id, name, description }`. */
  async edit(ctx: Ctx, body: unknown): Promise<SavedListView> {
    requireUser(ctx);
    const { id } = validate(savedListIdSchema, body);
    const input = validate(savedListSchema, body);
    await this.list(ctx, id);
    await ctx.db
      .execute('update saved_list set name = ?, description = ?, updated_at = now() where id = ?', [
        input.name,
        input.description,
        id,
      ])
      .catch(nameTaken);
    return this.list(ctx, id);
  },

  async remove(ctx: Ctx, body: unknown): Promise<string> {
    requireUser(ctx);
    const { id } = validate(savedListIdSchema, body);
    await this.list(ctx, id);
    await ctx.db.execute('delete from saved_list where id = ?', [id]);
    return id;
  },

  /** Adds items (checked like cart items): an item with the same product and configurations grows. */
  async addItems(ctx: Ctx, body: unknown): Promise<SavedListView> {
    requireUser(ctx);
    const { savedListId: id, items } = validate(addToListSchema, body);
    await this.list(ctx, id);
    await writeItems(ctx, id, mergeSameLines(await checkItems(ctx, items), 'add'));
    return this.list(ctx, id);
  },

  async updateQuantity(ctx: Ctx, body: unknown): Promise<SavedListView> {
    requireUser(ctx);
    const { listId, id: itemId, quantity } = validate(listItemQuantitySchema, body);
    await this.list(ctx, listId);
    const rows = await ctx.db.execute<{ id: string }[]>(
      'update saved_list_item set quantity = ? where id = ? and list_id = ? returning id',
      [quantity, isUuid(itemId) ? itemId : null, listId],
    );
    if (rows.length === 0) throw notFound('List item');
    await touch(ctx, listId);
    return this.list(ctx, listId);
  },

  async removeItems(ctx: Ctx, body: unknown): Promise<SavedListView> {
    requireUser(ctx);
    const { savedListId: listId, ids } = validate(listItemIdsSchema, body);
    await this.list(ctx, listId);
    const wanted = ids.filter((i) => isUuid(i));
    if (wanted.length > 0) {
      await ctx.db.execute('delete from saved_list_item where list_id = ? and id in (?)', [listId, wanted]);
      await touch(ctx, listId);
    }
    return this.list(ctx, listId);
  },

  /** Moves items (all when `ids` is empty) into the cart: added there, then removed from the list. */
  async moveToCart(ctx: Ctx, body: unknown): Promise<CartView> {
    requireUser(ctx);
    const { savedListId: listId, ids } = validate(listItemIdsSchema, body);
    await this.list(ctx, listId);
    const rows = await ctx.db.execute<
      { id: string; itemId: string; quantity: number; configurations: CheckedItem['configurations'] }[]
    >(
      `select id, product_id as "itemId", quantity, configurations from saved_list_item
       where list_id = ? ${ids.length ? 'and id in (?)' : ''} order by date_added`,
      ids.length ? [listId, ids.filter((i) => isUuid(i))] : [listId],
    );
    if (rows.length === 0) return cartService.get(ctx);
    const cart = await cartService.add(
      ctx,
      rows.map((r) => ({
        itemId: r.itemId,
        qty: r.quantity,
        configurations: r.configurations.map((c) => ({
          productConfigurationId: c.id,
          value: c.value,
          type: c.type,
          metadata: c.metadata,
        })),
      })),
    );
    await ctx.db.execute('delete from saved_list_item where list_id = ? and id in (?)', [
      listId,
      rows.map((r) => r.id),
    ]);
    await touch(ctx, listId);
    return cart;
  },

  /** Save for later: cart lines move into the "Saved for later" list (created when first needed). */
  async saveForLater(ctx: Ctx, body: unknown): Promise<CartView> {
    requireUser(ctx);
    const { cartLineIds } = validate(cartLineIdsSchema, body);
    const user = requireUser(ctx);
    const cart = await cartService.get(ctx);
    const lines = cart.orderLines.filter((l) => cartLineIds.includes(l.cartLineId));
    if (lines.length === 0) return cart;
    const [list] = await ctx.db.execute<{ id: string }[]>(
      `insert into saved_list (user_id, name, description) values (?, ?, '')
       on conflict (user_id, lower(name)) do update set updated_at = now() returning id`,
      [user.id, SAVE_FOR_LATER_LIST],
    );
    await writeItems(
      ctx,
      list!.id,
      await checkItems(
        ctx,
        lines.map((l) => ({
          itemId: l.id,
          qty: l.quantity,
          configurations: l.configurations.map((c) => ({
            productConfigurationId: c.id,
            value: c.value,
            type: c.type,
            metadata: c.metadata,
          })),
        })),
      ),
    );
    return cartService.remove(
      ctx,
      lines.map((l) => l.cartLineId),
    );
  },

  /**
   * Quick order: pasted "part-number quantity" lines go into a list, or the cart when `listId` is null.
   * Lines that cannot be read, unknown parts and parts that need a configuration are reported, with their
   * line number; the others are added.
   */
  async quickOrder(ctx: Ctx, body: unknown): Promise<QuickOrderResult> {
    const { text, savedListId: listId } = validate(quickOrderSchema, body);
    if (listId) await this.list(ctx, listId);
    const { lines, problems } = parseQuickOrder(text);
    const found = new Map(
      (
        await catalogService.productsByIds(ctx, [
          ...new Set(lines.flatMap((l) => [l.itemId, l.itemId.toUpperCase()])),
        ])
      ).map((p) => [p.id, p]),
    );
    const pending: { item: CartItem; line: number; text: string }[] = [];
    for (const line of lines) {
      const product = found.get(line.itemId) ?? found.get(line.itemId.toUpperCase());
      const text = `${line.itemId} ${line.qty}`;
      if (!product) {
        problems.push({ line: line.line, text, reason: `Part ${line.itemId} is not in the catalogue.` });
      } else if (product.configurationOptions.some((o) => o.required)) {
        problems.push({
          line: line.line,
          text,
          reason: `${product.id} is made to order: configure it on its product page.`,
        });
      } else {
        pending.push({ item: { itemId: product.id, qty: line.qty }, line: line.line, text });
      }
    }
    // The lines the cart or list refuses (a quantity below the minimum...) are reported and the rest added.
    let added = 0;
    while (pending.length > 0) {
      try {
        const items = pending.map((p) => p.item);
        if (listId) await this.addItems(ctx, { savedListId: listId, items });
        else await cartService.add(ctx, items);
        added = pending.length;
        break;
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'BAD_USER_INPUT') throw err;
        const refused = new Map<number, string>();
        for (const f of err.fields) {
          const index = Number(/^items\[(\d+)\]/.exec(f.field)?.[1] ?? -1);
          if (index >= 0 && !refused.has(index)) refused.set(index, f.message);
        }
        if (refused.size === 0) {
          // Not about one line (the cart is full...): every line stays for the buyer, with the reason.
          problems.push(...pending.map((p) => ({ line: p.line, text: p.text, reason: err.message })));
          break;
        }
        for (const [index, reason] of refused) {
          const p = pending[index]!;
          problems.push({ line: p.line, text: p.text, reason });
        }
        for (const index of [...refused.keys()].sort((a, b) => b - a)) pending.splice(index, 1);
      }
    }
    problems.sort((a, b) => a.line - b.line);
    return { added, problems };
  },
};

/** Upserts items into a list in one statement (the item limit checked as the cart checks its lines). */
async function writeItems(ctx: Ctx, listId: string, items: CheckedItem[]): Promise<void> {
  const [row] = await ctx.db.execute<{ fits: boolean }[]>(
    `with items as (select * from jsonb_to_recordset(?::jsonb)
                    as r(product_id text, quantity int, configurations jsonb, config_key text, ord int)),
     fits as (select (select count(*) from saved_list_item l where l.list_id = ?)
                + (select count(*) from items i where not exists (select 1 from saved_list_item l
                    where l.list_id = ? and l.product_id = i.product_id and l.config_key = i.config_key)) <= ? as ok),
     up as (insert into saved_list_item (list_id, product_id, quantity, configurations, config_key)
            select ?, i.product_id, i.quantity, i.configurations, i.config_key from items i
            where (select ok from fits) order by i.ord
            on conflict (list_id, product_id, config_key)
              do update set quantity = least(saved_list_item.quantity + excluded.quantity, ?)
            returning 1)
     select (select ok from fits) as fits, (select count(*) from up) as written`,
    [
      JSON.stringify(
        items.map((l, ord) => ({
          product_id: l.itemId,
          quantity: l.qty,
          configurations: l.configurations,
          config_key: l.configKey,
          ord,
        })),
      ),
      listId,
      listId,
      SAVED_LIST_LIMITS.itemsPerList,
      listId,
      CART_LIMITS.maxQuantity,
    ],
  );
  if (!row?.fits) {
    const message = `A list holds at most ${SAVED_LIST_LIMITS.itemsPerList} items.`;
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'items', message }]);
  }
  await touch(ctx, listId);
}

const touch = (ctx: Ctx, listId: string) =>
  ctx.db.execute('update saved_list set updated_at = now() where id = ?', [listId]);
