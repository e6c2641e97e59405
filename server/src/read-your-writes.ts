import type { RequestHandler, Response } from 'express';
import { readCookieFrom } from '../../domain/cookies';
import type { Logger } from 'pino';
import { readFrom, type Ctx } from './context';
import {
  parseLsn,
  READ_AFTER_COOKIE,
  READ_AFTER_COOKIE_SECONDS,
  READ_AFTER_HEADER,
  type ReadRouting,
} from './db/replica';

/*
 * The HTTP side of read-your-writes on a replica (issue 34 item 3, decision 051, docs/api.md "Reading your own
 * writes"). Mounted after the request's context is made, only when the store has a replica.
 */

/** The position a read must see: the header a partner sends back, else the browser's cookie. */
function readAfter(header: string | undefined, cookies: string | undefined): bigint | null {
  return parseLsn(header) ?? parseLsn(readCookieFrom(cookies, READ_AFTER_COOKIE));
}

/**
 * A request that wrote answers with the primary's position after its writes (the header on every answer, and the
 * cookie for a browser); a read that carries a position reads from the replica once it has replayed it, else from
 * the primary.
 */
export function readYourWrites(routing: ReadRouting, secureCookies: boolean, log: Logger): RequestHandler {
  return (req, res, next) => {
    const ctx = req.ctx as Ctx;
    const send = res.send;
    let stamped = false; // `send(object)` calls `json`, which calls `send` again
    // The answer (`res.send`, which `res.json` and GraphQL use: a session saved on `end` wraps `end` after this
    // middleware, and may send the headers early) waits for the position only when the request wrote.
    res.send = function (this: Response, body?: unknown) {
      const answer = () => send.call(this, body);
      if (stamped || !ctx.writes || this.headersSent || this.statusCode >= 400) return answer();
      stamped = true;
      routing
        .position()
        .then(
          (lsn) => {
            if (this.headersSent) return;
            this.setHeader(READ_AFTER_HEADER, lsn);
            // A partner's token call carries no cookies, and keeps the header instead.
            if (!/^Bearer /i.test(req.get('authorization') ?? '')) {
              this.cookie(READ_AFTER_COOKIE, lsn, {
                httpOnly: true,
                sameSite: 'lax',
                secure: secureCookies,
                maxAge: READ_AFTER_COOKIE_SECONDS * 1000,
                path: '/',
              });
            }
          },
          (err: unknown) => log.warn({ err }, 'could not read the WAL position after a write'),
        )
        .then(() => {
          // Something else answered meanwhile (an error handler): nothing more to send.
          if (!this.headersSent) answer();
        })
        .catch((err: unknown) => log.error({ err }, 'could not send the answer of a write'));
      return this;
    };

    if (ctx.writes) return next();
    const after = readAfter(req.get(READ_AFTER_HEADER), req.headers.cookie);
    if (after === null) return next();
    routing.readerFor(after).then((db) => {
      readFrom(ctx, db);
      next();
    }, next);
  };
}
