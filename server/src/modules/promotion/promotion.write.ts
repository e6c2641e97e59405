import { randomInt } from 'node:crypto';
import {
  PROMOTION_CODE_ALPHABET,
  PROMOTION_CODE_LENGTH,
  normalizeCode,
  type PromotionRule,
} from '../../../../domain/promotions';
import { bumpCacheVersion } from '../../common/cache-versions';
import type { Db } from '../../context';
import { prepared } from '../../db/prepared';

/** A promotion as staff (or the demo seed) write it: the rule's fields, an internal note, its shared code. */
export type PromotionDraft = Omit<PromotionRule, 'id'> & { note?: string; demo?: boolean };

/**
 * A draft's values for the promotion's columns, in this order: name, note, automatic, priority, exclusive, starts_at,
 * ends_at, sites (text[]), currency, conditions, action (jsonb), max_discount, the four limits.
 */
export const ruleColumns = (draft: PromotionDraft): unknown[] => [
  draft.name,
  draft.note ?? '',
  draft.automatic,
  draft.priority,
  draft.exclusive,
  draft.startsAt,
  draft.endsAt,
  draft.sites,
  draft.currency,
  JSON.stringify(draft.conditions),
  JSON.stringify(draft.action),
  draft.maxDiscount,
  draft.limits.total ?? null,
  draft.limits.perCustomer ?? null,
  draft.limits.perCompany ?? null,
  draft.limits.budget ?? null,
];

/**
 * Writes a new promotion (decision 079): its row, its lock row (never missing, so an order's `for update` always
 * finds it), its shared code, and the promotions' cache version, in the caller's transaction. Its id.
 */
export async function insertPromotion(
  db: Db,
  draft: PromotionDraft,
  by: string | null = null,
): Promise<string> {
  const [row] = await prepared<{ id: string }>(
    `insert into promotion (name, note, automatic, priority, exclusive, starts_at, ends_at, sites, currency, conditions,
       action, max_discount, limit_total, limit_per_customer, limit_per_company, budget, demo, created_by_id)
     values (?, ?, ?, ?, ?, ?, ?, ?::text[], ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, ?) returning id`,
  ).all(db, [...ruleColumns(draft), draft.demo ?? false, by]);
  const id = row!.id;
  await db.execute('insert into promotion_lock (promotion_id) values (?)', [id], 'run');
  if (draft.code) {
    await db.execute(
      'insert into promotion_code (promotion_id, code, single_use) values (?, ?, false)',
      [id, normalizeCode(draft.code)],
      'run',
    );
  }
  await bumpCacheVersion(db, 'promotions');
  return id;
}

/**
 * Makes `count` single-use codes for a promotion (decision 079): the prefix, then random characters of an alphabet
 * without look-alikes (crypto.randomInt), so a code is out of reach of guessing; one statement inserts them and a
 * clash with an existing code (any case) draws again. The batch's id and its codes.
 */
export async function generateCodes(
  db: Db,
  promotionId: string,
  options: { count: number; prefix: string; by: string | null },
): Promise<{ batchId: string; codes: string[] }> {
  const prefix = normalizeCode(options.prefix);
  const [batch] = await db.execute<{ id: string }[]>(
    'insert into promotion_code_batch (promotion_id, prefix, count, created_by_id) values (?, ?, ?, ?) returning id',
    [promotionId, prefix, options.count, options.by],
    'all',
  );
  const codes: string[] = [];
  while (codes.length < options.count) {
    const drawn = new Set<string>();
    while (drawn.size < options.count - codes.length) drawn.add(prefix + randomCode());
    const inserted = await prepared<{ code: string }>(
      `insert into promotion_code (promotion_id, code, batch_id, single_use)
       select ?, c, ?, true from unnest(?::text[]) as c on conflict do nothing returning code`,
    ).all(db, [promotionId, batch!.id, [...drawn]]);
    codes.push(...inserted.map((r) => r.code));
  }
  return { batchId: batch!.id, codes };
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < PROMOTION_CODE_LENGTH; i++) {
    code += PROMOTION_CODE_ALPHABET[randomInt(PROMOTION_CODE_ALPHABET.length)];
  }
  return code;
}
