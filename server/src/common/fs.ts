import fs from 'node:fs';
import path from 'node:path';

/** `mkdir -p`, one level at a time: Node's recursive mkdir spins forever under /proc. */
export function mkdirs(dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !fs.existsSync(at); at = path.dirname(at)) missing.unshift(at);
  for (const level of missing) fs.mkdirSync(level);
}
