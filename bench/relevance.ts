/**
 * Relevance of the search engine against the judged queries in bench/relevance.tsv: precision@5 and MRR (first
 * relevant result within the first 10), plus the expected spelling corrections.
 *   npm run bench:relevance -- [--products 20000] [--database NAME] [--typeahead]
 * Seeds a scratch database with the deterministic demo catalogue (or reuses NAME), asks the real app over
 * HTTP (POST /api/search, or /api/search/typeAhead with --typeahead) and prints figures; never pass/fail.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { CSRF } from '../domain/constants';
import { createApp } from '../server/src/app';
import { createDatabase, dropDatabase, withDatabase } from '../server/src/db/admin';
import { initOrm, migrate } from '../server/src/db/orm';
import { seedCatalog } from '../server/src/modules/catalog/catalog.seed';
import { refreshSearchIndex, searchIndexIsComplete } from '../server/src/modules/search/search.index';

interface Judgement {
  query: string;
  relevant: RegExp;
  corrected?: RegExp;
}

function readJudgements(): Judgement[] {
  const file = path.join(__dirname, 'relevance.tsv');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [query, relevant, corrected] = line.split('\t');
      return {
        query: query!,
        relevant: new RegExp(relevant!, 'i'),
        corrected: corrected ? new RegExp(corrected, 'i') : undefined,
      };
    });
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '20000' },
      database: { type: 'string' },
      typeahead: { type: 'boolean', default: false },
    },
  });
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = values.database ?? `axl_relevance_${process.pid}`;
  const url = values.database ? withDatabase(server, name) : await createDatabase(server, name);
  const orm = await initOrm({ clientUrl: url, poolMax: 4 });
  try {
    await migrate(orm);
    if (!values.database) await seedCatalog(orm, Number(values.products));
    else if (!(await searchIndexIsComplete(orm.em.fork()))) await refreshSearchIndex(orm.em.fork());
    const { app, close } = await createApp({
      orm,
      log: pino({ level: 'silent' }),
      sessionSecret: 'r'.repeat(40),
    });
    const http = app.listen(0);
    await new Promise((r) => http.once('listening', r));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const csrf = ((await (await fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
    const headers = {
      'content-type': 'application/json',
      cookie: `${CSRF.cookieName}=${csrf}`,
      [CSRF.header]: csrf,
    };

    const judgements = readJudgements();
    let precisionSum = 0;
    let rrSum = 0;
    let correctionsOk = 0;
    let corrections = 0;
    const misses: string[] = [];
    for (const j of judgements) {
      const res = values.typeahead
        ? await fetch(`${base}/api/search/typeAhead`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ term: j.query }),
          })
        : await fetch(`${base}/api/search`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ query: j.query, pageSize: 10 }),
          });
      const body = (await res.json()) as {
        results: { id: string; name: string }[];
        correctedQuery: string | null;
      };
      const hits = body.results.map((r) => j.relevant.test(`${r.id} | ${r.name}`));
      const p5 = hits.slice(0, 5).filter(Boolean).length / 5;
      const first = hits.indexOf(true);
      precisionSum += p5;
      rrSum += first >= 0 ? 1 / (first + 1) : 0;
      if (j.corrected) {
        corrections++;
        if (body.correctedQuery && j.corrected.test(body.correctedQuery)) correctionsOk++;
        else misses.push(`${j.query}: correctedQuery ${JSON.stringify(body.correctedQuery)}`);
      }
      if (p5 < 1) {
        misses.push(
          `${j.query}: P@5 ${p5.toFixed(1)}, first relevant at ${first + 1 || '-'}; top: ${body.results
            .slice(0, 3)
            .map((r) => r.id)
            .join(', ')}`,
        );
      }
    }
    const n = judgements.length;
    console.log(`${values.typeahead ? 'typeahead' : 'search'}: ${n} judged queries`);
    console.log(
      `precision@5 ${(precisionSum / n).toFixed(3)}  MRR ${(rrSum / n).toFixed(3)}  corrections ${correctionsOk}/${corrections}`,
    );
    if (misses.length) console.log(`\nless than perfect:\n- ${misses.join('\n- ')}`);
    http.close();
    await close();
  } finally {
    await orm.close(true);
    if (!values.database) await dropDatabase(server, name);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
