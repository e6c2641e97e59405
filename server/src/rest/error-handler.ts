import type { ErrorRequestHandler } from 'express';
import {
  AppError,
  databaseUnavailable,
  ERROR_STATUS,
  RETRY_AFTER_SECONDS,
  unavailable,
} from '../common/errors';

interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/**
 * The one place where errors become HTTP answers. Bodies are `{ error: { code, message, fields? } }`.
 * A caller's mistake (bad JSON, too large, bad token) is 4xx with a clear message; never a 500.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let status: number;
  let body: { code: string; message: string; fields?: unknown };
  if (!(err instanceof AppError) && databaseUnavailable(err)) {
    req.log?.warn({ err }, 'database unavailable: answered 503');
    err = unavailable();
  }
  if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE' && !res.headersSent) {
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  }
  if (err instanceof AppError) {
    status = err.status;
    body = { code: err.code, message: err.message, ...(err.fields.length ? { fields: err.fields } : {}) };
  } else if ((err as HttpError)?.type === 'entity.parse.failed') {
    status = 400;
    body = { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' };
  } else if ((err as HttpError)?.type === 'entity.too.large') {
    status = ERROR_STATUS.PAYLOAD_TOO_LARGE;
    body = { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' };
  } else if ((err as HttpError)?.expose && ((err as HttpError).status ?? 500) < 500) {
    status = (err as HttpError).status ?? 400;
    body = { code: 'BAD_REQUEST', message: (err as HttpError).message ?? 'Bad request' };
  } else {
    req.log?.error({ err }, 'unexpected error');
    status = 500;
    body = { code: 'INTERNAL', message: `Internal server error (request ${String(req.id ?? '')})` };
  }
  if (res.headersSent) return;
  // No cache keeps a refusal or a failure (a catalogue read marked public before it failed included).
  res.set('Cache-Control', 'no-store');
  res.status(status).json({ error: body });
};
