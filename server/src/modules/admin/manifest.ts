import type { ModuleManifest } from '../../common/module-manifest';
import { AdminResolver } from './admin.resolver';
import { adminRoutes } from './admin.routes';
import { ApiKeysResolver } from './api-keys.resolver';

export const manifest: ModuleManifest = {
  name: 'admin',
  resolvers: [AdminResolver, ApiKeysResolver],
  routes: [{ prefix: '/', routes: adminRoutes }],
};
