import {
  adminOrderSchema,
  editedLine,
  editsByBaseAndOptions,
  editedSubtotal,
  editedTotal,
  proposedCharges,
  type AdminOrderInput,
} from '@domain/admin';
import { erpOrderIdShown } from '@domain/erp';
import { isCountry } from '@domain/regions';
import { useFormik } from 'formik';
import { useEffect, useMemo } from 'react';
import type { AdminOrderFieldsFragment } from './orders.generated';
import { useVersionedSubmit } from '../shared/forms';
import { useOrderActions } from './useOrderActions';

type Line = AdminOrderFieldsFragment['lines'][number];
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

const factsOf = (line: Line) => ({
  minimumPurchaseQuantity: line.minimumPurchaseQuantity,
  minTransfer: line.minTransfer,
  configurationValues: Object.fromEntries(line.configurations.map((c) => [c.id, c.value])),
});

/**
 * The console's order form: Formik with the domain's schema, the save sent with the order's version, the running
 * totals. A line's change proposes freight and tax by the domain rules for the new subtotal; a charge typed by
 * hand moves only the total. `onSaved(false)` runs as a save starts, `onSaved(true)` once it is in.
 */
export function useOrderEdit(order: AdminOrderFieldsFragment, onSaved: (saved: boolean) => void) {
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

  const totals = useMemo(() => {
    const lineTotals = values.lines.map((l, i) => editedLine(counted(l), factsOf(order.lines[i]!)));
    return { lineTotals, subTotal: editedSubtotal(lineTotals.map((l) => l.lineTotal)) };
  }, [values.lines, order.lines]);

  /** Line `i` changed: freight and tax follow the domain rules for the new subtotal, and the total follows. */
  const setLine = (i: number, change: (line: EditedLine) => EditedLine) => {
    const next = values.lines.map((l, j) => (j === i ? change(l) : l));
    const subTotal = editedSubtotal(
      next.map((l, j) => editedLine(counted(l), factsOf(order.lines[j]!)).lineTotal),
    );
    const charges = proposedCharges(subTotal, {
      country: countryOf(order),
      taxes: order.taxes,
      // An order from a quote keeps its agreed freight.
      freight: order.lines.some((l) => l.quoted) ? order.freightAmt : undefined,
    });
    void setValues({
      ...values,
      lines: next,
      ...charges,
      totalAmount: editedTotal(subTotal, charges.shippingCharges, charges.taxAmount),
    });
  };
  /** Freight or tax changed by hand: only the total follows. */
  const setCharge = (field: 'shippingCharges' | 'taxAmount', value: number | null) => {
    // What the operator typed stays, empty or negative included: the schema's message shows next to the field.
    const next = { ...values, [field]: value as number };
    void setValues({
      ...next,
      totalAmount: editedTotal(totals.subTotal, next.shippingCharges ?? 0, next.taxAmount ?? 0),
    });
  };
  // What shipped and was paid for stands (the server refuses such a change): lines and amounts are read-only.
  const locked = order.shipments.length > 0 || order.paymentStatus === 'PAID';

  return { formik, conflict, totals, setLine, setCharge, locked };
}

export type OrderEdit = ReturnType<typeof useOrderEdit>;
