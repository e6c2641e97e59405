/**
 * The punchout module's door (issue 57, decision 072): what code outside server/src/modules/punchout/ uses. Other
 * modules, the flows and the rest of server/src import this file, never the files behind it; it never exports the
 * module's manifest.
 */
export {
  punchoutCredentialOf,
  rotatePunchoutSecret,
  savePunchoutCredential,
  verifyCxmlHeader,
  verifyCxmlSender,
  verifyOciUser,
  type CxmlIdentity,
  type PunchoutCredentialView,
  type VerifiedCredential,
} from './credentials';
export {
  PunchoutCredential,
  PunchoutMessage,
  PunchoutSession,
  PunchoutTransfer,
  type PunchoutReturnUrl,
  type TransferLine,
} from './punchout.entity';
export {
  CxmlError,
  cxmlResponse,
  decodeXmlText,
  maskSecrets,
  newPayloadId,
  readCxml,
  readXml,
  statusText,
  STORE_IDENTITY,
  writeCxml,
  XmlNode,
  type CxmlEnvelope,
  type CxmlWrite,
} from './xml';
export { logPunchoutMessage } from './messages';
export { punchoutRouter } from './punchout.routes';
export { punchoutRequest } from './session';
export { endIdleSession, refuseCheckoutInPunchout } from './transfer';
export {
  companyNetTerms,
  orderResponse,
  punchoutBuyer,
  readOrderRequest,
  recordPunchoutOrder,
  transferredLine,
  type OrderRequestDocument,
  type OrderRequestLine,
  type TransferredLine,
} from './order-request';
export { punchoutStatusConsumer } from './status-update';
export { PUNCHOUT_STATUS_CONSUMER, syncPunchoutStatusConsumer } from './status-switch';
