/** The content feature to the rest of the client: the not-found message pages show for a missing record. */
export { NotFoundContent } from './NotFoundPage';
