import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { PUNCHOUT_MAX_BYTES, punchoutMessage } from '../../../domain/punchout';
import { orderResponse } from '../modules/punchout';
import { ctxOf } from '../rest/ctx';
import { receiveOrderRequest } from './punchout-order';

/**
 * `POST /punchout/cxml/order` (issue 57, decision 073): a procurement system's cXML OrderRequest, authenticated by
 * its shared secret (no cookie, no CSRF token). `context` makes the request's context (app.ts). The answer is always
 * a cXML Response, its HTTP status the Status code's.
 */
export function punchoutOrderRouter(context: RequestHandler[]): Router {
  const router = Router();
  router.post(
    '/punchout/cxml/order',
    // Any content type (systems send text/xml, application/xml or none): the text is read safely, never as HTML.
    express.text({ type: () => true, limit: PUNCHOUT_MAX_BYTES }),
    ...context,
    async (req, res) => {
      const text = typeof req.body === 'string' ? req.body : '';
      const answer = await receiveOrderRequest(ctxOf(req), text);
      res.status(answer.status).type('text/xml').set('Cache-Control', 'no-store').send(answer.body);
    },
  );
  const tooLarge: ErrorRequestHandler = (err: { status?: number; type?: string }, _req, res, next) => {
    if (err?.status === 413 || err?.status === 400) {
      const status = err.status === 413 ? 413 : 400;
      const message = status === 413 ? punchoutMessage('tooLarge') : punchoutMessage('notXml');
      res.status(status).type('text/xml').send(orderResponse(status, message));
      return;
    }
    next(err);
  };
  router.use(tooLarge);
  return router;
}
