/**
 * Relevance of the search engine against the judged queries in bench/relevance.tsv: precision@5 and MRR (first
 * relevant result within the first 10), plus the expected spelling corrections.
 *   npm run bench:relevance -- [--products 20000] [--database NAME] [--typeahead]
 * Seeds a scratch database with the deterministic demo catalogue (or NAME, kept: seeded on its first run), asks the real app over
 * HTTP (POST /api/search, or /api/search/typeAhead with --typeahead) and prints figures; never pass/fail.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CSRF } from '../domain/constants';
import { benchDatabase, listen } from './support';

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
  const db = await benchDatabase({ products: Number(values.products), database: values.database });
  try {
    const { base, close } = await listen(db.orm);
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
    await close();
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
