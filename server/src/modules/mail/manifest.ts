import type { ModuleManifest } from '../../common/module-manifest';
import { AccessLink } from './access-link';
import { OutboxEmail } from './outbox.entity';
import { OutboxResolver } from './outbox.resolver';

export const manifest: ModuleManifest = {
  name: 'mail',
  entities: [OutboxEmail, AccessLink],
  resolvers: [OutboxResolver],
};
