/**
 * Business events (decision 065): `publish` writes them with the change, the dispatcher hands them to in-process
 * consumers after the commit. A leaf: it imports no other module, every module may use it.
 */
export { publish, type EventType, type NewEvent } from './publish';
export {
  EventDispatcher,
  MAX_DELIVERY_ATTEMPTS,
  type DeliveredEvent,
  type DispatcherWorker,
  type EventConsumer,
} from './dispatcher';
