import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { cartGql, cartLineGql, wireItems, CartGql, CartItemInputGql } from '../cart';
import { savedListService } from './saved-list.service';
import { QuickOrderResultGql, SavedListGql, SavedListInputGql, SavedListPageGql } from './saved-list.types';

const listInput = (input: SavedListInputGql) => ({
  name: input.name,
  description: input.description ?? '',
  sharing: input.sharing ?? undefined,
});

/** The signed-in user's saved lists; quick order (into a list, or the cart for anyone). */
@Resolver(() => SavedListGql)
export class SavedListResolver {
  @Authorized()
  @Query(() => [SavedListGql], {
    description: "The signed-in user's lists, then those their company's members share, last changed first",
  })
  savedLists(@Ctx() ctx: RequestCtx) {
    return savedListService.lists(ctx);
  }

  @Authorized()
  @Query(() => SavedListPageGql, { description: 'A list with a page of its items' })
  async savedList(
    @Arg('id', () => ID) id: string,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize: number | null,
    @Ctx() ctx: RequestCtx,
  ) {
    const list = await savedListService.items(ctx, {
      id,
      params: { page: page ?? 1, pageSize: pageSize ?? 50 },
    });
    return { ...list, items: list.items.map(cartLineGql) };
  }

  @Authorized()
  @Mutation(() => SavedListGql)
  createSavedList(@Arg('input', () => SavedListInputGql) input: SavedListInputGql, @Ctx() ctx: RequestCtx) {
    return savedListService.create(ctx, listInput(input));
  }

  @Authorized()
  @Mutation(() => SavedListGql)
  editSavedList(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SavedListInputGql) input: SavedListInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return savedListService.edit(ctx, { id, ...listInput(input) });
  }

  @Authorized()
  @Mutation(() => Boolean)
  async deleteSavedList(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    await savedListService.remove(ctx, { id });
    return true;
  }

  @Authorized()
  @Mutation(() => SavedListGql, {
    description: 'Adds items; one with the same product and configurations grows',
  })
  addToSavedList(
    @Arg('listId', () => ID) listId: string,
    @Arg('items', () => [CartItemInputGql]) items: CartItemInputGql[],
    @Ctx() ctx: RequestCtx,
  ) {
    return savedListService.addItems(ctx, { savedListId: listId, items: wireItems(items) });
  }

  @Authorized()
  @Mutation(() => SavedListGql)
  updateSavedListItem(
    @Arg('listId', () => ID) listId: string,
    @Arg('id', () => ID) id: string,
    @Arg('quantity', () => Int) quantity: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return savedListService.updateQuantity(ctx, { listId, id, quantity });
  }

  @Authorized()
  @Mutation(() => SavedListGql)
  removeSavedListItems(
    @Arg('listId', () => ID) listId: string,
    @Arg('ids', () => [ID]) ids: string[],
    @Ctx() ctx: RequestCtx,
  ) {
    return savedListService.removeItems(ctx, { savedListId: listId, ids });
  }

  @Authorized()
  @Mutation(() => CartGql, { description: 'Moves items (all when ids is empty) from a list to the cart' })
  async moveSavedItemsToCart(
    @Arg('listId', () => ID) listId: string,
    @Arg('ids', () => [ID], { nullable: true }) ids: string[] | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return cartGql(await savedListService.moveToCart(ctx, { savedListId: listId, ids: ids ?? [] }));
  }

  @Authorized()
  @Mutation(() => CartGql, { description: 'Save for later: cart lines move into the "Saved for later" list' })
  async saveForLater(@Arg('cartLineIds', () => [ID]) cartLineIds: string[], @Ctx() ctx: RequestCtx) {
    return cartGql(await savedListService.saveForLater(ctx, { cartLineIds }));
  }

  @Mutation(() => QuickOrderResultGql, {
    description:
      'Pasted "part-number quantity" lines into a list (signed in) or the cart; lines not understood are reported',
  })
  quickOrder(
    @Arg('text', () => String) text: string,
    @Arg('listId', () => ID, { nullable: true }) listId: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return savedListService.quickOrder(ctx, { text, savedListId: listId });
  }
}
