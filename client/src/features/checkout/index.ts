/** The checkout feature to the rest of the client: paying a saved order (Pay now) with its state machine. */
export { OrderPayment } from './OrderPayment';
export { usePlaceOrder } from './usePlaceOrder';
