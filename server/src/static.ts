import type { Express, Request, Response } from 'express';
import express from 'express';
import fs from 'node:fs';
import path from 'node:path';

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * The built shop's files, sent compressed when the build wrote `.br` / `.gz` twins (scripts/build.js) and the
 * browser accepts them; hashed assets are cached for a year. `sendShopFile` serves index.html the same way.
 */
export function staticFiles(clientDir: string) {
  const compressed = new Set<string>();
  const visit = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) visit(file);
      else if (name.endsWith('.br') || name.endsWith('.gz')) compressed.add(file);
    }
  };
  visit(clientDir);

  const cacheFor = (file: string) =>
    file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';

  /** Sends `file` (inside clientDir), compressed when possible; false when there is no such file. */
  const send = (req: Request, res: Response, file: string, cacheControl = cacheFor(file)): boolean => {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    for (const [encoding, ext] of ENCODINGS) {
      if (!compressed.has(file + ext) || !accepted.includes(encoding)) continue;
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', cacheControl);
      res.type(path.extname(file));
      res.sendFile(file + ext);
      return true;
    }
    return false;
  };

  return {
    send,
    mount(app: Express) {
      app.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        let relative: string;
        try {
          relative = decodeURIComponent(req.path);
        } catch {
          return next();
        }
        const file = path.join(clientDir, relative);
        if (!file.startsWith(clientDir + path.sep) || !send(req, res, file)) next();
      });
      app.use(
        express.static(clientDir, {
          index: false,
          setHeaders: (res, file) => res.setHeader('Cache-Control', cacheFor(file)),
        }),
      );
    },
  };
}
