/** The orders feature to the rest of the client: how an order's payment, totals and shipments read. */
export { paymentLabel } from './labels';
export { OrderTotalsList } from './OrderTotals';
export { carrierName, TrackingNumber } from './Shipments';
export { OrderDocument, OrdersAwaitingPaymentDocument } from './graphql/orders.generated';
export { StatusFilter } from './StatusFilter';
