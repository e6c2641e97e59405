import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Ctx } from '../../context';
import { PUNCHOUT_MAX_BYTES, punchoutMessage } from '../../../../domain/punchout';
import { cxmlSetup, cxmlStatus, type PunchoutAnswer } from './setup';
import { startPunchout } from './session';
import { ociEntry } from './oci';

/*
 * The punchout entry points (decision 072), mounted at /punchout before the shop's pages, outside /api: no CSRF
 * (a procurement system posts from its own server, or the buyer's browser from its page), each authenticated by
 * the shared secret, the OCI password or the one-time StartPage token instead.
 */

/** The request's body as text: raw XML, or the `cxml-urlencoded` field of a form post. */
export function documentOf(req: Request): string {
  const body: unknown = req.body;
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '';
  if (req.is('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    return form.get('cxml-urlencoded') ?? form.get('cXML-urlencoded') ?? form.get('cxml-base64') ?? '';
  }
  return text;
}

const send = (res: Response, answer: PunchoutAnswer) => {
  res
    .status(answer.status)
    .set('Content-Type', answer.type)
    .set('Cache-Control', 'no-store')
    .send(answer.body);
};

/** The body read as text whatever its type, up to PUNCHOUT_MAX_BYTES (a little more: the reader says 413). */
const rawText = express.text({ type: () => true, limit: PUNCHOUT_MAX_BYTES + 1024 });

/** A body too large or unreadable answers a cXML status, not the API's JSON. */
const cxmlBodyErrors: ErrorRequestHandler = (err: { type?: string }, _req, res, next) => {
  if (err?.type === 'entity.too.large') return send(res, cxmlStatus(413, punchoutMessage('tooLarge')));
  if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') {
    return send(res, cxmlStatus(400, punchoutMessage('notXml')));
  }
  next(err);
};

/**
 * The /punchout router. `perRequest` is the app's session and context (no CSRF check) and the session's user.
 */
export function punchoutRouter(perRequest: RequestHandler[]): express.Router {
  const router = express.Router();
  const ctxOf = (req: Request) => req.ctx as Ctx;
  router.post('/cxml/setup', rawText, cxmlBodyErrors, ...perRequest, async (req: Request, res: Response) => {
    send(res, await cxmlSetup(ctxOf(req), documentOf(req)));
  });
  const ociForm = express.urlencoded({ extended: false, limit: PUNCHOUT_MAX_BYTES });
  const oci = async (req: Request, res: Response) => {
    await ociEntry(ctxOf(req), req, res);
  };
  router.get('/oci', ...perRequest, oci);
  router.post('/oci', ociForm, ...perRequest, oci);
  router.get('/start/:token', ...perRequest, async (req: Request, res: Response) => {
    await startPunchout(ctxOf(req), req, res, String(req.params.token));
  });
  return router;
}
