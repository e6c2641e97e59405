import type { ModuleManifest } from '../../common/module-manifest';
import { SupplierResolver } from './supplier.resolver';

export const manifest: ModuleManifest = {
  name: 'supplier',
  resolvers: [SupplierResolver],
};
