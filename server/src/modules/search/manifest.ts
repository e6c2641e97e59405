import type { ModuleManifest } from '../../common/module-manifest';
import {
  ProductSearch,
  SearchAttribution,
  SearchClick,
  SearchIndexState,
  SearchTerm,
  TypeaheadAnswer,
} from './search.entity';
import { SearchResolver } from './search.resolver';
import { searchRoutes } from './search.routes';

export const manifest: ModuleManifest = {
  name: 'search',
  entities: [ProductSearch, SearchTerm, SearchClick, SearchIndexState, TypeaheadAnswer, SearchAttribution],
  resolvers: [SearchResolver],
  routes: [{ prefix: '/', routes: searchRoutes }],
  // The search index is rebuilt from the new catalogue (refreshSearchIndex).
  seedTruncates: ['product_search'],
};
