import { describe, expect, it } from '@jest/globals';
import { cartTotals } from './cart';
import { storeInstant, storeLocalTime } from './constants';
import { allocateCents, orderTotal } from './money';
import {
  applyPromotions,
  normalizeCode,
  previewRules,
  promotionMessage,
  type PromotionCustomer,
  type PromotionInput,
  type PromotionLine,
  type PromotionRule,
  type PromotionUsage,
} from './promotions';

const line = (id: string, over: Partial<PromotionLine> = {}): PromotionLine => ({
  lineId: id,
  productId: `p-${id}`,
  brandId: 'b-thk',
  categoryHandle: 'motion-control/ballscrews-accessories/precision-rolled',
  quantity: 1,
  unitPrice: 100,
  lineTotal: 100,
  source: 'catalogue',
  priceListId: null,
  ...over,
});

const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 'r1',
  name: 'Ten off',
  code: 'TEN',
  automatic: false,
  priority: 100,
  exclusive: false,
  startsAt: null,
  endsAt: null,
  sites: ['axl'],
  currency: null,
  conditions: { customers: { guests: true, signedIn: true, companies: 'all' } },
  action: { kind: 'linesPercent', pct: 10 },
  maxDiscount: null,
  limits: {},
  ...over,
});

const guest: PromotionCustomer = {
  kind: 'guest',
  userId: null,
  email: null,
  companyId: null,
  priceListId: null,
  firstOrder: null,
};
const signedIn: PromotionCustomer = {
  ...guest,
  kind: 'signedIn',
  userId: 'u1',
  email: 'dana@plant.example',
  firstOrder: true,
};
const companyBuyer: PromotionCustomer = { ...signedIn, companyId: 'c1', priceListId: 'contract-1' };

const NOW = new Date('2026-07-15T12:00:00Z');

function run(over: Partial<PromotionInput> & { rules: PromotionRule[] }) {
  const rules = over.rules;
  return applyPromotions({
    lines: [line('a')],
    freight: 15,
    customer: signedIn,
    site: 'axl',
    currency: 'USD',
    now: NOW,
    codes: rules.filter((r) => !r.automatic).map((r) => ({ code: r.code ?? 'X', promotionId: r.id })),
    ...over,
  });
}

const usage = (id: string, u: Partial<PromotionUsage>): Map<string, PromotionUsage> =>
  new Map([[id, { redemptions: 0, byCustomer: 0, byCompany: 0, discountTotal: 0, ...u }]]);

describe('allocateCents', () => {
  it.each([
    ['three equal lines', 1, [1, 1, 1], [0.34, 0.33, 0.33]],
    ['a tie goes to the earlier line', 0.02, [5, 5, 5], [0.01, 0.01, 0]],
    ['by weight', 10, [100, 300], [2.5, 7.5]],
    ['one cent', 0.01, [3, 7], [0, 0.01]],
    ['never more than a weight', 50, [20, 10], [20, 10]],
    ['no weight', 5, [0, 0], [0, 0]],
    ['the amount exactly', 33.33, [33.33, 33.33, 33.34], [11.11, 11.11, 11.11]],
  ])('%s', (_name, amount, weights, shares) => {
    const got = allocateCents(amount, weights);
    expect(got).toEqual(shares);
    expect(Math.round(got.reduce((a, b) => a + b, 0) * 100)).toBe(
      Math.round(
        Math.min(
          amount,
          weights.reduce((a, b) => a + b, 0),
        ) * 100,
      ),
    );
  });
});

describe('orderTotal with a discount', () => {
  it('takes the goods discount off, and is the spec formula without one', () => {
    expect(orderTotal({ subTotal: 200, freight: 0, taxAmount: 8.55, discount: 20 })).toBe(188.55);
    expect(orderTotal({ subTotal: 200, freight: 15, taxAmount: 0 })).toBe(215);
  });
});

describe('the conditions', () => {
  it.each<[string, Partial<PromotionRule>, Partial<PromotionInput>, number | string]>([
    ['no condition: every line', {}, {}, 10],
    ['window: open at its start', { startsAt: NOW.toISOString() }, {}, 10],
    ['window: closed at its end', { endsAt: NOW.toISOString() }, {}, 'expired'],
    ['window: not yet', { startsAt: '2026-07-16T04:00:00Z' }, {}, 'notYetValid'],
    ['another site', { sites: ['pay-ca'] }, {}, 'notForCart'],
    ['another currency', { currency: 'CAD' }, {}, 'notForCart'],
    [
      'guests only: a signed-in buyer',
      { conditions: { customers: { guests: true, signedIn: false, companies: 'none' } } },
      {},
      'notForAccount',
    ],
    [
      'signed in only: a guest',
      { conditions: { customers: { guests: false, signedIn: true, companies: 'all' } } },
      { customer: guest },
      'notForAccount',
    ],
    [
      'companies none: a company buyer',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'none' } } },
      { customer: companyBuyer },
      'notForAccount',
    ],
    [
      'companies named: another company',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'named', companyIds: ['c2'] } } },
      { customer: companyBuyer },
      'notForAccount',
    ],
    [
      'companies named: this one',
      {
        conditions: { customers: { guests: false, signedIn: false, companies: 'named', companyIds: ['c1'] } },
      },
      { customer: companyBuyer },
      10,
    ],
    [
      'a contract line, the list not named',
      {},
      { lines: [line('a', { source: 'priceList', priceListId: 'contract-1' })] },
      'notForCart',
    ],
    [
      'a contract line, the list named',
      {
        conditions: {
          customers: { guests: true, signedIn: true, companies: 'all' },
          priceListIds: ['contract-1'],
        },
      },
      { lines: [line('a', { source: 'priceList', priceListId: 'contract-1' })] },
      10,
    ],
    [
      "the site's own list is no contract",
      {},
      { lines: [line('a', { source: 'siteList', priceListId: 'pay-ca' })] },
      10,
    ],
    ['a quoted line', {}, { lines: [line('a', { source: 'quote' })] }, 'quote'],
    ['priced on request', {}, { lines: [line('a', { unitPrice: null, lineTotal: 0 })] }, 'notForCart'],
    [
      'a category reaches its children',
      {
        conditions: {
          customers: { guests: true, signedIn: true, companies: 'all' },
          categoryHandles: ['motion-control/ballscrews-accessories'],
        },
      },
      {},
      10,
    ],
    [
      'a category is no prefix of another word',
      {
        conditions: {
          customers: { guests: true, signedIn: true, companies: 'all' },
          categoryHandles: ['motion-control/ballscrews'],
        },
      },
      {},
      'notForCart',
    ],
    [
      'a brand',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, brandIds: ['b-thk'] } },
      {},
      10,
    ],
    [
      'another brand',
      {
        conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, brandIds: ['b-hiwin'] },
      },
      {},
      'notForCart',
    ],
    [
      'a product',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, productIds: ['p-a'] } },
      {},
      10,
    ],
    [
      'minimum subtotal met',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, minSubtotal: 100 } },
      {},
      10,
    ],
    [
      'minimum subtotal missed',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, minSubtotal: 100.01 } },
      {},
      'minimum',
    ],
    [
      'minimum quantity missed',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, minQuantity: 2 } },
      {},
      'notForCart',
    ],
    [
      'first order: a buyer who ordered before',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, firstOrderOnly: true } },
      { customer: { ...signedIn, firstOrder: false } },
      'notForAccount',
    ],
    [
      'first order: a guest at placement who ordered before',
      { conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, firstOrderOnly: true } },
      { customer: { ...guest, email: 'dana@plant.example', firstOrder: false } },
      'notForEmail',
    ],
    ['total limit reached', { limits: { total: 5 } }, { usage: usage('r1', { redemptions: 5 }) }, 'usedUp'],
    ['total limit not reached', { limits: { total: 5 } }, { usage: usage('r1', { redemptions: 4 }) }, 10],
    [
      'per customer reached',
      { limits: { perCustomer: 1 } },
      { usage: usage('r1', { byCustomer: 1 }) },
      'notForAccount',
    ],
    [
      'per company reached',
      { limits: { perCompany: 3 } },
      { customer: companyBuyer, usage: usage('r1', { byCompany: 3 }) },
      'notForAccount',
    ],
    ['budget spent', { limits: { budget: 50 } }, { usage: usage('r1', { discountTotal: 50 }) }, 'usedUp'],
    [
      'budget nearly spent: what is left',
      { limits: { budget: 50 } },
      { usage: usage('r1', { discountTotal: 46.5 }) },
      3.5,
    ],
    ['the maximum per order', { maxDiscount: 4 }, {}, 4],
  ])('%s', (_name, over, input, expected) => {
    const outcome = run({ rules: [rule(over)], ...input });
    if (typeof expected === 'number') {
      expect(outcome.refusals).toEqual([]);
      expect(outcome.goodsDiscount).toBe(expected);
    } else {
      expect(outcome.applied).toEqual([]);
      expect(outcome.refusals.map((r) => r.reason)).toEqual([expected]);
    }
  });

  it('the window in New York time, summer and winter', () => {
    // Midnight in New York starts the day: 04:00Z in July (EDT), 05:00Z in December (EST).
    const july = rule({ startsAt: '2026-07-16T04:00:00Z' });
    expect(run({ rules: [july], now: new Date('2026-07-16T03:59:59Z') }).refusals[0]?.message).toBe(
      'The code TEN can be used from 2026-07-16.',
    );
    expect(run({ rules: [july], now: new Date('2026-07-16T04:00:00Z') }).goodsDiscount).toBe(10);
    const december = rule({ endsAt: '2026-12-01T05:00:00Z' });
    expect(run({ rules: [december], now: new Date('2026-12-01T04:59:59Z') }).goodsDiscount).toBe(10);
    expect(run({ rules: [december], now: new Date('2026-12-01T05:00:00Z') }).refusals[0]?.reason).toBe(
      'expired',
    );
  });

  it('a guest before placement: first order and per-e-mail wait, the code applies', () => {
    const outcome = run({
      rules: [
        rule({
          conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, firstOrderOnly: true },
        }),
      ],
      customer: guest,
    });
    expect(outcome.goodsDiscount).toBe(10);
    expect(outcome.pending).toEqual([{ code: 'TEN', check: 'email' }]);
    const perEmail = run({ rules: [rule({ limits: { perCustomer: 1 } })], customer: guest });
    expect(perEmail.pending).toEqual([{ code: 'TEN', check: 'email' }]);
  });

  it('minimum: says how much more, counted on the matching lines only', () => {
    const outcome = run({
      rules: [
        rule({
          conditions: {
            customers: { guests: true, signedIn: true, companies: 'all' },
            minSubtotal: 150,
            brandIds: ['b-thk'],
          },
        }),
      ],
      lines: [
        line('a', { lineTotal: 120, unitPrice: 120 }),
        line('b', { brandId: 'b-other', lineTotal: 500, unitPrice: 500 }),
      ],
    });
    expect(outcome.refusals[0]?.message).toBe('Add $30.00 more to your cart to use the code TEN.');
  });

  it('an automatic promotion that does not apply says nothing', () => {
    const outcome = run({ rules: [rule({ automatic: true, code: null, sites: ['pay-ca'] })], codes: [] });
    expect(outcome).toMatchObject({ applied: [], refusals: [] });
  });

  it('an unknown code, and the same promotion twice', () => {
    const outcome = run({
      rules: [rule()],
      codes: [
        { code: 'NOPE', promotionId: null },
        { code: 'TEN', promotionId: 'r1' },
        { code: 'TEN-B', promotionId: 'r1' },
      ],
    });
    expect(outcome.goodsDiscount).toBe(10);
    expect(outcome.refusals.map((r) => [r.code, r.reason])).toEqual([
      ['NOPE', 'unknown'],
      ['TEN-B', 'notCombinable'],
    ]);
  });

  it('the console edit: the buyer and the window as at placement, the lines checked again', () => {
    const placed = rule({
      endsAt: '2026-01-01T00:00:00Z',
      limits: { total: 1 },
      conditions: { customers: { guests: false, signedIn: false, companies: 'none' }, minSubtotal: 100 },
    });
    const kept = run({ rules: [placed], customerChecked: true, usage: usage('r1', { redemptions: 1 }) });
    expect(kept.goodsDiscount).toBe(10);
    const fallen = run({
      rules: [placed],
      customerChecked: true,
      lines: [line('a', { lineTotal: 50, unitPrice: 50 })],
    });
    expect(fallen.applied).toEqual([]);
  });
});

describe('the actions', () => {
  const three = [
    line('a', { quantity: 3, unitPrice: 33.33, lineTotal: 99.99 }),
    line('b', { quantity: 1, unitPrice: 0.01, lineTotal: 0.01 }),
    line('c', { quantity: 2, unitPrice: 50, lineTotal: 100 }),
  ];

  it.each<[string, PromotionRule['action'], number, number, Record<string, number>]>([
    ['10 % off the lines: one amount, shared', { kind: 'linesPercent', pct: 10 }, 20, 0, { a: 10, c: 10 }],
    ['$20 off the order, shared by weight', { kind: 'orderAmount', amount: 20 }, 20, 0, { a: 10, c: 10 }],
    ['$5 off each unit', { kind: 'linesAmount', amount: 5 }, 25.01, 0, { a: 15, b: 0.01, c: 10 }],
    ['buy 2 get 1 free', { kind: 'buyGet', buy: 2, get: 1, pct: 100 }, 33.33, 0, { a: 33.33 }],
    ['buy 1 get 1 half price', { kind: 'buyGet', buy: 1, get: 1, pct: 50 }, 41.67, 0, { a: 16.67, c: 25 }],
    ['free freight', { kind: 'freightPercent', pct: 100 }, 0, 15, {}],
    ['half freight', { kind: 'freightPercent', pct: 50 }, 0, 7.5, {}],
    ['$20 off freight of $15', { kind: 'freightAmount', amount: 20 }, 0, 15, {}],
  ])('%s', (_name, action, goods, freight, lines) => {
    const outcome = run({ rules: [rule({ action })], lines: three });
    expect(outcome.goodsDiscount).toBe(goods);
    expect(outcome.freightDiscount).toBe(freight);
    expect(Object.fromEntries(outcome.lineDiscounts)).toEqual(lines);
    // A line never goes below 0, and the shares add up to the amount.
    for (const l of three) expect(outcome.lineDiscounts.get(l.lineId) ?? 0).toBeLessThanOrEqual(l.lineTotal);
    const shared = [...outcome.lineDiscounts.values()].reduce((a, b) => a + b, 0);
    expect(Math.round(shared * 100)).toBe(Math.round(goods * 100));
  });

  it('$500 off an order of $200.00 takes it to 0, never below', () => {
    const outcome = run({ rules: [rule({ action: { kind: 'orderAmount', amount: 500 } })], lines: three });
    expect(outcome.goodsDiscount).toBe(200);
  });

  it('the maximum caps the goods first, then the freight', () => {
    const outcome = run({
      rules: [
        rule({ id: 'r1', action: { kind: 'linesPercent', pct: 50 }, maxDiscount: 30 }),
        rule({ id: 'r2', code: 'SHIP', action: { kind: 'freightPercent', pct: 100 }, maxDiscount: 5 }),
      ],
      lines: three,
    });
    expect(outcome.applied.map((a) => [a.amount, a.freight])).toEqual([
      [30, 0],
      [0, 5],
    ]);
  });
});

describe('stacking', () => {
  const a = rule({ id: 'a', code: 'A', priority: 10, action: { kind: 'linesPercent', pct: 10 } });
  const b = rule({ id: 'b', code: 'B', priority: 20, action: { kind: 'orderAmount', amount: 10 } });

  it('in order of priority, each on what the one before left', () => {
    const outcome = run({ rules: [b, a] });
    expect(outcome.applied.map((x) => [x.promotionId, x.amount])).toEqual([
      ['a', 10],
      ['b', 10],
    ]);
    const compounding = run({
      rules: [{ ...a, priority: 30, action: { kind: 'linesPercent', pct: 10 } }, b],
    });
    expect(compounding.applied.map((x) => [x.promotionId, x.amount])).toEqual([
      ['b', 10],
      ['a', 9],
    ]);
  });

  it('a priority tie goes by id', () => {
    const outcome = run({ rules: [{ ...b, priority: 10 }, a] });
    expect(outcome.applied.map((x) => x.promotionId)).toEqual(['a', 'b']);
  });

  it('an exclusive one first stops the sequence; a later code is refused by name', () => {
    const outcome = run({ rules: [{ ...a, exclusive: true, name: 'Trade show' }, b] });
    expect(outcome.applied.map((x) => x.promotionId)).toEqual(['a']);
    expect(outcome.refusals).toEqual([
      expect.objectContaining({
        code: 'B',
        reason: 'notCombinable',
        message: "The code B can't be combined with Trade show.",
      }),
    ]);
  });

  it('an exclusive one after another that applied does not apply', () => {
    const outcome = run({ rules: [a, { ...b, exclusive: true }] });
    expect(outcome.applied.map((x) => x.promotionId)).toEqual(['a']);
    expect(outcome.refusals.map((r) => [r.code, r.reason])).toEqual([['B', 'notCombinable']]);
  });

  it('an automatic exclusive one that comes after is left out, the code keeps', () => {
    const auto = { ...b, automatic: true, code: null, exclusive: true };
    const outcome = run({ rules: [a, auto], codes: [{ code: 'A', promotionId: 'a' }] });
    expect(outcome.applied.map((x) => x.promotionId)).toEqual(['a']);
    expect(outcome.refusals).toEqual([]);
  });
});

describe('cart totals with promotions (tax on the discounted goods)', () => {
  const lines = [
    { id: 'a', quantity: 2, price: 100, lineTotal: 200 },
    { id: 'b', quantity: 1, price: 50, lineTotal: 50 },
  ].map((l) => ({ ...l, cartLineId: l.id, name: l.id }));

  it('NC: 4.75 % on the goods net of the discount; the band from the subtotal before', () => {
    const totals = cartTotals(lines as never, {
      components: [{ kind: 'SALES', pct: 4.75 }],
      promotions: { goodsDiscount: 60, freightDiscount: 0 },
    });
    expect(totals).toMatchObject({
      subTotal: 250,
      discountTotal: 60,
      freightAmt: 0,
      taxAmount: 9.03,
      total: 199.03,
    });
  });

  it('QC: GST and QST on the net goods and the freight as charged', () => {
    const small = [{ id: 'a', cartLineId: 'a', name: 'a', quantity: 1, price: 100, lineTotal: 100 }];
    const totals = cartTotals(small as never, {
      country: 'CA',
      components: [
        { kind: 'GST', pct: 5 },
        { kind: 'QST', pct: 9.975 },
      ],
      promotions: { goodsDiscount: 10, freightDiscount: 7 },
    });
    // Freight CA$14 less 7 = 7; GST 5 % of 97 = 4.85; QST 9.975 % of 97 = 9.68.
    expect(totals).toMatchObject({ subTotal: 100, discountTotal: 10, freightDiscount: 7, freightAmt: 7 });
    expect(totals.taxes.map((t) => t.amount)).toEqual([4.85, 9.68]);
    expect(totals.total).toBe(111.53);
  });
});

describe('codes and their messages', () => {
  it('normalizes a code whatever its case and spaces', () => {
    expect(normalizeCode('  welcome10 ')).toBe('WELCOME10');
  });

  it.each([
    ['en-US', "We don't recognize the code XYZ.", 'Too many codes tried. Try again in 3 minutes.'],
    ['fr-CA', 'Le code XYZ n’est pas reconnu.', 'Trop de codes essayés. Réessayez dans 3 minutes.'],
    [
      'es-MX',
      'No reconocemos el código XYZ.',
      'Demasiados códigos intentados. Vuelva a intentarlo en 3 minutos.',
    ],
  ] as const)('%s', (locale, unknown, tooMany) => {
    expect(promotionMessage('unknown', { code: 'XYZ' }, locale)).toBe(unknown);
    expect(promotionMessage('tooMany', { n: 3 }, locale)).toBe(tooMany);
  });

  it('every refusal reads in French and Spanish', () => {
    const reasons = [
      'unknown',
      'expired',
      'notYetValid',
      'notForCart',
      'minimum',
      'usedUp',
      'notForAccount',
      'notForEmail',
      'notCombinable',
      'quote',
    ] as const;
    for (const reason of reasons) {
      const params = { code: 'XYZ', date: '2026-07-16', amount: '$30.00', promotion: 'Trade show' };
      const english = promotionMessage(reason, params, 'en-US');
      expect(promotionMessage(reason, params, 'fr-CA')).not.toBe(english);
      expect(promotionMessage(reason, params, 'es-MX')).not.toBe(english);
      expect(promotionMessage(reason, params, 'fr-CA')).not.toMatch(/\{/);
    }
  });
});

describe("the store's clock for a promotion's window", () => {
  it.each([
    ['2026-07-16T00:00', '2026-07-16T04:00:00.000Z'],
    ['2026-12-01T00:00', '2026-12-01T05:00:00.000Z'],
    ['2026-11-01T01:30', '2026-11-01T05:30:00.000Z'],
    ['2026-03-08T03:00', '2026-03-08T07:00:00.000Z'],
  ])('%s in New York is %s', (local, instant) => {
    expect(storeInstant(local)).toBe(instant);
    expect(storeLocalTime(instant)).toBe(local);
  });

  it('refuses text that is no time', () => {
    expect(storeInstant('next tuesday')).toBeNull();
  });
});

describe("the cart preview's rules", () => {
  it("keep those good for this buyer, with nothing of other customers', a budget left as a maximum", () => {
    const named = rule({
      id: 'r1',
      conditions: {
        customers: { guests: false, signedIn: false, companies: 'named', companyIds: ['c1', 'c9'] },
        priceListIds: ['contract-1', 'contract-9'],
      },
      limits: { budget: 50, perCompany: 3 },
      maxDiscount: 20,
    });
    const notForThem = rule({
      id: 'r2',
      code: 'OTHER',
      conditions: { customers: { guests: true, signedIn: false, companies: 'none' } },
    });
    const preview = previewRules({
      lines: [line('a')],
      freight: 15,
      customer: companyBuyer,
      site: 'axl',
      currency: 'USD',
      now: NOW,
      rules: [named, notForThem],
      codes: [
        { code: 'TEN', promotionId: 'r1' },
        { code: 'OTHER', promotionId: 'r2' },
      ],
      usage: usage('r1', { discountTotal: 42 }),
    });
    expect(preview).toEqual([
      expect.objectContaining({
        id: 'r1',
        code: 'TEN',
        automatic: true,
        maxDiscount: 8,
        limits: {},
        conditions: {
          customers: { guests: true, signedIn: true, companies: 'all' },
          priceListIds: ['contract-1'],
        },
      }),
    ]);
  });
});
