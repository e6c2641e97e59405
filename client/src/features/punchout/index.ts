/** The punchout feature to the rest of the client (decision 072): the session's banner and the cart's transfer. */
export { PunchoutBanner, PunchoutTransferButton } from './PunchoutBanner';
export { usePunchoutSession } from './usePunchout';
