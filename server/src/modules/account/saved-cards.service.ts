import { saveCardSchema, savedCardIdSchema } from '../../../../domain/checkout.schema';
import { notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx, Db } from '../../context';
import { requireUser } from '../auth';
import type { CardMethod } from '../payment';
import { accountService, SAVED_CARDS_JSON, type SavedCardView, type UserView } from './account.service';

/**
 * Keeps a card the provider saved to the customer `paymentKey` among its owner's saved cards (once, however
 * often told); the first card becomes primary.
 */
export async function rememberSavedCard(db: Db, paymentKey: string, card: CardMethod): Promise<void> {
  await db.execute(
    `with kept as (
       insert into saved_card (user_id, payment_method_id, brand, last4, exp_month, exp_year)
       select id, ?, ?, ?, ?, ? from app_user where payment_key = ?
       on conflict (payment_method_id) do nothing
       returning id, user_id)
     update app_user u set primary_payment_id = kept.id from kept
     where u.id = kept.user_id and u.primary_payment_id is null`,
    [card.id, card.brand, card.last4, card.expMonth, card.expYear, paymentKey],
  );
}

/** A deleted saved card: its payment method at the provider and the customer it is attached to. */
export interface DeletedCard {
  paymentMethodId: string;
  paymentKey: string;
}

/** Deletes one of the user's saved cards (`cardId`), or all of them, in the caller's transaction; the provider still holds them. */
export function deleteSavedCards(ctx: Ctx, userId: string, cardId?: string): Promise<DeletedCard[]> {
  return ctx.db.execute<DeletedCard[]>(
    `delete from saved_card c using app_user u
     where c.user_id = ? and u.id = c.user_id ${cardId ? 'and c.id = ?' : ''}
     returning c.payment_method_id as "paymentMethodId", u.payment_key as "paymentKey"`,
    cardId ? [userId, cardId] : [userId],
    'all',
  );
}

/** The provider forgets deleted cards (after the deletion committed): nobody can charge them any more. */
export async function detachAll(ctx: Ctx, cards: DeletedCard[]): Promise<void> {
  for (const card of cards) await ctx.app.payments.detach(card.paymentMethodId, card.paymentKey);
}

/** The payment key of `user`, made at the provider (once, whoever asks at the same time) when it has none. */
export async function ensurePaymentKey(ctx: Ctx, user: { id: string; email: string }): Promise<string> {
  const known = await savedCardsService.paymentKeyOf(ctx, user.id);
  if (known) return known;
  const customer = await ctx.app.payments.createCustomer({
    email: user.email,
    idempotencyKey: `customer:${user.id}`,
  });
  const [row] = await ctx.db.execute<{ paymentKey: string }[]>(
    `update app_user set payment_key = coalesce(payment_key, ?) where id = ? returning payment_key as "paymentKey"`,
    [customer.id, user.id],
  );
  return row!.paymentKey;
}

/**
 * The signed-in user's saved cards (spec section 4, User state: paymentOptions, primaryPaymentId) and their
 * payment key (the provider's customer, the session's `userInfo.paymentKey`). Cards are saved at checkout (the
 * payment saves its card once it authorises) or from the account page; only their owner's payments can use them.
 */
export const savedCardsService = {
  /** The payment key of `userId`, or null before its initialisation. */
  async paymentKeyOf(ctx: Ctx, userId: string): Promise<string | null> {
    const [row] = await ctx.db.execute<{ paymentKey: string | null }[]>(
      'select payment_key as "paymentKey" from app_user where id = ?',
      [userId],
    );
    return row?.paymentKey ?? null;
  },

  /**
   * Entry point: the payment-key initialisation. Makes the user's provider customer once: the provider's call is
   * idempotent by the user's id and the key is kept only where none is, so parallel calls agree on one key.
   */
  async initializePaymentKey(ctx: Ctx): Promise<string> {
    return ensurePaymentKey(ctx, requireUser(ctx));
  },

  /** Entry point: the signed-in user's saved cards. */
  async list(ctx: Ctx): Promise<SavedCardView[]> {
    const userId = requireUser(ctx).id;
    const [row] = await ctx.db.execute<{ cards: SavedCardView[] }[]>(
      `select ${SAVED_CARDS_JSON} as cards from app_user u where u.id = ?`,
      [userId],
    );
    return row?.cards ?? [];
  },

  /**
   * Entry point: `{ paymentMethodId }`, a card the browser just gave the provider, saved for the signed-in
   * user (the provider refuses one that declines). The saved card.
   */
  async save(ctx: Ctx, body: unknown): Promise<SavedCardView> {
    const user = requireUser(ctx);
    const { paymentMethodId } = validate(saveCardSchema, body);
    const paymentKey = await ensurePaymentKey(ctx, user);
    const card = await ctx.app.payments.attach(paymentMethodId, paymentKey);
    await rememberSavedCard(ctx.db, paymentKey, card);
    return (await this.list(ctx)).find((c) => c.paymentMethodId === card.id)!;
  },

  /** Entry point: `{ id }`, one of the user's saved cards, forgotten here and at the provider. */
  async remove(ctx: Ctx, body: unknown): Promise<void> {
    const userId = requireUser(ctx).id;
    const { id } = validate(savedCardIdSchema, body);
    const [card] = await ctx.db.transactional(async () => {
      const deleted = await deleteSavedCards(ctx, userId, id);
      // The primary card went: the oldest remaining one takes its place.
      await ctx.db.execute(
        `update app_user set primary_payment_id = (
           select id from saved_card where user_id = ? order by created_at limit 1)
         where id = ? and primary_payment_id is null`,
        [userId, userId],
        'run',
      );
      return deleted;
    });
    // Someone else's card answers exactly like a missing one.
    if (!card) throw notFound('Card');
    await detachAll(ctx, [card]);
  },

  /** Entry point: `{ id }`, one of the user's saved cards, becomes primary. */
  async makePrimary(ctx: Ctx, body: unknown): Promise<UserView> {
    const userId = requireUser(ctx).id;
    const { id } = validate(savedCardIdSchema, body);
    const updated = await ctx.db.execute<{ id: string }[]>(
      `update app_user set primary_payment_id = ? where id = ?
         and exists (select 1 from saved_card where id = ? and user_id = ?) returning id`,
      [id, userId, id, userId],
    );
    if (updated.length === 0) throw notFound('Card');
    return accountService.userView(ctx, userId);
  },
};
