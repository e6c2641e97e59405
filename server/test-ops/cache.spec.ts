import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env';
import type { Orm } from '../src/db/orm';
import { PERSISTED_OPERATIONS } from '../src/graphql/persisted';
import { freePort, startStore, stopped, storeDatabase } from '../test/processes';

/*
 * A shared cache in front (issue 34 item 4, decision 051): nginx from Debian with docs/deploy.md's configuration,
 * read from that page, in front of a store. An anonymous product read is a MISS then a HIT; a session cookie or an
 * Authorization header BYPASSes it; the Canadian site's answer (CAD) is never served to a US host, nor an English
 * answer to a French reader. A partner's persisted GraphQL read is kept the same way.
 */

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

let databaseUrl: string;
let orm: Orm;
let dir: string;
const children: ChildProcess[] = [];

/** docs/deploy.md's nginx configuration, as shipped, on this machine's ports and folders. */
function nginxConfig(front: number, store: number): string {
  const doc = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block');
  let first = true;
  const http = block
    .replace('/var/cache/nginx/axisline', path.join(dir, 'cache'))
    .replace(/^ {2}listen 80;$/m, `  listen 127.0.0.1:${front};`)
    // One store here: the first upstream server is it, the others go.
    .replace(/^ {2}server 10\.0\.0\.\d+:4000;\n/gm, () => {
      const line = first ? `  server 127.0.0.1:${store};\n` : '';
      first = false;
      return line;
    });
  return `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

beforeAll(async () => {
  ({ url: databaseUrl, orm } = await storeDatabase('cache'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-nginx-'));
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await orm.close(true);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('nginx in front, with the tested configuration', () => {
  it('keeps anonymous catalogue reads per host, site and language, and never a session’s', async () => {
    const port = await freePort();
    const store = await startStore({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SESSION_SECRET: 'cached-store-secret-0123456789abcdef',
    });
    children.push(store.child);
    const front = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(front, port));
    const nginx = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(nginx);
    let nginxErr = '';
    nginx.stderr!.on('data', (d) => (nginxErr += String(d)));
    const [{ id } = { id: '' }] = await orm.em
      .getConnection()
      .execute<{ id: string }[]>(
        `select id from product where price between 10 and 40 and 'pay-ca' = any(sites) order by id limit 1`,
      );
    const ids = (
      await orm.em
        .getConnection()
        .execute<{ id: string }[]>(`select id from product where price is not null order by md5(id) limit 40`)
    ).map((r) => r.id);

    // node:http, not fetch: fetch keeps its own Host header.
    const once = (p: string, headers: Record<string, string>) =>
      new Promise<{ status: number; cache: string | null; body: Record<string, any> }>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port: front, path: p, headers: { host: 'shop.test', ...headers } },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += String(d)));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                cache: (res.headers['x-cache-status'] as string | undefined) ?? null,
                body: JSON.parse(text) as Record<string, any>,
              }),
            );
          },
        );
        req.on('error', reject);
      });
    const get = async (p: string, headers: Record<string, string> = {}) => {
      for (let i = 0; ; i++) {
        try {
          return await once(p, headers);
        } catch (err) {
          if (i > 50) throw new Error(`nginx did not answer: ${nginxErr}`, { cause: err });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const product = `/api/products/${encodeURIComponent(id)}`;

    const first = await get(product);
    expect([first.status, first.cache]).toEqual([200, 'MISS']);
    const second = await get(product);
    expect([second.status, second.cache]).toEqual([200, 'HIT']);
    expect(second.body).toEqual(first.body);
    // A shopper with a session, a partner with a key: straight to the store.
    expect((await get(product, { cookie: 'consent=0; axl.sid=s%3Aabc' })).cache).toBe('BYPASS');
    expect((await get(product, { cookie: '__Host-axl.sid=s%3Aabc' })).cache).toBe('BYPASS');
    expect((await get(product, { authorization: 'Bearer not-a-key' })).cache).toBe('BYPASS');
    // The Canadian site (by its host, or by X-Site-Id) has its own entry, in CAD; the US host keeps the US one.
    const ca = await get(product, { host: 'pay-ca.shop.test' });
    expect([ca.status, ca.cache]).toEqual([200, 'MISS']);
    expect(ca.body.price).not.toBe(first.body.price);
    expect((await get(product, { host: 'pay-ca.shop.test' })).body.price).toBe(ca.body.price);
    expect((await get(product, { 'x-site-id': 'pay-ca' })).body.price).toBe(ca.body.price);
    const us = await get(product);
    expect([us.cache, us.body.price]).toEqual(['HIT', first.body.price]);
    // A French reader (the locale cookie) has the catalogue in French: its own entry too.
    const fr = await get(product, { cookie: 'locale=fr-CA' });
    expect(fr.cache).toBe('MISS');
    expect((await get(product, { cookie: 'locale=fr-CA' })).cache).toBe('HIT');

    // A partner's persisted catalogue read over GET (docs/persisted-operations.json) is kept the same way.
    const { sha256Hash } = PERSISTED_OPERATIONS.find((op) => op.name === 'PartnerProduct')!;
    const persisted = `/graphql?${new URLSearchParams({
      operationName: 'PartnerProduct',
      variables: JSON.stringify({ id }),
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }),
    })}`;
    const preflight = { 'x-apollo-operation-name': 'PartnerProduct' };
    const pFirst = await get(persisted, preflight);
    expect([pFirst.status, pFirst.cache, pFirst.body.data.product.id]).toEqual([200, 'MISS', id]);
    const pSecond = await get(persisted, preflight);
    expect([pSecond.cache, pSecond.body]).toEqual(['HIT', pFirst.body]);
    expect((await get(persisted, { ...preflight, 'x-site-id': 'pay-ca' })).cache).toBe('MISS');
    expect((await get(persisted, { ...preflight, authorization: 'Bearer not-a-key' })).cache).toBe('BYPASS');

    // A browse: 400 anonymous reads of 40 parts, in English and French.
    const seen: Record<string, number> = {};
    for (let i = 0; i < 400; i++) {
      const r = await get(`/api/products/${encodeURIComponent(ids[(i * 17) % ids.length]!)}`, {
        cookie: i % 4 === 0 ? 'locale=fr-CA' : 'locale=en-US',
      });
      seen[r.cache ?? 'none'] = (seen[r.cache ?? 'none'] ?? 0) + 1;
    }
    const ratio = (seen.HIT ?? 0) / 400;
    console.log(
      `nginx cache under a browse of 40 parts: ${JSON.stringify(seen)}, hit ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.75);

    // A fast stop: the master takes its workers and cache manager with it.
    nginx.kill('SIGTERM');
    await stopped(nginx);
    store.child.kill('SIGTERM');
    expect(await stopped(store.child)).toBe(0);
  }, 120_000);
});
