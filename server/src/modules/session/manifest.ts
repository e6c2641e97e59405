import type { ModuleManifest } from '../../common/module-manifest';
import { Session } from './session.entity';

export const manifest: ModuleManifest = {
  name: 'session',
  entities: [Session],
};
