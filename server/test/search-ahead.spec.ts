import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF } from '../../domain/constants';
import pino from 'pino';
import {
  forgetTypeaheadAnswers,
  refreshTypeaheadKeys,
  scheduleTypeaheadWarming,
  staleTypeaheadAnswers,
  warmTypeaheadAnswers,
} from '../src/modules/search/search.ahead';
import { detachedDb, servicesDb } from '../src/db/db';
import { createTestApp, type TestApp } from './harness';

// Catalogue prefixes (computed ahead) and text that is not (searched live: two words, a misspelling, 9+ letters).
const terms = ['s', 'so', 'soc', 'socket', 'nema', 'lin', 'sfu16', 'SFU1605-', 'mgn12h', 'LHCS-M3X'];
const liveTerms = ['socket he', 'balscrew', 'steppermo', 'sfu 1605'];
const live: unknown[] = [];
let computed = 0;

let t: TestApp;
let typeAhead: (term: string, site?: string) => Promise<any>;
beforeAll(async () => {
  t = await createTestApp();
  const { agent, token } = await t.agentWithCsrf();
  typeAhead = async (term, site = 'axl') => {
    const res = await agent
      .post('/api/search/typeAhead')
      .set(CSRF.header, token)
      .set('x-site-id', site)
      .send({ term, includeWithoutPrice: true })
      .expect(200);
    // A fresh attribution token each time: the rest is the answer.
    expect(res.body.searchParams.searchAttributionToken).toMatch(/^[0-9a-f-]{36}$/);
    delete res.body.searchParams;
    return res.body;
  };
  // The live answers first, then every answer computed, as the warmer does after a rebuild.
  for (const term of [...terms, ...liveTerms]) live.push(await typeAhead(term));
  computed = await warmAll();
}, 120_000);
afterAll(async () => t.close());

const db = () => servicesDb(t.orm);
/** Every answer computed, as the warmer does after a rebuild. */
async function warmAll(): Promise<number> {
  let computed = 0;
  for (let batch = 1; batch > 0; computed += batch) batch = await warmTypeaheadAnswers(db(), 60_000);
  return computed;
}
const answerOf = async (key: string) =>
  (
    await db().execute<{ answer: any; stale: boolean }[]>(
      'select answer, stale from typeahead_answer where key = ?',
      [key],
    )
  )[0];

describe('typeahead answers computed ahead (decision 042)', () => {
  it('answers every catalogue prefix as the live search does, and reads it computed ahead', async () => {
    const [{ keys }] = await db().execute<[{ keys: number }]>(
      'select count(*)::int as keys from typeahead_answer where answer is not null',
    );
    expect(computed).toBe(keys);
    expect(keys).toBeGreaterThan(500);

    const ahead = [];
    for (const term of [...terms, ...liveTerms]) ahead.push(await typeAhead(term));
    expect(ahead).toEqual(live);
    expect(live.find((a: any) => a.correctedQuery)).toBeDefined(); // "balscrew" was corrected, live
    // The catalogue prefixes were computed, as parseQuery reads them; the rest were not.
    for (const key of ['soc', 'socket', 'sfu1605', 'lhcs m3x'])
      expect((await answerOf(key))?.answer).toBeTruthy();
    for (const key of ['socket he', 'balscrew', 'sfu 1605']) expect(await answerOf(key)).toBeUndefined();
  });

  it('after a product changes, the next answer shows the change; answers that cannot show it are kept', async () => {
    await warmAll();
    const before = await typeAhead('mgn12h');
    const product = before.results[0];
    const renamed = `${product.name} (revised)`;
    await db().transactional(async () => {
      await db().execute(
        'update product_search set name = ? where product_id = ?',
        [renamed, product.id],
        'run',
      );
      await forgetTypeaheadAnswers(db(), [product.id]);
    });
    expect((await answerOf('mgn12h'))!.answer).toBeNull();
    expect((await answerOf('nema'))!.answer).toBeTruthy();
    const after = await typeAhead('mgn12h');
    expect(after.results[0]).toEqual({ ...product, name: renamed });
    await warmAll();
    expect((await answerOf('mgn12h'))!.answer.results[0].name).toBe(renamed);
    expect(await typeAhead('mgn12h')).toEqual(after);
  });

  it('a change made while an answer is being computed waits for it, then forgets it', async () => {
    await warmAll();
    const [{ id }] = await db().execute<[{ id: string }]>(
      `select product_id as id from product_search where part_key like 'sfu16%' limit 1`,
    );
    await db().execute(`update typeahead_answer set answer = null where key = 'sfu16'`);
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // The warmer's side (another process: a connection of its own): the row locked, its (old) answer written,
    // committed when released.
    const conn = detachedDb(t.orm);
    const warmer = conn.transactional(async () => {
      await conn.execute(`select key from typeahead_answer where key = 'sfu16' for update`, [], 'all');
      locked();
      await new Promise<void>((r) => (release = r));
      await conn.execute(
        `update typeahead_answer set answer = '{"computed":"before the change"}' where key = 'sfu16'`,
        [],
        'run',
      );
    });
    await isLocked;
    let forgotten = false;
    const change = forgetTypeaheadAnswers(db(), [id]).then(() => (forgotten = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(forgotten).toBe(false); // it waits for the warmer
    release();
    await warmer;
    await change;
    expect((await answerOf('sfu16'))!.answer).toBeNull();
  });

  it('a ranking refresh keeps serving the answers while they are recomputed, missing ones first', async () => {
    await warmAll();
    const before = await typeAhead('socket');
    await staleTypeaheadAnswers(db());
    await db().execute(`update typeahead_answer set answer = null where key = 'nema'`);
    expect(await typeAhead('socket')).toEqual(before);
    expect((await answerOf('socket'))!.stale).toBe(true);
    expect(await warmTypeaheadAnswers(db(), 0)).toBe(10); // one batch
    expect((await answerOf('nema'))!.answer).toBeTruthy();
    const staleCount = async () =>
      (await db().execute<[{ n: number }]>('select count(*)::int as n from typeahead_answer where stale'))[0]
        .n;
    const stale = await staleCount();
    expect(await warmTypeaheadAnswers(db(), 0)).toBe(10);
    expect(await staleCount()).toBe(stale - 10);
    // (The rest would take the warmer a few seconds here: the next tests start from current answers.)
    await db().execute('update typeahead_answer set stale = false');
  });

  it('a site that shows only its own products is searched live', async () => {
    await warmAll();
    const everything = await typeAhead('soc');
    const onMai = await typeAhead('soc', 'mai');
    const ids = onMai.results.map((r: { id: string }) => r.id);
    const [{ elsewhere }] = await db().execute<[{ elsewhere: number }]>(
      `select count(*)::int as elsewhere from product where id in (?) and not 'mai' = any(sites)`,
      [ids.length ? ids : ['-']],
    );
    expect(elsewhere).toBe(0);
    expect(onMai).not.toEqual(everything);
  });

  it("a process's warmer computes the missing answers, and does no more once the process stops it", async () => {
    await db().execute(`update typeahead_answer set answer = null where key like 's%'`);
    const missing = async () =>
      (
        await db().execute<[{ n: number }]>(
          'select count(*)::int as n from typeahead_answer where answer is null',
        )
      )[0].n;
    const before = await missing();
    expect(before).toBeGreaterThan(20);
    const warming = scheduleTypeaheadWarming(db(), pino({ level: 'silent' }), 10);
    while ((await missing()) === before) await new Promise((r) => setTimeout(r, 20));
    await warming.stop();
    const left = await missing();
    await new Promise((r) => setTimeout(r, 300));
    expect(await missing()).toBe(left);
    await warmAll();
    expect(await missing()).toBe(0);
  });

  it('a catalogue rebuild keeps the keys of the catalogue and computes every answer again', async () => {
    await warmAll();
    await db().execute(`insert into typeahead_answer (key, answer) values ('zzzzq', '{}')`);
    await refreshTypeaheadKeys(db());
    expect(await answerOf('zzzzq')).toBeUndefined();
    const [{ missing, keys }] = await db().execute<[{ missing: number; keys: number }]>(
      'select count(*) filter (where answer is null)::int as missing, count(*)::int as keys from typeahead_answer',
    );
    expect(missing).toBe(keys);
  });
});
