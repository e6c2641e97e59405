import type { ModuleManifest } from '../../common/module-manifest';
import {
  DomainEvent,
  DomainEventConsumer,
  DomainEventDelivery,
  DomainEventStream,
  PeriodicRun,
} from './events.entity';

export const manifest: ModuleManifest = {
  name: 'events',
  entities: [DomainEvent, DomainEventStream, DomainEventConsumer, DomainEventDelivery, PeriodicRun],
};
