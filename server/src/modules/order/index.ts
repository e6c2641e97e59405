/**
 * The order module's door (issue 53, item 2): what code outside server/src/modules/order/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { moveOnApproval, type ApprovalMove } from './approval-move';
export {
  checkoutService,
  type PaymentInput,
  type PlaceOrderResult,
  type PayableOrder,
  outcome,
} from './checkout.service';
export {
  ensureDemoBuyers,
  ensureDemoCompanies,
  DEMO_PASSWORD,
  demoBuyersIn,
  demoCompaniesIn,
} from './demo-accounts';
export { DEMO_ORDER_SCOPE, insertDemoOrders } from './demo-orders';
export { adminOrderService, lockOrderVersion } from './order-admin.service';
export {
  auditOrderEdit,
  authorisedOnCard,
  checkEditedAddress,
  checkEditedQuantities,
  checkEditedStatus,
  checkLoweredPrices,
  editChanges,
  editLines,
  editTotals,
  moveEditedStatus,
  publishOrderEdit,
  readOrderEdit,
  refuseEdit,
  reserveEditedLines,
  orderPromotionFacts,
  writeEditedLines,
  writeEditedPromotions,
  writeOrderEdit,
} from './order-edit';
export { queueStatusNotice, type OrderMail, cancellationMail } from './order-mail';
export {
  subscribeToOrderStatus,
  recordPlacement,
  changeOrderStatus,
  changeOrderSubStatus,
} from './order-status';
export { type OrderAddress, CustomerOrder, OrderLine } from './order.entity';
export { orderService, type OrderView } from './order.service';
export {
  OrderGql,
  PlaceOrderInputGql,
  PlaceOrderResultGql,
  OrderListInputGql,
  OrderSummaryGql,
} from './order.types';
export {
  buyerTerms,
  checkoutKey,
  emptyCart,
  insertOrder,
  insertOrderLines,
  insertOrderPromotions,
  lockCart,
  orderAddress,
  priceOrder,
  readCheckout,
  refuseHigherTotal,
  rememberGuestOrder,
  reserveLines,
  type Checkout,
  type CheckoutKey,
  type LinesToOrder,
} from './placement';
export { markReturned, refundReturned } from './return-refund';
export { sweepUnpaidOrders } from './unpaid-orders';
