import { useQuery } from '@apollo/client/react';
import { CARRIERS } from '@domain/checkout';
import { approvalReasonAcross } from '@domain/company';
import { AddressLines } from '../../../components/AddressLines';
import { ShipDate } from '../../../components/ShipDate';
import { useMessage, useT } from '../../../i18n';
import { useDescribeConfiguration } from '../../../lib/configuration';
import { useMoney } from '../../../lib/money';
import { useSession } from '../../account';
import type { CartFieldsFragment } from '../../cart';
import { MyCompanyDocument } from '../../company';
import { cardLabel } from '../../payments';
import type { PlaceOrderInput } from '../graphql/checkout.generated';
import type { PaymentControls } from '../usePlaceOrder';
import type { AddressValues, PaymentChoice, ShippingValues } from './types';

/** The order as the checkout's steps made it. */
export function placeOrderInput(
  address: AddressValues,
  shipping: ShippingValues,
  choice: PaymentChoice,
): PlaceOrderInput {
  return {
    contactEmail: address.contactEmail,
    shippingAddress: {
      name: address.name,
      companyName: address.companyName || null,
      addressLine1: address.addressLine1,
      addressLine2: address.addressLine2 || null,
      city: address.city,
      state: address.state,
      zip: address.zip,
      email: address.email,
      phone: address.phone || null,
      isResidential: address.isResidential,
    },
    shippingDetails: shipping,
    payment:
      choice.kind === 'card'
        ? { kind: 'card', paymentMethodId: choice.card.id, saveCard: choice.save }
        : { kind: 'purchaseOrder', poNumber: choice.poNumber },
  };
}

/** The last step: what will be ordered, where and how it is paid, and Place order. */
export function ReviewStep({
  cart,
  address,
  shipping,
  choice,
  payment,
  onChangePayment,
  onBlocked,
}: {
  cart: CartFieldsFragment;
  address: AddressValues;
  shipping: ShippingValues;
  choice: PaymentChoice;
  /** The order's payment state machine: Place order sends the order through it. */
  payment: PaymentControls;
  onChangePayment: () => void;
  /** The address cannot be used (an item may not ship to its state, or not a company location): back to it. */
  onBlocked: () => void;
}) {
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const message = useMessage();
  const money = useMoney();
  const placing = payment.state.step === 'placing';
  const approval = useApprovalReason(cart.total);
  const place = async () => {
    const next = await payment.place(placeOrderInput(address, shipping, choice));
    if (next.step === 'failed' && next.blocked) onBlocked();
  };

  return (
    <section aria-labelledby="review-title" className="review">
      <h2 id="review-title">{t('checkout.step.review')}</h2>
      <div className="review__grid">
        <div>
          <h3>{t('checkout.shipTo')}</h3>
          <address>
            <AddressLines address={address} />
          </address>
        </div>
        <div>
          <h3>{t('checkout.step.shipping')}</h3>
          <p>
            {CARRIERS.find((c) => c.id === shipping.carrierId)?.name} {shipping.carrierMethod}
          </p>
          {shipping.note && <p className="field__hint">{shipping.note}</p>}
        </div>
        <div>
          <h3>{t('checkout.step.payment')}</h3>
          <p>
            {choice.kind === 'card'
              ? cardLabel(t, choice.card)
              : t('orders.purchaseOrder', { number: choice.poNumber })}{' '}
            <button type="button" className="link-button" onClick={onChangePayment}>
              {t('checkout.change')}
            </button>
          </p>
          {choice.kind === 'card' && choice.save && <p className="field__hint">{t('payments.willSave')}</p>}
        </div>
      </div>
      <ul className="review__lines">
        {cart.orderLines.map((l) => (
          <li key={l.cartLineId}>
            <span>
              {l.quantity} × {l.name}
              {l.configurations.length > 0 && (
                <small> ({l.configurations.map((c) => describeConfig(c)).join(', ')})</small>
              )}
              {/* When it ships to this address (its nearest warehouse first), a backorder's later day included. */}
              <ShipDate
                stock={l.stock}
                quantity={l.quantity}
                state={address.state}
                configured={l.configurations.length > 0}
              />
            </span>
            <span>{money(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      {payment.state.step === 'failed' && (
        <p className="form__error" role="alert" data-testid="checkout-error">
          {message(payment.state.message)}
        </p>
      )}
      {approval && (
        <p className="notice notice--info" role="status" data-testid="approval-notice">
          {t(approval.kind === 'month' ? 'checkout.approval.overMonth' : 'checkout.approval.overOrder', {
            amount: money(approval.limit),
          })}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--large"
        disabled={placing}
        aria-busy={placing}
        onClick={() => void place()}
      >
        {t(approval ? 'checkout.sendForApproval' : 'checkout.placeOrder')}
      </button>
    </section>
  );
}

/**
 * Why this order will wait for the company's approval (decision 044), as the server will judge it at Place order:
 * the buyer's limits and what they placed this month. Null for a shopper without a company, or within the limits.
 */
function useApprovalReason(total: number) {
  const { user } = useSession();
  const { data } = useQuery(MyCompanyDocument, {
    skip: !user?.accounts.length,
    fetchPolicy: 'cache-and-network',
  });
  const company = data?.myCompany;
  // The company's limits are in its currency: this site's total converted as the server will (decision 052).
  return company
    ? approvalReasonAcross(total, company.exchangeRate, company.me, company.spentThisMonth)
    : null;
}
