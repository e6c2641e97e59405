import type { ModuleManifest } from '../../common/module-manifest';
import { PunchoutConsoleResolver } from './console.resolver';
import { PunchoutCredential, PunchoutMessage, PunchoutSession, PunchoutTransfer } from './punchout.entity';

export const manifest: ModuleManifest = {
  name: 'punchout',
  entities: [PunchoutCredential, PunchoutSession, PunchoutMessage, PunchoutTransfer],
  resolvers: [PunchoutConsoleResolver],
};
