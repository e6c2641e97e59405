import express, { Router } from 'express';
import { CLICKSTREAM_LIMITS, clickstreamBatchSchema, eventsOf } from '../../../../domain/clickstream';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { SqlConnection } from '../../context';

const APP_NAME = /^[A-Za-z0-9_-]{1,40}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** Stores a batch of validated events in one statement: all of them or none. */
export async function storeEvents(db: SqlConnection, appName: string, country: string, events: object[]) {
  await db.execute(
    `insert into clickstream_event (event_time, event_type, visitor_id, user_id, app_name, country,
       attribution_token, search_query, product_ids, revenue, payload)
     select (e->>'eventTime')::timestamptz, e->>'eventType', (e->>'visitorId')::uuid, e#>>'{userInfo,userId}', ?, ?,
       (e->>'attributionToken')::uuid, e->>'searchQuery',
       array(select p->>'id' from jsonb_array_elements(coalesce(e->'productDetails', '[]'::jsonb)) p),
       (e#>>'{purchaseTransaction,revenue}')::numeric, e
     from jsonb_array_elements(?::jsonb) e`,
    [appName, country, JSON.stringify(events)],
  );
}

/**
 * The click-stream collector at the spec's path (`navigator.sendBeacon` from the shop, or batches from a
 * partner): no session and no CSRF token (a beacon cannot send headers, and an event changes nothing a shopper
 * owns), one event or `{ events: [...] }` up to 200, validated whole: a bad event answers 400 naming it, and
 * nothing of its batch is stored. 204 otherwise.
 */
export function collectorRoutes(db: SqlConnection): Router {
  const router = Router();
  router.post(
    '/v1/selling-systems/:appName/countries/:country/languages/EN/events',
    // Beacons send text/plain; partners send application/json.
    express.json({ type: ['application/json', 'text/plain'], limit: CLICKSTREAM_LIMITS.maxBodyBytes }),
    async (req, res) => {
      const { appName, country } = req.params as { appName: string; country: string };
      if (!APP_NAME.test(appName))
        throw new AppError('BAD_REQUEST', 'appName must be 1 to 40 letters, digits, - or _');
      if (!COUNTRY.test(country))
        throw new AppError('BAD_REQUEST', 'country must be a 2-letter code, e.g. US');
      const { events } = validate(clickstreamBatchSchema, { events: eventsOf(req.body) });
      await storeEvents(db, appName, country, events);
      res.status(204).end();
    },
  );
  return router;
}
