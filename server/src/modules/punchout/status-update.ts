import type { Logger } from 'pino';
import type { Db } from '../../context';
import type { SecretBox } from '../../common/secret-box';
import { parseHttpUrl } from '../../../../domain/punchout';
import type { DeliveredEvent, EventConsumer } from '../events';
import { PUNCHOUT_STATUS_CONSUMER } from './status-switch';
import { logPunchoutMessage } from './messages';
import { STORE_IDENTITY, writeCxml } from './xml';

/*
 * Status back (issue 57, decision 073): every status change of an order placed by an OrderRequest is sent to the
 * company's procurement system as a cXML StatusUpdateRequest (the credential's status URL, its SharedSecret the
 * sealed status credential), and logged with the answer's HTTP status. A consumer of the events dispatcher: at least
 * once, retried with its backoff while the system does not answer 2xx.
 */

const TIMEOUT_MS = 10_000;

interface StatusTarget {
  companyId: string;
  payloadId: string;
  buyerOrderId: string;
  orderNumber: string;
  statusUrl: string;
  sealed: string | null;
  fromDomain: string;
  fromIdentity: string;
}

/** The consumer; `post` sends a document (fetch by default), `production` refuses plain http status URLs. */
export function punchoutStatusConsumer(
  db: Db,
  options: {
    box: SecretBox;
    log: Logger;
    production: boolean;
    post?: (url: string, body: string) => Promise<number>;
  },
): EventConsumer {
  const post =
    options.post ??
    (async (url: string, body: string) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8' },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      return res.status;
    });
  const handle = async (event: DeliveredEvent) => {
    if (event.type !== 'order.status_changed' || event.aggregateType !== 'order') return;
    const [target] = await db.execute<StatusTarget[]>(
      `select po.company_id as "companyId", po.payload_id as "payloadId", po.buyer_order_id as "buyerOrderId",
         o.order_number::text as "orderNumber", c.status_url as "statusUrl",
         c.status_credential_sealed as sealed, c.from_domain as "fromDomain", c.from_identity as "fromIdentity"
       from punchout_order po
       join customer_order o on o.id = po.order_id
       join punchout_credential c on c.id = po.credential_id
       where po.order_id = ? and c.enabled and c.status_url is not null`,
      [event.aggregateId],
    );
    if (!target) return;
    const url = parseHttpUrl(target.statusUrl);
    if (!url || (options.production && url.protocol !== 'https:')) {
      options.log.warn({ companyId: target.companyId }, 'punchout status URL refused (not https)');
      return;
    }
    const label = String(event.payload.toLabel ?? '');
    const document = writeCxml({
      payloadId: `${event.id}@axisline.example`,
      header: {
        from: [STORE_IDENTITY],
        to: [{ domain: target.fromDomain, identity: target.fromIdentity }],
        sender: STORE_IDENTITY,
        sharedSecret: target.sealed ? options.box.open(target.sealed) : '',
      },
      body(cxml) {
        const update = cxml.ele('Request').ele('StatusUpdateRequest');
        update.ele('DocumentReference', { payloadID: target.payloadId });
        update.ele('Status', { code: '200', text: 'OK' }).txt(label);
        const extrinsic = (name: string, value: string) => update.ele('Extrinsic', { name }).txt(value);
        extrinsic('orderID', target.buyerOrderId);
        extrinsic('supplierOrderNumber', target.orderNumber);
        extrinsic('orderStatus', label);
      },
    });
    let status: number | null = null;
    try {
      status = await post(url.toString(), document);
    } finally {
      await logPunchoutMessage(db, {
        companyId: target.companyId,
        direction: 'out',
        kind: 'status-update',
        payloadId: `${event.id}@axisline.example`,
        document,
        httpStatus: status,
      });
    }
    if (status < 200 || status >= 300) throw new Error(`punchout status update answered ${status}`);
  };
  // Only status changes get a delivery for it (decision 069's consumer types): other events cost it nothing.
  return { name: PUNCHOUT_STATUS_CONSUMER, types: ['order.status_changed'], handle };
}
