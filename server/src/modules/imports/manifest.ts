import type { ModuleManifest } from '../../common/module-manifest';
import { importRoutes } from './imports.routes';

export const manifest: ModuleManifest = {
  name: 'imports',
  routes: [{ prefix: '/imports', routes: importRoutes }],
};
