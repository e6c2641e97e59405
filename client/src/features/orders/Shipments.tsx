import { shippingCarrier } from '@domain/fulfilment';
import { useDates } from '../../lib/dates';
import { useT } from '../../i18n';
import type { OrderFieldsFragment } from './graphql/orders.generated';

type Line = OrderFieldsFragment['lines'][number];

/** A carrier's name (its id when the store no longer knows it). */
export const carrierName = (id: string) => shippingCarrier(id)?.name ?? id.toUpperCase();

/** A tracking number, a link to the carrier's page when it has one (opens a new tab). */
export function TrackingNumber({ shipment }: { shipment: OrderFieldsFragment['shipments'][number] }) {
  const t = useT();
  if (!shipment.trackingNumber) return <span>{t('orders.trackingNotRecorded')}</span>;
  if (!shipment.trackingUrl) return <span className="tracking">{shipment.trackingNumber}</span>;
  return (
    <a
      className="tracking"
      href={shipment.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('orders.trackWith', {
        number: shipment.trackingNumber,
        carrier: carrierName(shipment.carrier),
      })}
    >
      {shipment.trackingNumber}
    </a>
  );
}

/** The order's shipments: when each left, with whom, its tracking number, what it carries and its delivery. */
export function Shipments({ order }: { order: OrderFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  if (!order.shipments.length) return null;
  const lines = new Map(order.lines.map((l) => [l.id, l]));
  return (
    <section aria-labelledby="shipments-title" data-testid="shipments">
      <h2 id="shipments-title">{t('orders.shipments')}</h2>
      {/* A list for every reader (Safari drops the role of a list without bullets). */}
      <ol className="shipments" role="list">
        {order.shipments.map((s) => (
          <li key={s.id} className="panel shipment">
            <p className="shipment__head">
              <strong>
                {t('orders.shippedWith', {
                  date: dates.calendarDay(s.shippedOn),
                  carrier: carrierName(s.carrier),
                })}
              </strong>
              <span className={`shipment__state${s.deliveredOn ? ' shipment__state--done' : ''}`}>
                {s.deliveredOn
                  ? t('orders.deliveredOn', { date: dates.calendarDay(s.deliveredOn) })
                  : t('orders.onItsWay')}
              </span>
            </p>
            <p>
              {t('orders.trackingNumber')} <TrackingNumber shipment={s} />
            </p>
            <ul className="shipment__items">
              {s.lines.map((part) => (
                <li key={part.lineId}>
                  {part.quantity} × {lines.get(part.lineId)?.name}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** How far a line has come once anything of the order has shipped ("Shipped 2 of 5", "Delivered"). */
export function LineProgress({ line }: { line: Line }) {
  const t = useT();
  const f = line.fulfilment;
  if (!f.shipped || !line.quantity) return null;
  const text =
    f.status === 'DELIVERED'
      ? t('orders.lineDelivered')
      : f.delivered > 0
        ? t('orders.lineDeliveredPart', { delivered: f.delivered, quantity: line.quantity })
        : t('orders.lineShipped', { shipped: f.shipped, quantity: line.quantity });
  return <p className="line-progress">{text}</p>;
}
