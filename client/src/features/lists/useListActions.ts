import { useMutation } from '@apollo/client/react';
import {
  DeleteSavedListDocument,
  EditSavedListDocument,
  MoveSavedItemsToCartDocument,
  QuickOrderDocument,
  RemoveSavedListItemsDocument,
  UpdateSavedListItemDocument,
} from './graphql/lists.generated';
import { AddToSavedListDocument, CreateSavedListDocument } from './graphql/saveToList.generated';

/**
 * What a shopper does to saved lists, each with what it refreshes (issue 29, item 9): pages call these and
 * never hold a mutation of their own.
 */
export function useListActions() {
  const lists = { refetchQueries: ['SavedList', 'SavedLists'] };
  const [create] = useMutation(CreateSavedListDocument, { refetchQueries: ['SavedLists'] });
  const [add] = useMutation(AddToSavedListDocument, lists);
  const [updateItem] = useMutation(UpdateSavedListItemDocument, lists);
  const [removeItems] = useMutation(RemoveSavedListItemsDocument, lists);
  const [moveToCart] = useMutation(MoveSavedItemsToCartDocument, {
    refetchQueries: ['SavedList', 'SavedLists', 'Cart'],
  });
  const [destroy] = useMutation(DeleteSavedListDocument, { refetchQueries: ['SavedLists'] });
  const [edit] = useMutation(EditSavedListDocument, lists);
  return { create, add, updateItem, removeItems, moveToCart, destroy, edit };
}

/** Quick order into a list (`listId`) or, without one, the cart. */
export function useQuickOrder(listId: string | null) {
  return useMutation(QuickOrderDocument, {
    refetchQueries: listId ? ['SavedList', 'SavedLists'] : ['Cart'],
  });
}
