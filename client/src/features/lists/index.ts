/** The saved-lists feature to the rest of the client: Save to list, and the quick order form. */
export { SaveToList } from './SaveToList';
export { QuickOrderForm } from './QuickOrderForm';
export { SendToBuyer } from './SendToBuyer';
