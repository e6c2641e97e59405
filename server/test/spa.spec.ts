import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Axisline Supply</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // A compressed twin, as scripts/build.js writes them.
  const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  fs.writeFileSync(path.join(dir, 'assets', 'big-def456.js'), big);
  fs.writeFileSync(path.join(dir, 'assets', 'big-def456.js.gz'), zlib.gzipSync(big));
  fs.writeFileSync(path.join(dir, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(big));
  t = await createTestApp({ clientDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('compressed assets', () => {
  it('sends the brotli twin when accepted, gzip otherwise, and the plain file to others', async () => {
    const asBr = await t
      .agent()
      .get('/assets/big-def456.js')
      .set('Accept-Encoding', 'gzip, br')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(asBr.headers['content-encoding']).toBe('br');
    expect(asBr.headers['content-type']).toMatch(/javascript/);
    expect(asBr.headers['cache-control']).toContain('immutable');
    expect(asBr.headers.vary).toContain('Accept-Encoding');
    // (supertest decodes brotli itself)
    expect((asBr.body as Buffer).toString()).toContain('xxxx');

    const asGzip = await t.agent().get('/assets/big-def456.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(asGzip.text).toContain('xxxx');

    const plain = await t.agent().get('/assets/big-def456.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('does not serve files outside the client folder', async () => {
    await t.agent().get('/assets/..%2F..%2Fetc%2Fpasswd').set('Accept-Encoding', 'br').expect(404);
  });
});

describe('the built shop with SPA fallback', () => {
  it.each([
    '/',
    '/cart',
    '/search?q=sfu1605',
    '/product/detail/NUT-1%2F4-20',
    '/product/category/motion-control/ballscrews-accessories',
    '/services/t-slot-extrusion-services',
    '/about/contact-us',
    '/admin',
  ])('serves the app for %s with 200', async (url) => {
    const res = await t.agent().get(url).set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('<div id="root">');
  });

  it('serves the app with 404 for a path the shop does not have', async () => {
    const res = await t.agent().get('/no-such-page').set('Accept', 'text/html').expect(404);
    expect(res.text).toContain('<div id="root">');
  });

  it("sends a form posted natively (no script) back to its page unread; other paths' POSTs are not pages", async () => {
    const res = await t
      .agent()
      .post('/user/login?callbackUrl=%2Fcart')
      .set('Accept', 'text/html')
      .type('form')
      .send({ email: 'ada@plant.example', password: 'secret-Passw0rd' })
      .expect(303);
    expect(res.headers.location).toBe('/user/login?callbackUrl=%2Fcart');
    await t.agent().post('/no-such-page').set('Accept', 'text/html').expect(404);
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.agent().get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('the page knows its site before it asks', () => {
  const storefront = (cookies: string[] | string | undefined) => {
    const raw = ([] as string[])
      .concat(cookies ?? [])
      .find((c) => c.startsWith('storefront='))
      ?.split(';')[0]
      ?.slice('storefront='.length);
    return raw ? JSON.parse(decodeURIComponent(raw)) : null;
  };

  it("sends the host's site (name, currency, logo) in the storefront cookie with the page", async () => {
    const ca = await t.agent().get('/product/detail/X1').set('Host', 'pay-ca.axisline.example').expect(200);
    expect(storefront(ca.headers['set-cookie'])).toEqual({
      id: 'pay-ca',
      name: 'Axisline Payments Canada',
      currency: 'cad',
      logo: '/sites/pay-ca.svg',
      legalName: 'Axisline Payments Canada Inc.',
      postalAddress: '2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
      copyrightHolder: 'Axisline Payments Canada Inc.',
      consentRegionDefaults: false,
    });
    const own = await t.agent().get('/').expect(200);
    expect(storefront(own.headers['set-cookie'])).toMatchObject({ id: 'axl', currency: 'usd' });
  });

  it('marks the storefront cookie Secure when cookies are (production behind TLS), like every other cookie', async () => {
    const secure = await createTestApp({ clientDir: dir, secureCookies: true, trustProxy: true });
    try {
      const res = await secure.agent().get('/').set('X-Forwarded-Proto', 'https').expect(200);
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('storefront='));
      expect(cookie).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
    const plain = await t.agent().get('/').expect(200);
    const cookie = ([] as string[])
      .concat(plain.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('storefront='));
    expect(cookie).not.toMatch(/; Secure/);
  });
});
