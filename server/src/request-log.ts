import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';

declare module 'http' {
  interface IncomingMessage {
    /** The request id: a valid `x-request-id` from the caller, else a new UUID (echoed in the response). */
    id: string;
    /** The request's logger: every line carries `req: { id, method, url }`. */
    log: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/**
 * A request's address as the log keeps it: the value of a `token` parameter (an e-mailed link's one-time token:
 * order, quote, registration, invitation links) is replaced, so the log never holds a working link (decisions 026,
 * 061).
 */
export function loggedUrl(url: string): string {
  const hidden = url.includes('token=') ? url.replace(/([?&][^=&#]*token=)[^&#]*/gi, '$1[hidden]') : url;
  // A punchout StartPage's one-time token, and an OCI call's password (decision 072): never in a log line.
  return hidden
    .replace(/^(\/punchout\/start\/)[^?#/]+/, '$1[hidden]')
    .replace(/([?&]PASSWORD=)[^&#]*/gi, '$1[hidden]');
}

/** The app's logger and the request's child of it (made on first use), as plain fields of the request. */
const APP_LOG = Symbol('app log');
const CHILD_LOG = Symbol('request log');
type Logged = IncomingMessage & { [APP_LOG]?: Logger; [CHILD_LOG]?: Logger };

// One getter on the prototype rather than one defined on each request: `defineProperty` on a live request cost
// more than the rest of this middleware and left the object slower to read for every handler after it.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  enumerable: false,
  get(this: Logged & { originalUrl?: string }): Logger {
    const base = this[APP_LOG];
    if (!base) throw new Error('req.log is set by the requestLog middleware');
    return (this[CHILD_LOG] ??= base.child({
      req: { id: this.id, method: this.method, url: loggedUrl(this.originalUrl ?? this.url ?? '') },
    }));
  },
});

/**
 * Request ids and the access log: one `request completed` line per request (info; warn for 4xx, error for 5xx)
 * with the method, path, status and time — never headers or bodies. `req.log` is made on first use: most
 * requests log nothing else, and a child logger with the request's bindings costs more than the request's own
 * checks. Paths in `quiet` (probes, scrapes) get an id but no line.
 */
export function requestLog(log: Logger, quiet: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', id);
    req.id = id;
    (req as Logged)[APP_LOG] = log;
    if (quiet.has(req.path)) return next();
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!log.isLevelEnabled(level)) return;
      const responseTime = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      req.log[level]({ res: { statusCode: res.statusCode }, responseTime }, 'request completed');
    });
    next();
  };
}
