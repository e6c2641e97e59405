import type { ModuleManifest } from '../../common/module-manifest';
import { Site } from './site.entity';
import { SiteResolver } from './site.resolver';

export const manifest: ModuleManifest = {
  name: 'site',
  entities: [Site],
  resolvers: [SiteResolver],
};
