/**
 * Business events (decision 065): `publish` writes them with the change, the dispatcher hands them to in-process
 * consumers after the commit; the feed (decision 070) numbers them after commit and pages them to partners, seen
 * through the one visibility rule; periodic jobs run once per interval for the fleet (`oncePerFleet`). A leaf: it imports no other module, every module may use it.
 */
export { publish, registerAttachment, type AttachmentSql, type EventType, type NewEvent } from './publish';
export {
  EventDispatcher,
  MAX_DELIVERY_ATTEMPTS,
  setConsumerActive,
  type DeliveredEvent,
  type DispatcherWorker,
  type EventConsumer,
} from './dispatcher';
export {
  assignPositions,
  cursorOf,
  feedConsumer,
  positionOf,
  readFeed,
  type FeedEvent,
  type FeedOptions,
  type FeedPage,
} from './feed';
export { brandOfUserSql, eventVisibleTo, viewerRow, type EventViewer } from './visibility';
export { claimRun, oncePerFleet } from './periodic';
