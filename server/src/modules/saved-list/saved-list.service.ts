import { isUuid } from '../../../../domain/ids';
import { CART_LIMITS, type CartItem } from '../../../../domain/cart';
import { pricingOf, catalogService } from '../catalog';
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
  type SavedListSharing,
} from '../../../../domain/saved-lists';
import { COMPANY_ROLES } from '../../../../domain/company';
import { validate } from '../../common/validate';
import { AppError, notFound } from '../../common/errors';
import type { Ctx, Db } from '../../context';
import { requireUser } from '../auth';
import {
  cartService,
  mergeSameLines,
  pricedListItems,
  type CartLineView,
  type CartView,
  checkItems,
  type CheckedItem,
} from '../cart';

export interface SavedListView {
  id: string;
  name: string;
  description: string;
  /** Who else sees it (decision 045): private, or the owner's company reading ('read') or editing ('edit'). */
  sharing: SavedListSharing;
  itemCount: number;
  /** The caller's own list (they rename, share and delete it). */
  mine: boolean;
  /** The colleague who shares it, or null for the caller's own. */
  ownerName: string | null;
  /** Whether the caller may change its items. */
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the caller does with a list: read it, change its items, or what only its owner does. */
type ListAccess = 'read' | 'edit' | 'own';

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

/**
 * The lists the caller (`me`, the first parameter) sees: their own, and those their company's members share with
 * it. A viewer of the company reads a list shared for editing.
 */
const VISIBLE_LISTS = `saved_list l join app_user o on o.id = l.user_id join app_user me on me.id = ?
  where l.user_id in (select x.id from app_user x where x.id = me.id
      or (x.account_id = me.account_id and x.company_role is not null and me.company_role is not null))
    and (l.user_id = me.id or l.sharing <> 'private')`;

const LIST_COLUMNS = `l.id, l.name, l.description, l.sharing, l.created_at as "createdAt", l.updated_at as "updatedAt",
  (select count(*)::int from saved_list_item i where i.list_id = l.id) as "itemCount",
  l.user_id = me.id as mine,
  case when l.user_id <> me.id then trim(concat_ws(' ', o.first_name, o.last_name)) end as "ownerName",
  (l.user_id = me.id or (l.sharing = 'edit' and me.company_role <> ${COMPANY_ROLES.Viewer})) as "canEdit"`;

/**
 * A member leaving their company (or moving to another) stops sharing their lists: a list shared with one company
 * is never shown to the next. Called before the member's company changes to `accountId` (null: none).
 */
export async function unshareLists(db: Db, userId: string, accountId: string | null): Promise<void> {
  await db.execute(
    `update saved_list set sharing = 'private' where user_id = ? and sharing <> 'private'
       and (select account_id from app_user where id = ?) is distinct from ?::uuid`,
    [userId, userId, accountId],
    'run',
  );
}

type ListRow = Omit<SavedListView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const view = (r: ListRow): SavedListView => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/**
 * Only a member of a company shares a list (with it). Their row is read `for share` in the write's transaction, so
 * they cannot leave the company between the check and the write.
 */
async function checkSharing(ctx: Ctx, sharing: SavedListSharing | null | undefined): Promise<void> {
  if (!sharing || sharing === 'private') return;
  const [me] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    'select account_id as "accountId", company_role as role from app_user where id = ? for share',
    [requireUser(ctx).id],
    'all',
  );
  if (!me?.accountId || me.role === null) {
    const message = 'Only members of a company share lists.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'sharing', message }]);
  }
}

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
  /** The caller's lists, then those their colleagues share with the company, last changed first. */
  async lists(ctx: Ctx): Promise<SavedListView[]> {
    const user = requireUser(ctx);
    const rows = await ctx.db.execute<ListRow[]>(
      `select ${LIST_COLUMNS} from ${VISIBLE_LISTS} order by l.user_id = me.id desc, l.updated_at desc, l.name`,
      [user.id],
    );
    return rows.map(view);
  },

  /**
   * A list the caller sees, for `access` (default: reading); 404 when they do not see it, 422 when they see it
   * but may not do that with it.
   */
  async list(ctx: Ctx, id: string, access: ListAccess = 'read'): Promise<SavedListView> {
    const user = requireUser(ctx);
    if (!isUuid(id)) throw notFound('List');
    const [row] = await ctx.db.execute<ListRow[]>(
      `select ${LIST_COLUMNS} from ${VISIBLE_LISTS} and l.id = ?`,
      [user.id, id],
    );
    if (!row) throw notFound('List');
    if (access === 'own' && !row.mine) {
      throw new AppError('UNPROCESSABLE', "Only the list's owner can rename, share or delete it.");
    }
    if (access === 'edit' && !row.canEdit) {
      throw new AppError(
        'UNPROCESSABLE',
        'This list is shared for reading: only its owner changes its items.',
      );
    }
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
    const id = await ctx.db.transactional(async () => {
      await checkSharing(ctx, input.sharing);
      const [row] = await ctx.db
        .execute<{ id: string }[]>(
          'insert into saved_list (user_id, name, description, sharing) values (?, ?, ?, ?) returning id',
          [user.id, input.name, input.description, input.sharing ?? 'private'],
          'all',
        )
        .catch(nameTaken);
      return row!.id;
    });
    return this.list(ctx, id);
  },

  /** `{ id, name, description, sharing? }` (the owner's; no sharing: unchanged). */
  async edit(ctx: Ctx, body: unknown): Promise<SavedListView> {
    requireUser(ctx);
    const { id } = validate(savedListIdSchema, body);
    const input = validate(savedListSchema, body);
    await this.list(ctx, id, 'own');
    await ctx.db.transactional(async () => {
      await checkSharing(ctx, input.sharing);
      await ctx.db
        .execute(
          `update saved_list set name = ?, description = ?, sharing = coalesce(?, sharing), updated_at = now()
           where id = ?`,
          [input.name, input.description, input.sharing ?? null, id],
          'run',
        )
        .catch(nameTaken);
    });
    return this.list(ctx, id);
  },

  async remove(ctx: Ctx, body: unknown): Promise<string> {
    requireUser(ctx);
    const { id } = validate(savedListIdSchema, body);
    await this.list(ctx, id, 'own');
    await ctx.db.execute('delete from saved_list where id = ?', [id]);
    return id;
  },

  /** Adds items (checked like cart items): an item with the same product and configurations grows. */
  async addItems(ctx: Ctx, body: unknown): Promise<SavedListView> {
    requireUser(ctx);
    const { savedListId: id, items } = validate(addToListSchema, body);
    await this.list(ctx, id, 'edit');
    await writeItems(ctx, id, mergeSameLines(await checkItems(ctx, items), 'add'));
    return this.list(ctx, id);
  },

  async updateQuantity(ctx: Ctx, body: unknown): Promise<SavedListView> {
    requireUser(ctx);
    const { listId, id: itemId, quantity } = validate(listItemQuantitySchema, body);
    await this.list(ctx, listId, 'edit');
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
    await this.list(ctx, listId, 'edit');
    const wanted = ids.filter((i) => isUuid(i));
    if (wanted.length > 0) {
      await ctx.db.execute('delete from saved_list_item where list_id = ? and id in (?)', [listId, wanted]);
      await touch(ctx, listId);
    }
    return this.list(ctx, listId);
  },

  /**
   * Moves items (all when `ids` is empty) into the cart: added there, then removed from the caller's own list. A
   * list a colleague shares is the company's to reorder from: its items are copied, and it stays whole.
   */
  async moveToCart(ctx: Ctx, body: unknown): Promise<CartView> {
    requireUser(ctx);
    const { savedListId: listId, ids } = validate(listItemIdsSchema, body);
    const list = await this.list(ctx, listId);
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
    if (!list.mine) return cart;
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
    if (listId) await this.list(ctx, listId, 'edit');
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
