/**
 * Lighthouse performance of the shop's four pages that issue 3 names (home, category, search, product), with its
 * default mobile settings (simulated slow 4G, 4× CPU) in Debian chromium, against the built store started as
 * `npm start` runs it, on a catalogue of `--products` products. Each page is measured `--runs` times, the pages
 * taking turns, and the medians are printed with the spread, because one run moves by several points on a
 * shared 2-core machine.
 *   npm run bench:lighthouse -- [--products 100000] [--runs 5] [--database NAME] [--base URL]
 * `--base` measures a store that is already running instead (its own catalogue). Builds first when the sources
 * changed (as `npm start` does). Prints figures; never pass/fail.
 */
import 'reflect-metadata';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { benchDatabase, untilReady } from './support';

const root = path.resolve(__dirname, '..');
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS].join(' ');

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  benchmarkIndex: number;
}

interface LighthouseJson {
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  environment: { benchmarkIndex: number };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The built store on a free port (as `npm start` runs it), ready when /readyz says so. */
async function startStore(databaseUrl: string) {
  // Same build step as `npm start`: a no-op when dist/ is current.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildIfStale } = require('../scripts/build') as {
    buildIfStale: (root: string, options: { log: (m: string) => void }) => void;
  };
  buildIfStale(root, { log: (m) => console.log(`[build] ${m}`) });
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/server/src/main.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await untilReady(child, base);
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * The pages: a leaf category (the product list with its facets) and a configurable product (the page with the most
 * to hydrate: configurator, price, add to cart), both in every size of the deterministic demo catalogue.
 */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['category', '/product/category/motion-control/ballscrews-accessories/precision-rolled-ball-screws'],
  ['search', '/search?q=linear%20guide'],
  ['product', '/product/detail/SFU1605-CUT'],
];

async function lighthouse(url: string): Promise<Run> {
  const out = path.join(os.tmpdir(), `axl-lighthouse-${process.pid}-${Date.now()}.json`);
  try {
    await promisify(execFile)(
      path.join(root, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--quiet',
        '--only-categories=performance',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--output=json',
        `--output-path=${out}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 10_000_000 },
    );
    const report = JSON.parse(await fs.readFile(out, 'utf8')) as LighthouseJson;
    if (report.runtimeError) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
    const value = (audit: string) => report.audits[audit]?.numericValue ?? NaN;
    return {
      score: Math.round((report.categories.performance.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
      benchmarkIndex: report.environment.benchmarkIndex,
    };
  } finally {
    await fs.rm(out, { force: true });
  }
}

/** A run: a failed trace (Lighthouse's NO_NAVSTART and the like) is tried again, three times in all. */
async function measure(url: string): Promise<Run | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await lighthouse(url);
    } catch {
      // tried again below
    }
  }
  return null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (xs: number[], f: (x: number) => string) =>
  `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '5' },
      database: { type: 'string' },
      base: { type: 'string' },
    },
  });
  const bench = values.base
    ? null
    : await benchDatabase({ products: Number(values.products), database: values.database });
  const store = bench ? await startStore(bench.url) : null;
  const base = values.base ?? store!.base;
  try {
    const runs = new Map<string, Run[]>(PAGES.map(([name]) => [name, []]));
    const failures = new Map<string, number>();
    for (let i = 0; i < Number(values.runs); i++) {
      for (const [name, page] of PAGES) {
        const run = await measure(`${base}${page}`);
        if (!run) {
          failures.set(name, (failures.get(name) ?? 0) + 1);
          console.log(`run ${i + 1} ${name}: no result (Lighthouse failed three times)`);
          continue;
        }
        runs.get(name)!.push(run);
        console.log(
          `run ${i + 1} ${name}: ${run.score} (TBT ${millis(run.tbt)}, LCP ${seconds(run.lcp)}, benchmark index ${Math.round(run.benchmarkIndex)})`,
        );
      }
    }
    console.log(
      `\nLighthouse performance, mobile defaults, ${values.runs} runs a page, median (min–max)${bench ? `, ${values.products} products` : ''}\n`,
    );
    console.log('| page | score | FCP | LCP | TBT | CLS | Speed Index |\n|---|---|---|---|---|---|---|');
    for (const [name, page] of PAGES) {
      const r = runs.get(name)!;
      if (r.length === 0) {
        console.log(`| ${name} \`${page}\` | no result | | | | | |`);
        continue;
      }
      const of = (k: keyof Run) => r.map((x) => x[k]);
      const failed = failures.get(name) ? ` (${failures.get(name)} failed)` : '';
      console.log(
        `| ${name} \`${page}\` | ${spread(of('score'), String)}${failed} | ${seconds(median(of('fcp')))} | ${spread(of('lcp'), seconds)} | ${spread(of('tbt'), millis)} | ${median(of('cls')).toFixed(3)} | ${seconds(median(of('si')))} |`,
      );
    }
    const index = [...runs.values()].flat().map((r) => r.benchmarkIndex);
    console.log(
      `\nLighthouse's benchmark index of this machine: ${spread(index, (x) => String(Math.round(x)))} (higher is faster; its 4× CPU slowdown is calibrated for about 1,000–2,000).`,
    );
  } finally {
    await store?.stop();
    await bench?.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
