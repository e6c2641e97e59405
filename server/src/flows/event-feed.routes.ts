import { Router } from 'express';
import { ctxOf } from '../rest/ctx';
import { eventFeed } from './event-feed';

/** The event feed's REST call (decision 070). */
export function eventFeedRoutes(): Router {
  const router = Router();

  /** `?after=<cursor>&types=order.placed,order.paid&first=100`: the caller's events in feed order. */
  router.get('/events', async (req, res) => {
    const one = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const types = ([] as unknown[])
      .concat(req.query.types ?? [])
      .flatMap((t) => String(t).split(','))
      .filter((t) => t.trim() !== '');
    res.set('Cache-Control', 'no-store');
    res.json(
      await eventFeed(ctxOf(req), {
        after: one(req.query.after),
        types: req.query.types === undefined ? undefined : types,
        first: one(req.query.first),
      }),
    );
  });

  return router;
}
