import type { Ctx, Db } from '../../context';
import { AppError } from '../../common/errors';
import { configurationKey } from '../../../../domain/cart';
import { describeConfiguration } from '../../../../domain/configuration-text';
import { ociDescription, punchoutMessage, unitCode } from '../../../../domain/punchout';
import { assertAccess, endSession } from '../auth';
import { cartService, type CartLineView } from '../cart';
import { logPunchoutMessage } from './messages';
import type { TransferLine } from './punchout.entity';
import type { EndedBack } from './session';
import { STORE_IDENTITY, writeCxml } from './xml';

/*
 * The transfer (decision 072): the session's cart goes back to the procurement system as a form the shop posts
 * from the buyer's browser: a cXML PunchOutOrderMessage in `cxml-urlencoded`, or OCI NEW_ITEM fields. Stored as
 * sent (punchout_transfer, what an OrderRequest is compared with) and logged; the session ends with it. "Return
 * without items" is the same with no lines.
 */

/** A form for the shop to post (auto-submitted): where, into which frame, and its fields (a name may repeat). */
export interface TransferForm {
  action: string;
  target: string | null;
  fields: { name: string; value: string }[];
}

interface SessionRow {
  id: string;
  companyId: string;
  protocol: string;
  operation: string;
  buyerCookie: string;
  returnUrl: string;
  ociTarget: string | null;
  ociOkCode: string | null;
  locale: string;
  endedAt: Date | null;
  fromDomain: string;
  fromIdentity: string;
  systemName: string;
}

const SESSION_SQL = `select s.id, s.company_id as "companyId", s.protocol, s.operation, s.buyer_cookie as "buyerCookie",
    s.return_url as "returnUrl", s.oci_target as "ociTarget", s.oci_ok_code as "ociOkCode", s.locale,
    s.ended_at as "endedAt", c.from_domain as "fromDomain", c.from_identity as "fromIdentity",
    c.system_name as "systemName"
  from punchout_session s join punchout_credential c on c.id = s.credential_id where s.id = ?`;

/** What the shop's banner shows of the caller's punchout session, or null outside one. */
export async function punchoutSessionOf(
  ctx: Ctx,
): Promise<{ systemName: string; operation: string; protocol: string; readOnly: boolean } | null> {
  const state = ctx.req.session?.punchout;
  if (!state || !ctx.user) return null;
  const [row] = await ctx.db.execute<SessionRow[]>(SESSION_SQL, [state.id]);
  if (!row || row.endedAt) return null;
  return {
    systemName: row.systemName,
    operation: row.operation,
    protocol: row.protocol,
    readOnly: row.operation === 'inspect',
  };
}

/** The UNSPSC code of each category (its own, else its nearest parent's). */
async function unspscOf(db: Db, categoryIds: string[]): Promise<Map<string, string>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db.execute<{ id: string; unspsc: string }[]>(
    `with recursive up (id, parent_id, unspsc, start, depth) as (
       select c.id, c.parent_id, c.unspsc, c.id, 0 from category c where c.id = any(string_to_array(?, ',')::uuid[])
       union all
       select p.id, p.parent_id, p.unspsc, up.start, up.depth + 1 from up join category p on p.id = up.parent_id
       where up.unspsc is null and up.depth < 10)
     select start as id, unspsc from up where unspsc is not null`,
    [categoryIds.join(',')],
  );
  return new Map(rows.map((r) => [r.id, r.unspsc]));
}

/** A cart line as transferred: its price, unit code, description with its configuration, UNSPSC. */
function transferLine(line: CartLineView, currency: string, unspsc: Map<string, string>): TransferLine {
  const configured = line.configurations.map((c) => describeConfiguration(c)).join(', ');
  return {
    productId: line.id,
    partNumber: line.id,
    configKey: configurationKey(line.configurations),
    quantity: line.quantity,
    unitPrice: line.price!,
    currency,
    unitCode: unitCode(line.unitOfMeasure),
    description: configured ? `${line.name} (${configured})` : line.name,
    unspsc: (line.categoryId && unspsc.get(line.categoryId)) || null,
    manufacturerPartId: line.manufacturerPartNumber || null,
  };
}

const money = (n: number) => n.toFixed(2);

/** The PunchOutOrderMessage of these lines. */
function orderMessage(session: SessionRow, lines: TransferLine[], total: number, currency: string): string {
  return writeCxml({
    lang: session.locale,
    header: {
      from: [STORE_IDENTITY],
      to: [{ domain: session.fromDomain, identity: session.fromIdentity }],
      sender: STORE_IDENTITY,
    },
    body(cxml) {
      const message = cxml.ele('Message').ele('PunchOutOrderMessage');
      message.ele('BuyerCookie').txt(session.buyerCookie);
      message
        .ele('PunchOutOrderMessageHeader', {
          operationAllowed: session.operation === 'inspect' ? 'inspect' : 'edit',
        })
        .ele('Total')
        .ele('Money', { currency })
        .txt(money(total));
      for (const line of lines) {
        const item = message.ele('ItemIn', { quantity: String(line.quantity) });
        const id = item.ele('ItemID');
        id.ele('SupplierPartID').txt(line.partNumber);
        id.ele('SupplierPartAuxiliaryID').txt(line.configKey);
        const detail = item.ele('ItemDetail');
        detail.ele('UnitPrice').ele('Money', { currency: line.currency }).txt(money(line.unitPrice));
        detail.ele('Description', { 'xml:lang': session.locale }).txt(line.description);
        detail.ele('UnitOfMeasure').txt(line.unitCode);
        if (line.unspsc) detail.ele('Classification', { domain: 'UNSPSC' }).txt(line.unspsc);
        if (line.manufacturerPartId) detail.ele('ManufacturerPartID').txt(line.manufacturerPartId);
        detail.ele('ManufacturerName').txt('Axisline Supply');
      }
    },
  });
}

/** The OCI fields of these lines (NEW_ITEM-…[n], n from 1; LONGTEXT in 132-character lines). */
export function ociFields(session: Pick<SessionRow, 'ociOkCode'>, lines: TransferLine[]) {
  const fields: { name: string; value: string }[] = [];
  lines.forEach((line, i) => {
    const n = i + 1;
    const add = (name: string, value: string) => fields.push({ name: `NEW_ITEM-${name}[${n}]`, value });
    const { short, longText } = ociDescription(line.description);
    add('DESCRIPTION', short);
    add('QUANTITY', String(line.quantity));
    add('UNIT', line.unitCode);
    add('PRICE', money(line.unitPrice));
    add('PRICEUNIT', '1');
    add('CURRENCY', line.currency);
    add('VENDORMAT', line.partNumber);
    add('MATGROUP', line.unspsc ?? '');
    add('LEADTIME', '');
    add('EXT_PRODUCT_ID', line.partNumber);
    add('MANUFACTMAT', line.manufacturerPartId ?? '');
    // The configuration key, so an edit brings the configured cut back exactly.
    add('CUST_FIELD5', line.configKey);
    for (const text of longText) fields.push({ name: `NEW_ITEM-LONGTEXT_${n}:132[]`, value: text });
  });
  if (session.ociOkCode) fields.push({ name: '~OkCode', value: session.ociOkCode });
  return fields;
}

/**
 * Transfers the caller's punchout cart (or none: `cancel`, "Return without items"): stored, logged, the session
 * ended and its sign-in with it; the form the shop posts to the procurement system.
 */
export async function transferPunchoutCart(ctx: Ctx, cancel: boolean): Promise<TransferForm> {
  assertAccess(ctx, 'signed-in');
  const state = ctx.req.session?.punchout;
  if (!state) throw new AppError('FORBIDDEN', punchoutMessage('notPunchout', ctx.locale));
  const [session] = await ctx.db.execute<SessionRow[]>(SESSION_SQL, [state.id]);
  if (!session || session.endedAt)
    throw new AppError('FORBIDDEN', punchoutMessage('notPunchout', ctx.locale));
  const cart = cancel ? null : await cartService.get(ctx);
  // ISO 4217 in capitals, as cXML and OCI want it (the cart says `usd`).
  const currency = (cart?.currencyCode ?? 'USD').toUpperCase();
  const lines = cart?.orderLines ?? [];
  if (lines.some((l) => l.price === null)) {
    throw new AppError('BAD_USER_INPUT', punchoutMessage('unpricedLine', ctx.locale));
  }
  const unspsc = await unspscOf(ctx.db, [
    ...new Set(lines.flatMap((l) => (l.categoryId ? [l.categoryId] : []))),
  ]);
  const transferred = lines.map((l) => transferLine(l, currency, unspsc));
  const cents = transferred.reduce((sum, l) => sum + Math.round(l.unitPrice * 100) * l.quantity, 0);
  const total = cents / 100;
  const form = transferForm(session, transferred, total, currency);
  await ctx.db.transactional(async () => {
    await ctx.db.execute(
      `insert into punchout_transfer (session_id, company_id, buyer_cookie, lines, total, currency)
       values (?, ?, ?, ?::jsonb, ?, ?)`,
      [session.id, session.companyId, session.buyerCookie, JSON.stringify(transferred), total, currency],
      'run',
    );
    await logPunchoutMessage(ctx.db, {
      companyId: session.companyId,
      sessionId: session.id,
      direction: 'out',
      kind: session.protocol === 'oci' ? 'oci-transfer' : 'order-message',
      document:
        session.protocol === 'oci'
          ? new URLSearchParams(form.fields.map((f): [string, string] => [f.name, f.value])).toString()
          : form.fields[0]!.value,
    });
    await ctx.db.execute('update punchout_session set ended_at = now() where id = ?', [session.id], 'run');
  });
  // The buyer is back in their procurement system: this browser is signed out of the store.
  await endSession(ctx.req, ctx.res, ctx.app.auth.cookies);
  return form;
}

function transferForm(
  session: SessionRow,
  lines: TransferLine[],
  total: number,
  currency: string,
): TransferForm {
  if (session.protocol === 'oci') {
    return {
      action: session.returnUrl,
      target: session.ociTarget || null,
      fields: ociFields(session, lines),
    };
  }
  return {
    action: session.returnUrl,
    target: null,
    fields: [{ name: 'cxml-urlencoded', value: orderMessage(session, lines, total, currency) }],
  };
}

/** An idle session ended: marked, and the empty transfer that returns the buyer to the procurement system. */
export async function endIdleSession(ctx: Ctx, sessionId: string): Promise<EndedBack | null> {
  const [session] = await ctx.db.execute<SessionRow[]>(SESSION_SQL, [sessionId]);
  if (!session) return null;
  await ctx.db.execute(
    'update punchout_session set ended_at = coalesce(ended_at, now()) where id = ?',
    [sessionId],
    'run',
  );
  const form = transferForm(session, [], 0, 'USD');
  const label =
    session.locale === 'fr-CA' ? `Retour à ${session.systemName}` : `Return to ${session.systemName}`;
  return { action: form.action, fields: form.fields, label };
}

/** Checkout is not for a punchout session: its cart goes back to the procurement system (Transfer cart). */
export function refuseCheckoutInPunchout(ctx: Ctx): void {
  if (ctx.req.session?.punchout) {
    throw new AppError('FORBIDDEN', punchoutMessage('noCheckout', ctx.locale));
  }
}
