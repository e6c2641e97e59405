import type { ModuleManifest } from '../../common/module-manifest';
import { SavedList, SavedListItem } from './saved-list.entity';
import { SavedListResolver } from './saved-list.resolver';
import { savedListRoutes } from './saved-list.routes';

export const manifest: ModuleManifest = {
  name: 'saved-list',
  entities: [SavedList, SavedListItem],
  resolvers: [SavedListResolver],
  routes: [{ prefix: '/', routes: savedListRoutes }],
  seedTruncates: ['saved_list_item'],
};
