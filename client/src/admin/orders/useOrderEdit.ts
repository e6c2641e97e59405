import {
  adminOrderSchema,
  editedLine,
  editsByBaseAndOptions,
  editedPromotions,
  editedSubtotal,
  editedTotal,
  proposedCharges,
  type AdminOrderInput,
  type OrderPromotionFacts,
} from '@domain/admin';
import type { SiteId } from '@domain/constants';
import { NO_PROMOTIONS, type PriceSource, type PromotionRule } from '@domain/promotions';
import { erpOrderIdShown } from '@domain/erp';
import { isCountry } from '@domain/regions';
import { useFormik } from 'formik';
import { useEffect, useMemo } from 'react';
import type { AdminOrderFieldsFragment, AdminOrderQuery } from './orders.generated';
import { useVersionedSubmit } from '../shared/forms';
import { useOrderActions } from './useOrderActions';

type Line = AdminOrderFieldsFragment['lines'][number];
/** The order's promotions as placed and its lines' facts, as the console reads them (decision 079). */
export type OrderPromotions = AdminOrderQuery['orderPromotionFacts'];

/** The GraphQL answer in the domain's terms (the rule is the JSON the order kept). */
const factsOf = (p: OrderPromotions): OrderPromotionFacts => ({
  promotions: p.promotions.map((x) => ({ ...x, rule: x.rule as PromotionRule })),
  lines: p.lines.map((l) => ({ ...l, source: l.source as PriceSource })),
});
export type EditedLine = AdminOrderInput['lines'][number];

/** A line as the running totals count it while a field is empty (the field itself keeps what was typed). */
const counted = (l: EditedLine): EditedLine => ({
  ...l,
  quantity: l.quantity ?? 0,
  price: l.price ?? 0,
  configurations: l.configurations.map((c) => ({ ...c, price: c.price ?? 0 })),
});

/** The order's country: its address rules, freight table and taxes (decision 033). */
export const countryOf = (order: AdminOrderFieldsFragment) =>
  isCountry(order.shippingAddress.country) ? order.shippingAddress.country : 'US';

/** The form's values from an order as saved (configured lines edit their base price). */
function initialValues(order: AdminOrderFieldsFragment): AdminOrderInput {
  return {
    contactEmail: order.contactEmail,
    address: {
      addressLine1: order.shippingAddress.addressLine1,
      addressLine2: order.shippingAddress.addressLine2 ?? '',
      city: order.shippingAddress.city,
      state: order.shippingAddress.state,
      zip: order.shippingAddress.zip,
      country: countryOf(order),
    },
    taxAmount: order.taxAmount,
    shippingCharges: order.freightAmt,
    totalAmount: order.total,
    // Not acknowledged by the ERP: the order's own number, which saved unchanged leaves it so (decision 071).
    erpOrderId: erpOrderIdShown(order),
    status: order.status,
    dropPromotions: [],
    lines: order.lines.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      price: editsByBaseAndOptions(l) ? (l.basePrice ?? l.price) : l.price,
      configurations: editsByBaseAndOptions(l)
        ? l.configurations.map((c) => ({ id: c.id, price: c.price ?? 0 }))
        : [],
    })),
  };
}

const lineFactsOf = (line: Line) => ({
  minimumPurchaseQuantity: line.minimumPurchaseQuantity,
  minTransfer: line.minTransfer,
  configurationValues: Object.fromEntries(line.configurations.map((c) => [c.id, c.value])),
});

/**
 * The console's order form: Formik with the domain's schema, the save sent with the order's version, the running
 * totals. A line's change proposes freight and tax by the domain rules for the new subtotal; a charge typed by
 * hand moves only the total. `onSaved(false)` runs as a save starts, `onSaved(true)` once it is in.
 */
export function useOrderEdit(
  order: AdminOrderFieldsFragment,
  promotions: OrderPromotions | null,
  onSaved: (saved: boolean) => void,
) {
  const { save } = useOrderActions(order);
  const { conflict, submit } = useVersionedSubmit<AdminOrderInput>(
    (values) => {
      onSaved(false);
      return save(values);
    },
    () => onSaved(true),
  );
  const formik = useFormik<AdminOrderInput>({
    initialValues: initialValues(order),
    validationSchema: adminOrderSchema,
    onSubmit: submit,
  });
  const { values, setValues } = formik;
  // A refused submit brings the first field in error into view.
  useEffect(() => {
    if (formik.submitCount && !formik.isSubmitting && !formik.isValid)
      document.querySelector('.ant-form-item-has-error')?.scrollIntoView({ block: 'center' });
  }, [formik.submitCount, formik.isSubmitting, formik.isValid]);

  // An order from a quote keeps its agreed freight.
  const quotedFreight = order.lines.some((l) => l.quoted) ? order.freightAmt : undefined;
  /** The lines priced and the order's promotions evaluated again on them, as the server will (decision 079). */
  const evaluate = (lines: readonly EditedLine[], dropped: readonly number[]) => {
    const lineTotals = lines.map((l, i) => editedLine(counted(l), lineFactsOf(order.lines[i]!)));
    const subTotal = editedSubtotal(lineTotals.map((l) => l.lineTotal));
    const applied = promotions
      ? editedPromotions(
          {
            facts: factsOf(promotions),
            site: promotions.site as SiteId,
            currency: order.currencyCode,
            createdAt: order.createdAt,
            country: countryOf(order),
            freight: quotedFreight,
          },
          lines.map((l, i) => ({ id: l.id, quantity: l.quantity ?? 0, ...lineTotals[i]! })),
          dropped,
        )
      : NO_PROMOTIONS;
    return { lineTotals, subTotal, promotions: applied };
  };
  const totals = useMemo(
    () => evaluate(values.lines, values.dropPromotions),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- evaluate reads only the order and its promotions
    [values.lines, values.dropPromotions, order, promotions],
  );

  /** Lines or promotions changed: freight and tax follow the domain rules for the new amounts, and the total. */
  const propose = (lines: EditedLine[], dropped: number[]) => {
    const next = evaluate(lines, dropped);
    const charges = proposedCharges(next.subTotal, {
      country: countryOf(order),
      taxes: order.taxes,
      freight: quotedFreight,
      promotions: next.promotions,
    });
    void setValues({
      ...values,
      lines,
      dropPromotions: dropped,
      ...charges,
      totalAmount: editedTotal(
        next.subTotal,
        charges.shippingCharges,
        charges.taxAmount,
        next.promotions.goodsDiscount,
      ),
    });
  };
  /** Line `i` changed. */
  const setLine = (i: number, change: (line: EditedLine) => EditedLine) =>
    propose(
      values.lines.map((l, j) => (j === i ? change(l) : l)),
      values.dropPromotions,
    );
  /** A promotion dropped from the order, or kept after all. */
  const setDropped = (position: number, drop: boolean) =>
    propose(values.lines, [
      ...values.dropPromotions.filter((p) => p !== position),
      ...(drop ? [position] : []),
    ]);
  /** Freight or tax changed by hand: only the total follows. */
  const setCharge = (field: 'shippingCharges' | 'taxAmount', value: number | null) => {
    // What the operator typed stays, empty or negative included: the schema's message shows next to the field.
    const next = { ...values, [field]: value as number };
    void setValues({
      ...next,
      totalAmount: editedTotal(
        totals.subTotal,
        next.shippingCharges ?? 0,
        next.taxAmount ?? 0,
        totals.promotions.goodsDiscount,
      ),
    });
  };
  // What shipped and was paid for stands (the server refuses such a change): lines and amounts are read-only.
  const locked = order.shipments.length > 0 || order.paymentStatus === 'PAID';

  return { formik, conflict, totals, promotions, setLine, setDropped, setCharge, locked };
}

export type OrderEdit = ReturnType<typeof useOrderEdit>;
