import type { PromotionDraft } from '../src/modules/promotion/promotion.write';
import { generateCodes, insertPromotion } from '../src/modules/promotion/promotion.write';
import { servicesDb } from '../src/db/db';
import type { TestApp } from './harness';

/** A promotion as a test needs it: every field defaulted (10 % off every line, automatic, on the US sites). */
export async function givePromotion(t: TestApp, partial: Partial<PromotionDraft> = {}): Promise<string> {
  const draft: PromotionDraft = {
    name: 'Test promotion',
    code: null,
    automatic: !partial.code,
    priority: 100,
    exclusive: false,
    startsAt: null,
    endsAt: null,
    sites: ['axl', 'pay-us'],
    currency: null,
    conditions: { customers: { guests: true, signedIn: true, companies: 'all' } },
    action: { kind: 'linesPercent', pct: 10 },
    maxDiscount: null,
    limits: {},
    ...partial,
  };
  const db = servicesDb(t.orm);
  const id = await db.transactional(() => insertPromotion(db, draft));
  // Every process drops its promotions at its next poll: this test's app, now.
  await t.checkCaches();
  return id;
}

/** Single-use codes of a promotion. */
export async function giveCodes(
  t: TestApp,
  promotionId: string,
  count: number,
  prefix = 'T-',
): Promise<string[]> {
  const db = servicesDb(t.orm);
  return (await db.transactional(() => generateCodes(db, promotionId, { count, prefix, by: null }))).codes;
}

/** Ends every promotion (a test file's promotions would otherwise reach its other tests' carts). */
export async function endPromotions(t: TestApp): Promise<void> {
  const db = servicesDb(t.orm);
  await db.transactional(async () => {
    await db.execute(
      "update promotion set ends_at = now() - interval '1 second', starts_at = null",
      [],
      'run',
    );
    await db.execute(
      `insert into cache_version (name, version) values ('promotions', 1)
       on conflict (name) do update set version = cache_version.version + 1`,
      [],
      'run',
    );
  });
  await t.checkCaches();
}
