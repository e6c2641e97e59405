import { backInStockSchema } from '../../../../domain/catalog';
import { productPath } from '../../../../domain/routes';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { limitMail } from '../account';
import { tokenHash } from '../../common/tokens';
import { LINK_TOKEN, sendMessage } from '../mail';
import { catalogService } from './catalog.service';

/** Requests one address may have open (confirmed and waiting, or waiting for its confirmation): decision 053. */
export const BACK_IN_STOCK_OPEN_MAX = 25;
/** How long a confirmation link works; an unconfirmed request older than this no longer counts as open. */
export const BACK_IN_STOCK_CONFIRM_DAYS = 7;

/**
 * What became of a request: `created` (a signed-in buyer's own address: active now), `confirmation_sent` (signed
 * out: the address's owner was e-mailed a link, nothing is sent until they open it), `already_requested` (this
 * address already waits for the item, confirmed).
 */
export type BackInStockStatus = 'created' | 'confirmation_sent' | 'already_requested';

export interface BackInStockAnswer {
  email: string;
  itemId: string;
  status: BackInStockStatus;
  /** Kept for older clients: false only for `already_requested`. */
  created: boolean;
}

const OWN_ADDRESS_ONLY = 'Signed in, you can ask for notices only at your own e-mail address.';
const TOO_MANY_OPEN = `This e-mail address already waits for ${BACK_IN_STOCK_OPEN_MAX} items. We will write as each comes back in stock.`;

interface Existing {
  id: string;
  confirmed: boolean;
  notified: boolean;
}

/**
 * Open requests of an address for other items than `itemId`: not yet answered, and confirmed or with a
 * confirmation link still good.
 */
async function openRequests(ctx: Ctx, email: string, itemId: string): Promise<number> {
  const [row] = await ctx.db.execute<{ n: number }[]>(
    `select count(*)::int as n from back_in_stock_request
     where email = ? and product_id <> ? and notified_at is null
       and (confirmed_at is not null or created_at > now() - make_interval(days => ?))`,
    [email, itemId, BACK_IN_STOCK_CONFIRM_DAYS],
  );
  return row?.n ?? 0;
}

/**
 * Back-in-stock requests (decision 053). REST (`POST /api/product/itemNotification`) and GraphQL
 * (`notifyBackInStock`) call `request`; the e-mailed link calls `confirm`.
 */
export const backInStockService = {
  /** Entry point: `{ email, itemId }`, one request per address and item. */
  async request(ctx: Ctx, body: unknown): Promise<BackInStockAnswer> {
    const input = validate(backInStockSchema, body);
    const email = input.email.toLowerCase();
    const user = ctx.user;
    // Signed in, the store knows whose address it is: only that one (anyone else's would need their click).
    if (user && user.email.toLowerCase() !== email) {
      throw new AppError('BAD_USER_INPUT', OWN_ADDRESS_ONLY, [{ field: 'email', message: OWN_ADDRESS_ONLY }]);
    }
    const product = await catalogService.requireProduct(ctx, input.itemId);
    const itemId = product.id;
    const answer = (status: BackInStockStatus): BackInStockAnswer => ({
      email: input.email,
      itemId,
      status,
      created: status !== 'already_requested',
    });

    const [existing] = await ctx.db.execute<Existing[]>(
      `select id, confirmed_at is not null as confirmed, notified_at is not null as notified
       from back_in_stock_request where email = ? and product_id = ?`,
      [email, itemId],
    );
    // Only the address's owner learns that it already waits: signed out, the answer is the one any request gets
    // (nothing is sent: the owner is already on the list), so nobody can probe who asked for what.
    if (existing?.confirmed && !existing.notified)
      return answer(user ? 'already_requested' : 'confirmation_sent');
    // Anything else (new, answered before, or waiting for its confirmation) must fit under the address's cap.
    if ((await openRequests(ctx, email, itemId)) >= BACK_IN_STOCK_OPEN_MAX) {
      throw new AppError('UNPROCESSABLE', TOO_MANY_OPEN, [{ field: 'email', message: TOO_MANY_OPEN }]);
    }

    if (user) {
      await ctx.db.execute(
        `insert into back_in_stock_request (email, product_id, locale, site, confirmed_at) values (?, ?, ?, ?, now())
         on conflict (email, product_id) do update set notified_at = null, created_at = now(), confirmed_at = now(),
           token_hash = null, token_expires_at = null, locale = excluded.locale, site = excluded.site`,
        [email, itemId, ctx.locale, ctx.site],
      );
      return answer('created');
    }

    // Signed out: an e-mail to the address, limited as the store's other e-mails (counted before, so a refusal
    // still counts). The limit is committed on its own: the request below may still fail.
    await limitMail(ctx, 'back-in-stock', email);
    const expiresAt = new Date(Date.now() + BACK_IN_STOCK_CONFIRM_DAYS * 86_400_000);
    await ctx.db.transactional(async () => {
      const [made] = await ctx.db.execute<{ id: string }[]>(
        `insert into back_in_stock_request (email, product_id, locale, site) values (?, ?, ?, ?)
         on conflict (email, product_id) do update set notified_at = null, created_at = now(), confirmed_at = null,
           token_hash = null, token_expires_at = null, locale = excluded.locale, site = excluded.site
         returning id`,
        [email, itemId, ctx.locale, ctx.site],
        'all',
      );
      const site = ctx.app.auth.siteUrl(ctx.site);
      await sendMessage(ctx.db, ctx.log, {
        to: email,
        locale: ctx.locale,
        message: {
          kind: 'back-in-stock-confirm',
          name: product.name,
          partNumber: itemId,
          url: `${site}/api/product/itemNotification/confirm?item=${encodeURIComponent(itemId)}&token=${LINK_TOKEN}`,
          days: BACK_IN_STOCK_CONFIRM_DAYS,
        },
        link: { kind: 'back-in-stock', ref: made!.id, expiresAt },
      });
    });
    return answer('confirmation_sent');
  },

  /**
   * Entry point: the e-mailed link (`token`, and `item` to come back to). Confirms the request its token was made
   * for, once; answers where the browser goes: the part's page saying it is confirmed, or that the link did not
   * work (used, replaced by a newer one, expired, or made up).
   */
  async confirm(ctx: Ctx, input: { token: string; item: string }): Promise<string> {
    const rows = input.token
      ? await ctx.db.execute<{ productId: string }[]>(
          `update back_in_stock_request set confirmed_at = now(), token_hash = null, token_expires_at = null
           where token_hash = ? and token_expires_at > now() and confirmed_at is null and notified_at is null
           returning product_id as "productId"`,
          [tokenHash(input.token)],
        )
      : [];
    const confirmed = rows[0]?.productId;
    if (confirmed) return `${productPath(confirmed)}?backInStock=confirmed`;
    return `${input.item ? productPath(input.item.slice(0, 200)) : '/'}?backInStock=expired`;
  },
};
