import type { ModuleManifest } from '../../common/module-manifest';
import { ReturnLine, ReturnRequest } from './returns.entity';
import { ReturnsResolver } from './returns.resolver';
import { returnsRoutes } from './returns.routes';

export const manifest: ModuleManifest = {
  name: 'returns',
  entities: [ReturnRequest, ReturnLine],
  resolvers: [ReturnsResolver],
  routes: [{ prefix: '/', routes: returnsRoutes }],
  seedTruncates: ['return_line', 'return_request'],
};
