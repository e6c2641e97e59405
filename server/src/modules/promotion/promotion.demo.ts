import { storeInstant, storeLocalTime } from '../../../../domain/constants';
import { bumpCacheVersion } from '../../common/cache-versions';
import type { Db } from '../../context';
import { insertPromotion, type PromotionDraft } from './promotion.write';

/*
 * The demo store's two promotions (issue 58, item 6): WELCOME10, a code for 10 % off a first order up to $100, and
 * an automatic 10 % off ball screws on the US sites this month. Written once; an untouched automatic one (the demo's,
 * never saved by staff: its version is still 1) moves to the current month at each start, so a demo running in any
 * month shows it. DEMO_PROMOTIONS=false leaves them out (the e2e store, whose specs read catalogue prices).
 */

const DEMO_CODE = 'WELCOME10';
const DEMO_BALL_SCREWS = 'Ball screws 10 % off this month';

/** The first instant of this month and of the next, in the store's time zone (New York). */
function thisMonth(now: Date): { startsAt: string; endsAt: string } {
  const [year, month] = storeLocalTime(now).split('-').map(Number) as [number, number];
  const first = (y: number, m: number) => storeInstant(`${y}-${String(m).padStart(2, '0')}-01T00:00`)!;
  return { startsAt: first(year, month), endsAt: month === 12 ? first(year + 1, 1) : first(year, month + 1) };
}

const everyone = { guests: true, signedIn: true, companies: 'all' as const };

const welcome = (): PromotionDraft => ({
  name: 'Welcome: 10 % off your first order',
  note: 'Demo promotion: 10 % off a first order, up to $100; not on contract price lists.',
  code: DEMO_CODE,
  automatic: false,
  priority: 100,
  exclusive: false,
  startsAt: null,
  endsAt: null,
  sites: ['axl', 'pay-us'],
  currency: 'usd',
  conditions: { customers: everyone, firstOrderOnly: true },
  action: { kind: 'linesPercent', pct: 10 },
  maxDiscount: 100,
  limits: { perCustomer: 1 },
  demo: true,
});

const ballScrews = (now: Date): PromotionDraft => ({
  name: DEMO_BALL_SCREWS,
  note: 'Demo promotion: precision rolled ball screws and their accessories, this month.',
  code: null,
  automatic: true,
  priority: 50,
  exclusive: false,
  ...thisMonth(now),
  sites: ['axl', 'pay-us'],
  currency: null,
  conditions: { customers: everyone, categoryHandles: ['motion-control/ballscrews-accessories'] },
  action: { kind: 'linesPercent', pct: 10 },
  maxDiscount: null,
  limits: {},
  demo: true,
});

/** Writes the demo promotions that are missing and moves the untouched automatic one to this month. How many written. */
export async function ensureDemoPromotions(db: Db, now = new Date()): Promise<number> {
  return db.transactional(async () => {
    const existing = await db.execute<{ name: string; code: string | null }[]>(
      `select p.name, (select upper(c.code) from promotion_code c where c.promotion_id = p.id and not c.single_use
         limit 1) as code from promotion p where p.demo`,
      [],
      'all',
    );
    const taken = await db.execute<{ n: number }[]>(
      'select count(*)::int as n from promotion_code where upper(code) = ?',
      [DEMO_CODE],
      'all',
    );
    let written = 0;
    if (!existing.some((p) => p.code === DEMO_CODE) && taken[0]!.n === 0) {
      await insertPromotion(db, welcome());
      written++;
    }
    if (!existing.some((p) => p.name === DEMO_BALL_SCREWS)) {
      await insertPromotion(db, ballScrews(now));
      written++;
    } else {
      const month = thisMonth(now);
      const moved = await db.execute<{ id: string }[]>(
        `update promotion set starts_at = ?, ends_at = ?
         where demo and name = ? and version = 1 and ended_at is null and starts_at is distinct from ?::timestamptz
         returning id`,
        [month.startsAt, month.endsAt, DEMO_BALL_SCREWS, month.startsAt],
        'all',
      );
      if (moved.length) await bumpCacheVersion(db, 'promotions');
    }
    return written;
  });
}
