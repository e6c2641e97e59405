/** The search feature to the rest of the client: the product results grid with its facets. */
export { ProductResults } from './ProductResults';
