import { array, number, object, string, type InferType } from 'yup';
import { CART_LIMITS } from './cart';
import { cartItemListSchema, cartQuantitySchema } from './cart.schema';
import { oneLine, plainText } from './text.schema';

/** Saved lists (spec section 3: id, name, description, items) and quick order, shared by server and client. */

export const SAVED_LIST_LIMITS = { lists: 50, itemsPerList: 500, quickOrderLines: 200 } as const;
/** The list "save for later" moves cart lines into (created when first needed). */
export const SAVE_FOR_LATER_LIST = 'Saved for later';

/**
 * Who sees a list besides its owner (decision 045): nobody, or the owner's company, reading it or editing its
 * items. The name, the sharing and the list itself stay the owner's.
 */
export const SAVED_LIST_SHARING = ['private', 'read', 'edit'] as const;
export type SavedListSharing = (typeof SAVED_LIST_SHARING)[number];

/** Create and edit a list (POST /product/create-save-list, /product/edit-saved-list); no sharing (or null): unchanged. */
export const savedListSchema = object({
  name: string()
    .trim()
    .required('List name is required')
    .max(80, 'List names are limited to 80 characters')
    .test(oneLine),
  description: string()
    .trim()
    .max(500, 'Descriptions are limited to 500 characters')
    .default('')
    .test(oneLine),
  sharing: string<SavedListSharing>()
    .nullable()
    .oneOf([...SAVED_LIST_SHARING, null], 'Choose who sees the list.')
    .optional(),
});
export type SavedListInput = InferType<typeof savedListSchema>;

export interface QuickOrderLine {
  /** 1-based line number in the pasted text. */
  line: number;
  itemId: string;
  qty: number;
}

export interface QuickOrderProblem {
  line: number;
  text: string;
  reason: string;
}

/**
 * Quick order: one "part-number quantity" a line (separated by spaces, tabs, commas or semicolons; a part
 * number alone means 1). Blank lines are skipped; lines that cannot be read are reported with their number.
 */
export function parseQuickOrder(text: string): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    const parts = trimmed.split(/[\s,;]+/).filter(Boolean);
    if (parts.length > 2) {
      problems.push({
        line,
        text: trimmed,
        reason: 'Write a part number and a quantity, e.g. SFU1605-500 2.',
      });
      return;
    }
    const [itemId, qtyText = '1'] = parts;
    const qty = Number(qtyText);
    if (!Number.isInteger(qty) || qty < 1 || qty > CART_LIMITS.maxQuantity) {
      problems.push({
        line,
        text: trimmed,
        reason: `The quantity must be a whole number from 1 to ${CART_LIMITS.maxQuantity.toLocaleString('en-US')}.`,
      });
      return;
    }
    lines.push({ line, itemId: itemId!, qty });
  });
  if (lines.length + problems.length > SAVED_LIST_LIMITS.quickOrderLines) {
    return {
      lines: [],
      problems: [
        { line: 0, text: '', reason: `Paste at most ${SAVED_LIST_LIMITS.quickOrderLines} lines at once.` },
      ],
    };
  }
  return { lines, problems };
}

const listId = (label = 'savedListId') =>
  string().trim().required(`${label} is required`).uuid('List not found');
const pageSize = `Page size must be from 1 to ${SAVED_LIST_LIMITS.itemsPerList}`;

/** POST /product/add-item-to-save-list: the list and the items (the cart's item shape). */
export const addToListSchema = object({
  savedListId: listId(),
  items: cartItemListSchema,
});

/** POST /product/get-all-saved-list-items: the list and a page. */
export const listItemsSchema = object({
  id: listId('id'),
  params: object({
    page: number().typeError('Page must be 1 or more').integer().min(1, 'Page must be 1 or more').default(1),
    pageSize: number()
      .typeError(pageSize)
      .integer(pageSize)
      .min(1, pageSize)
      .max(SAVED_LIST_LIMITS.itemsPerList, pageSize)
      .default(50),
  }).default({}),
});

/** POST /product/update-item-quantity. */
export const listItemQuantitySchema = object({
  listId: listId('listId'),
  id: string().trim().required('id is required').uuid('Item not found'),
  quantity: cartQuantitySchema,
});

/** DELETE /product/delete-items-saved-list, and moving items to the cart (no ids: all of them). */
export const listItemIdsSchema = object({
  savedListId: listId(),
  ids: array(string().trim().uuid('Item not found').defined())
    .max(SAVED_LIST_LIMITS.itemsPerList)
    .default([]),
});

/** Quick order: the pasted text, into a list or (no list) the cart. */
export const quickOrderSchema = object({
  text: string()
    .required('Paste part numbers and quantities, one a line')
    .max(20_000, 'Paste at most 200 lines at once.')
    .test('not-blank', 'Paste part numbers and quantities, one a line', (v) => !!v?.trim())
    .test(plainText),
  savedListId: string().trim().uuid('List not found').nullable().default(null),
});

/** A saved list named by its id (edit, delete). */
export const savedListIdSchema = object({
  id: string().trim().required('id is required').uuid('List not found'),
});

/** Cart lines to save for later. */
export const cartLineIdsSchema = object({
  cartLineIds: array(string().trim().uuid('Line not found').defined())
    .required('cartLineIds is required')
    .max(200),
});
