import { describe, expect, it } from '@jest/globals';
import { cartTotals } from './cart';
import { allocateCents } from './money';
import { returnRefund, type RefundLine } from './returns';
import type { TaxKind } from './tax';

/**
 * A $20 order discount on three lines, then returns: one of three of a line, the rest of it, then everything. The
 * refunds add up, to the cent, to what the buyer paid for the goods with their taxes (decision 079).
 */
function order(country: 'US' | 'CA', components: { kind: TaxKind; pct: number }[]) {
  const lines = [
    { id: 'a', quantity: 3, price: 33.33, lineTotal: 99.99 },
    { id: 'b', quantity: 1, price: 45.5, lineTotal: 45.5 },
    { id: 'c', quantity: 7, price: 1.07, lineTotal: 7.49 },
  ];
  const shares = allocateCents(
    20,
    lines.map((l) => l.lineTotal),
  );
  const totals = cartTotals(lines.map((l) => ({ ...l, cartLineId: l.id, name: l.id })) as never, {
    country,
    components,
    promotions: { goodsDiscount: 20, freightDiscount: 0 },
  });
  const nets = lines.map((l, i) => ({
    net: Math.round((l.lineTotal - shares[i]!) * 100) / 100,
    quantity: l.quantity,
  }));
  return { totals, nets };
}

function walk(country: 'US' | 'CA', components: { kind: TaxKind; pct: number }[]) {
  const { totals, nets } = order(country, components);
  const done = [0, 0, 0];
  const refund = (now: number[]) => {
    const lines: RefundLine[] = nets.map((l, i) => ({
      ...l,
      returnedBefore: done[i]!,
      returnedNow: now[i]!,
    }));
    now.forEach((n, i) => (done[i]! += n));
    return returnRefund({ lines, taxes: totals.taxes, freight: totals.freightAmt });
  };
  return { totals, refunds: [refund([1, 0, 0]), refund([2, 0, 0]), refund([0, 1, 7])] };
}

const cents = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100);

describe('a return refunds what was paid', () => {
  it('NC: 4.75 % on the goods; three returns add up to the goods and their tax', () => {
    const { totals, refunds } = walk('US', [{ kind: 'SALES', pct: 4.75 }]);
    // One of three of a line of 99.99 less its share of the discount (13.07): a third of 86.92.
    expect(refunds[0]!.goods).toBe(28.97);
    expect(refunds[0]!.taxes).toEqual([{ kind: 'SALES', amount: 1.38 }]);
    expect(cents(refunds.map((r) => r.goods))).toBe(cents([totals.subTotal, -totals.discountTotal]));
    expect(cents(refunds.map((r) => r.total))).toBe(cents([totals.total, -totals.freightAmt]));
  });

  it('QC: GST and QST each by itself; the freight and its taxes are kept', () => {
    const { totals, refunds } = walk('CA', [
      { kind: 'GST', pct: 5 },
      { kind: 'QST', pct: 9.975 },
    ]);
    expect(totals.freightAmt).toBe(21);
    const freightTaxes = Math.round(21 * 5) / 100 + Math.round(21 * 9.975) / 100;
    expect(cents(refunds.map((r) => r.total))).toBe(cents([totals.total, -totals.freightAmt, -freightTaxes]));
    for (const kind of ['GST', 'QST'] as const) {
      const refunded = cents(refunds.map((r) => r.taxes.find((t) => t.kind === kind)!.amount));
      const charged = totals.taxes.find((t) => t.kind === kind)!;
      expect(refunded).toBe(cents([charged.amount, -Math.round(21 * charged.pct) / 100]));
    }
  });

  it('without a promotion, a pack line refunds its packs at their price', () => {
    const refund = returnRefund({
      lines: [{ net: 250, quantity: 2, returnedBefore: 0, returnedNow: 1 }],
      taxes: [{ kind: 'SALES', pct: 7, amount: 17.5 }],
      freight: 0,
    });
    expect(refund).toEqual({ goods: 125, taxes: [{ kind: 'SALES', amount: 8.75 }], total: 133.75 });
  });
});
