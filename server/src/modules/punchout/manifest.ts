import type { ModuleManifest } from '../../common/module-manifest';
import { PunchoutConsoleResolver } from './console.resolver';
import { PunchoutOrder } from './punchout-order.entity';
import { PunchoutCredential, PunchoutMessage, PunchoutSession, PunchoutTransfer } from './punchout.entity';
import { PunchoutResolver } from './punchout.resolver';

export const manifest: ModuleManifest = {
  name: 'punchout',
  entities: [PunchoutCredential, PunchoutSession, PunchoutMessage, PunchoutTransfer, PunchoutOrder],
  resolvers: [PunchoutResolver, PunchoutConsoleResolver],
  // Punchout orders name store orders: a new demo catalogue empties them with the orders.
  seedTruncates: ['punchout_order'],
};
