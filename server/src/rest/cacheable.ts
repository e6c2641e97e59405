import type { Request, Response } from 'express';
import { SITE_HEADER } from '../context';
import { ctxOf } from './ctx';

/**
 * A shared cache (the balancer's, a CDN) may keep an anonymous catalogue answer a minute and serve it stale while it
 * refreshes; the browser revalidates every time (its ETag makes that a 304).
 */
export const PUBLIC_CATALOGUE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** The caller's own answer (signed in, a partner's key: its prices): never kept by a shared cache. */
export const PRIVATE_ANSWER = 'private, no-cache';

/**
 * Marks a catalogue read (issue 34 item 4, decision 051): public for an anonymous visitor (no user, no partner key,
 * no Authorization), private otherwise, and private after all if the answer sets a cookie. The answer differs by
 * site (`Vary: X-Site-Id`; the host is always in a cache's key) and by the locale cookie, which a shared cache must
 * put in its key too (docs/deploy.md's nginx configuration does).
 */
export function cacheableRead(req: Request, res: Response): void {
  const ctx = ctxOf(req);
  const anonymous = !ctx.user && !ctx.apiCaller && !req.get('authorization');
  res.vary(SITE_HEADER);
  res.set('Cache-Control', anonymous ? PUBLIC_CATALOGUE : PRIVATE_ANSWER);
  if (!anonymous) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (this.getHeader('set-cookie')) this.setHeader('Cache-Control', PRIVATE_ANSWER);
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}
