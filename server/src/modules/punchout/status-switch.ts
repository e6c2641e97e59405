import type { Db } from '../../context';
import { setConsumerActive } from '../events';

/** The events consumer that sends status changes back (status-update.ts). */
export const PUNCHOUT_STATUS_CONSUMER = 'punchout-status';

/**
 * The status consumer is on only while some enabled credential has a status URL (run when a credential is saved, in
 * its transaction, and at start): otherwise an order's status changes write no delivery for it. Status changes
 * written while it is off are not sent once a URL is set.
 */
export const syncPunchoutStatusConsumer = (db: Db) =>
  setConsumerActive(
    db,
    PUNCHOUT_STATUS_CONSUMER,
    "exists (select 1 from punchout_credential where enabled and coalesce(status_url, '') <> '')",
  );
