import { PartStockGql, partStockGql, ShipDateGql, shipDateGql, shipPlan } from '../stock';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { cartService, type CartLineView, type CartView } from './cart.service';
import { CartGql, CartItemInputGql, CartLineGql } from './cart.types';

/** A priced line (of a cart or a saved list: no promotion there) as the GraphQL CartLine type. */
export const cartLineGql = (l: CartLineView & { discount?: number; netLineTotal?: number }): CartLineGql => ({
  ...l,
  discount: l.discount ?? 0,
  netLineTotal: l.netLineTotal ?? l.lineTotal,
  itemId: l.id,
  description: l.description ?? '',
  basePrice: l.basePrice ?? null,
  marketPrice: l.marketPrice ?? null,
  manufacturerPartNumber: l.manufacturerPartNumber ?? null,
  minimumPurchaseQuantity: l.minimumPurchaseQuantity ?? 1,
  minTransfer: l.minTransfer ?? 1,
  maxOrderQuantity: l.maxOrderQuantity ?? null,
  unitOfMeasure: l.unitOfMeasure ?? 'EA',
  image: l.image ?? null,
  inStock: l.inStock ?? true,
  allowedStates: [...(l.allowedStates ?? [])],
});

/** A cart view as the GraphQL Cart type. */
export const cartGql = (cart: CartView): CartGql => ({
  ...cart,
  id: cart.id ?? '-1',
  cartId: cart.id ?? '-1',
  createdById: String(cart.createdById),
  updatedById: String(cart.updatedById),
  customerId: String(cart.customerId),
  orderLines: cart.orderLines.map(cartLineGql),
});

/** GraphQL's cart items as the wire sends them (the service validates them). */
export const wireItems = (input: CartItemInputGql[]) =>
  input.map((i) => ({ ...i, configurations: i.configurations ?? [] }));

/** A line's product category, as analytics names it (spec section 3: item_category, item_category2, …). */
@Resolver(() => CartLineGql)
export class CartLineResolver {
  @FieldResolver(() => [String], {
    description: "The names of the product's categories from the top (its breadcrumb), for analytics",
  })
  async categories(@Root() line: CartLineGql, @Ctx() ctx: RequestCtx): Promise<string[]> {
    if (!line.categoryId) return [];
    const tree = await ctx.catalog.categoryTree();
    const category = tree.byId.get(line.categoryId);
    return category ? tree.breadcrumbs(category).map((c) => c.name) : [];
  }

  @FieldResolver(() => PartStockGql, { description: "The part's stock by warehouse and backorder terms" })
  async stock(@Root() line: CartLineGql, @Ctx() ctx: RequestCtx): Promise<PartStockGql> {
    return partStockGql(await ctx.catalog.stock(line.itemId));
  }

  @FieldResolver(() => ShipDateGql, { description: "When the line's quantity ships, to a state or province" })
  async shipDate(
    @Root() line: CartLineGql,
    @Arg('state', () => String, { nullable: true }) state: string | null,
    @Ctx() ctx: RequestCtx,
  ): Promise<ShipDateGql> {
    return shipDateGql(await shipPlan(ctx, line.itemId, line.quantity, state, line.configurations));
  }
}

/** The caller's cart: signed-in users', or the anonymous visitor's (session). */
@Resolver(() => CartGql)
export class CartResolver {
  @Query(() => CartGql, { description: "The caller's cart, priced now" })
  async cart(
    @Ctx() ctx: RequestCtx,
    @Arg('state', () => String, { nullable: true, description: 'Estimate tax for this shipping state' })
    state?: string | null,
  ): Promise<CartGql> {
    return cartGql(await cartService.get(ctx, state));
  }

  @Mutation(() => CartGql, {
    description:
      'Adds items; a line with the same product and configurations grows, once per idempotencyKey when one is sent',
  })
  async addToCart(
    @Arg('items', () => [CartItemInputGql]) input: CartItemInputGql[],
    @Ctx() ctx: RequestCtx,
    @Arg('idempotencyKey', () => String, {
      nullable: true,
      description: 'Sent again with the same key (a retry, a replay), the add is not applied twice',
    })
    idempotencyKey?: string | null,
  ): Promise<CartGql> {
    return cartGql(await cartService.addItems(ctx, { items: wireItems(input) }, idempotencyKey));
  }

  @Mutation(() => CartGql, { description: "Sets the quantities of the items' lines" })
  async updateCart(
    @Arg('items', () => [CartItemInputGql]) input: CartItemInputGql[],
    @Ctx() ctx: RequestCtx,
  ): Promise<CartGql> {
    return cartGql(await cartService.setItems(ctx, { items: wireItems(input) }));
  }

  @Mutation(() => CartGql, { description: 'Removes lines by cartLineId' })
  async removeFromCart(
    @Arg('cartLineIds', () => [ID]) cartLineIds: string[],
    @Ctx() ctx: RequestCtx,
  ): Promise<CartGql> {
    return cartGql(
      await cartService.removeLines(ctx, { items: cartLineIds.map((cartLineId) => ({ cartLineId })) }),
    );
  }

  @Mutation(() => CartGql, {
    description:
      'Keeps a promotion code on the cart (any case). Refused in the field code with the reason when it does not apply now; too many refused attempts: TOO_MANY_REQUESTS',
  })
  async applyCartCode(@Arg('code', () => String) code: string, @Ctx() ctx: RequestCtx): Promise<CartGql> {
    return cartGql(await cartService.applyCode(ctx, code));
  }

  @Mutation(() => CartGql, { description: 'Takes a promotion code off the cart' })
  async removeCartCode(@Arg('code', () => String) code: string, @Ctx() ctx: RequestCtx): Promise<CartGql> {
    return cartGql(await cartService.removeCode(ctx, code));
  }

  @Mutation(() => CartGql, { description: 'Empties the cart' })
  async clearCart(@Ctx() ctx: RequestCtx): Promise<CartGql> {
    return cartGql(await cartService.clear(ctx));
  }
}
