import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { belowCatalogueMessage, needsPriceApproval } from '../../../../domain/price-approval';
import { ROLES } from '../../../../domain/roles';
import { AppError, type FieldError } from '../../common/errors';
import type { Ctx } from '../../context';

declare module '../../context' {
  interface AppServices {
    /** STAFF_DISCOUNT_LIMIT_PCT: how far below the catalogue price CustomerService may price (decision 054). */
    staffDiscountLimitPct: number;
  }
}

/** A priced line as the audit trail names it: which line, its catalogue price and the price given. */
export interface HeldPrice {
  line: number;
  itemId: string | null;
  cataloguePrice: number | null;
  price: number;
  /** The form's field the price is in (`lines[0].unitPrice`). */
  field: string;
}

/** The lines whose price needs a Service or Admin role (more than the store's share below the catalogue, or zero). */
export function heldPrices(ctx: Ctx, lines: readonly HeldPrice[]): HeldPrice[] {
  return lines.filter((l) => needsPriceApproval(l.price, l.cataloguePrice, ctx.app.staffDiscountLimitPct));
}

/** The caller is a Service or Admin user: they may give such prices. */
export const mayGiveHeldPrices = (ctx: Ctx) =>
  CONSOLE_ACCESS.belowCataloguePrices.some((name) => ROLES[name] === ctx.user?.role);

/** Refuses held prices to a caller without the role, next to each price; `also` says what they may do instead. */
export function refuseHeldPrices(ctx: Ctx, held: readonly HeldPrice[]): void {
  if (!held.length || mayGiveHeldPrices(ctx)) return;
  const message = belowCatalogueMessage(ctx.app.staffDiscountLimitPct);
  const fields: FieldError[] = held.map((l) => ({ field: l.field, message }));
  throw new AppError('FORBIDDEN', message, fields);
}

/** A staff member as the audit trail names them: id, name and e-mail. */
export async function staffNamed(
  ctx: Ctx,
  userId: string | null,
): Promise<{ id: string; name: string; email: string } | null> {
  if (!userId) return null;
  const [row] = await ctx.db.execute<{ id: string; name: string; email: string }[]>(
    `select id, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name, email
     from app_user where id = ?`,
    [userId],
    'all',
  );
  return row ?? null;
}

/** Held prices as the audit trail keeps them. */
export const heldForAudit = (held: readonly HeldPrice[]) =>
  held.map(({ line, itemId, cataloguePrice, price }) => ({ line, itemId, cataloguePrice, price }));
