import type { ModuleManifest } from '../../common/module-manifest';
import { PunchoutCredential, PunchoutMessage, PunchoutSession, PunchoutTransfer } from './punchout.entity';
import { PunchoutResolver } from './punchout.resolver';

export const manifest: ModuleManifest = {
  name: 'punchout',
  entities: [PunchoutCredential, PunchoutSession, PunchoutMessage, PunchoutTransfer],
  resolvers: [PunchoutResolver],
};
