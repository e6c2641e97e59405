import type { Request } from 'express';
import type { Ctx } from '../context';

declare module 'express-serve-static-core' {
  interface Request {
    ctx?: Ctx;
  }
}

/** The request's context, set by the context middleware in app.ts. */
export function ctxOf(req: Request): Ctx {
  if (!req.ctx) throw new Error('request context missing: is the context middleware mounted?');
  return req.ctx;
}
