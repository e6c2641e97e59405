import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  t = await createTestApp({ clientDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
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

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.agent().get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
