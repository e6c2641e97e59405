import type { ModuleManifest } from '../../common/module-manifest';
import { AuditEntry } from './audit.entity';

export const manifest: ModuleManifest = {
  name: 'audit',
  entities: [AuditEntry],
};
