/** The catalogue feature to the rest of the client: its categories and the queries content pages share. */
export { useParentCategories } from './hooks';
export {
  CadFilesDocument,
  CadProductsDocument,
  ProjectPartsDocument,
  type CadFilesQuery,
  type ProjectPartsQuery,
} from './graphql/catalog.generated';
