import { Router, type Response } from 'express';
import { ctxOf } from '../../rest/ctx';
import { promotionsAdmin } from './promotion-admin';

/** Streams CSV records as a download; the first record is read before, so a refusal answers as an error. */
async function sendCsv(res: Response, lines: AsyncGenerator<string>, filename: string): Promise<void> {
  const first = await lines.next();
  res.type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${filename}"`);
  res.write(first.value ?? '');
  for await (const line of lines) if (!res.write(line)) await new Promise((r) => res.once('drain', r));
  res.end();
}

/** The console's promotion exports (issue 58): a batch's codes, and the report per promotion. */
export function promotionRoutes(): Router {
  const router = Router();

  router.get('/admin/promotions/report.csv', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    const range = { from: String(q.from ?? ''), to: String(q.to ?? '') };
    await sendCsv(
      res,
      promotionsAdmin.reportCsv(ctxOf(req), range),
      `promotions-${range.from.slice(0, 10)}.csv`,
    );
  });

  router.get('/admin/promotions/:id/codes.csv', async (req, res) => {
    const batch = typeof req.query.batch === 'string' && req.query.batch ? req.query.batch : null;
    await sendCsv(res, promotionsAdmin.codesCsv(ctxOf(req), req.params.id, batch), 'promotion-codes.csv');
  });

  return router;
}
