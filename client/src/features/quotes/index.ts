/** The quotes feature to the rest of the client (decision 049). */
export { QuoteRequestPanel } from './QuoteRequest';
export { QuoteDrawings } from './QuotePages';
export type { QuoteFieldsFragment } from './graphql/quotes.generated';
