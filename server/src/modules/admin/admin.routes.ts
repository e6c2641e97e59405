import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { adminOrderService } from '../order';
import { resetAllPasswords } from './users.service';

/** Admin calls of spec section 7 (REST facade); the console itself uses GraphQL. */
export function adminRoutes(): Router {
  const router = Router();

  // Every password and session ends; the caller signs in again like everyone else.
  router.put('/admin/user/reset-all-passwords', async (req, res) => {
    const users = await resetAllPasswords(ctxOf(req), req.session?.authAt);
    res.json({ status: 200, users });
  });

  // The orders table as CSV, with the table's filters (query parameters; statuses repeated or comma-separated).
  router.get('/admin/orders.csv', async (req, res) => {
    const ctx = ctxOf(req);
    const q = req.query as Record<string, string | string[] | undefined>;
    const list = (v: string | string[] | undefined) =>
      v === undefined ? undefined : [v].flat().join(',').split(',');
    const filter = {
      ...Object.fromEntries(
        ['q', 'from', 'to', 'userId', 'site'].filter((k) => q[k]).map((k) => [k, String(q[k])]),
      ),
      statuses: list(q.statuses)?.filter(Boolean).map(Number),
    };
    const lines = adminOrderService.csv(ctx, filter);
    const first = await lines.next(); // validation and access errors answer before the download starts
    res
      .type('text/csv; charset=utf-8')
      .set(
        'Content-Disposition',
        `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
    res.write(first.value ?? '');
    for await (const line of lines) if (!res.write(line)) await new Promise((r) => res.once('drain', r));
    res.end();
  });

  return router;
}
