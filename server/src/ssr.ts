import type { Request, Response } from 'express';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Rendered, ShopRenderer } from '../../domain/ssr';
import { PRE_HYDRATION_GUARD, SSR_STATE_ELEMENT_ID } from '../../domain/ssr';

/**
 * The shop's server rendering (decision 018), when the build wrote it (dist/ssr beside dist/client); null
 * otherwise (unit tests with a bare index.html): the page is then the client-rendered shell.
 */
export function loadRenderer(clientDir: string): ShopRenderer | null {
  const entry = path.join(clientDir, '..', 'ssr', 'entry-server.cjs');
  if (!fs.existsSync(entry)) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(entry) as { renderer: ShopRenderer }).renderer;
}

/**
 * The page template: the built index.html with its stylesheets inlined (one request fewer before the first
 * paint; about 7 kB compressed) and placed before the scripts, so nothing the page needs to paint waits behind
 * the JavaScript.
 */
export function pageTemplate(clientDir: string): string {
  let html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const styles: string[] = [];
  html = html.replace(
    /\s*<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, file: string) => {
      styles.push(fs.readFileSync(path.join(clientDir, file), 'utf8'));
      return '';
    },
  );
  // The markup paints without the JavaScript: it loads at low priority, behind what the page shows.
  html = html.replace(/<script type="module"|<link rel="modulepreload"/g, '$& fetchpriority="low"');
  // Forms submitted before hydration wait for it (domain/ssr.ts); the guard runs before any of the body parses.
  html = html.replace('</head>', `<script>${PRE_HYDRATION_GUARD}</script></head>`);
  return html.replace(
    /(\s*)<script type="module"/,
    `$1<style>${styles.join('\n')}</style>$1<script type="module"`,
  );
}

/** The CSP source that allows the page's one inline script, the pre-hydration guard. */
export const PRE_HYDRATION_GUARD_CSP = `'sha256-${crypto.createHash('sha256').update(PRE_HYDRATION_GUARD).digest('base64')}'`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The page: the built index.html with the rendered markup in #root, its title and language, and the Apollo
 * cache as JSON data (not a script the CSP would have to allow; `<` escaped so no text closes the element).
 */
export function pageHtml(template: string, page: Extract<Rendered, { kind: 'page' }>): string {
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  // React puts the resources it wants early (preloads of the first images) before the markup: they belong in
  // the head, and #root must hold only what the browser hydrates.
  const hints = /^(?:<link [^>]*>)*/.exec(page.html)![0];
  // Replacer functions throughout: a string replacement would read `$&`, `$'` or `$1` in the page's own text
  // (a search for "$&$'zz") as patterns and copy parts of the page into it.
  let html = template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${page.locale}">`)
    .replace('</head>', () => `${hints}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html.slice(hints.length)}</div><script type="application/json" id="${SSR_STATE_ELEMENT_ID}" data-rendered-at="${page.renderedAt}">${state}</script>`,
    );
  if (page.title) {
    const title = `<title>${escapeHtml(page.title)}</title>`;
    html = html.replace(/<title>[^<]*<\/title>/, () => title);
  }
  if (page.siteName) {
    const meta = `<meta property="og:site_name" content="${escapeHtml(page.siteName)}" />`;
    html = html.replace(/<meta property="og:site_name" content="[^"]*" \/>/, () => meta);
  }
  return html;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Sends a rendered page compressed as the browser accepts (brotli at a quality that costs about a
 * millisecond for a page, else gzip). It holds the visitor's own data (cart count, name, prices): private.
 */
export async function sendPage(req: Request, res: Response, html: string): Promise<void> {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  res.type('html');
  if (accepted.includes('br')) {
    res.setHeader('Content-Encoding', 'br');
    res.end(await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (accepted.includes('gzip')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.end(await gzip(html, { level: 6 }));
  } else {
    res.end(html);
  }
}
