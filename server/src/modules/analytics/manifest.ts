import type { ModuleManifest } from '../../common/module-manifest';
import { ClickstreamEventRow } from './clickstream.entity';

export const manifest: ModuleManifest = {
  name: 'analytics',
  entities: [ClickstreamEventRow],
};
