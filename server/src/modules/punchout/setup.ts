import type { Ctx } from '../../context';
import { newToken, tokenHash } from '../../common/tokens';
import { COMPANY_ROLES } from '../../../../domain/company';
import {
  PUNCHOUT_OPERATIONS,
  punchoutMessage,
  returnUrlAllowed,
  START_PAGE_MINUTES,
  type PunchoutOperation,
} from '../../../../domain/punchout';
import { countFailure, tooManyFailures, verifyCxmlHeader, type VerifiedCredential } from './credentials';
import { logPunchoutMessage } from './messages';
import { CxmlError, cxmlResponse, readCxml, statusText, type CxmlEnvelope, type XmlNode } from './xml';

/*
 * cXML PunchOutSetupRequest (decision 072): the procurement system, authenticated by its shared secret, asks for a
 * session; the answer is a one-time StartPage URL good for START_PAGE_MINUTES. edit and inspect bring the cart the
 * buyer sent earlier back, from the ItemOut lines (SupplierPartID: the part; SupplierPartAuxiliaryID: the line's
 * configuration key).
 */

/** What a setup (cXML or OCI) asks for, once read and checked. */
export interface SessionRequest {
  credential: VerifiedCredential;
  protocol: 'cxml' | 'oci';
  operation: PunchoutOperation;
  buyerCookie: string;
  returnUrl: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  items: { partId: string; configKey: string; quantity: number }[];
  oci?: { target: string | null; okCode: string | null; caller: string | null };
}

/** An answer to a punchout entry point: HTTP status, content type and body. */
export interface PunchoutAnswer {
  status: number;
  type: string;
  body: string;
}

const EMAIL_EXTRINSICS = ['useremail', 'email', 'emailaddress', 'user_email'];

/** The buyer's language from xml:lang (fr… reads fr-CA; anything else en-US). */
export const localeOf = (lang: string) => (/^fr\b/i.test(lang) ? 'fr-CA' : 'en-US');

function extrinsics(node: XmlNode): Map<string, string> {
  return new Map(node.all('Extrinsic').map((e) => [e.attr('name').toLowerCase(), e.text()]));
}

/** The ItemOut lines of an edit or inspect (quantities that are not positive whole numbers are dropped). */
function itemsOut(node: XmlNode) {
  return node
    .all('ItemOut')
    .map((item) => ({
      partId: item.text('ItemID', 'SupplierPartID'),
      configKey: item.text('ItemID', 'SupplierPartAuxiliaryID'),
      quantity: Number(item.attr('quantity')),
    }))
    .filter((i) => i.partId && Number.isInteger(i.quantity) && i.quantity > 0)
    .slice(0, 200);
}

/** Reads and checks the setup request's fields (after its credential was verified). */
export function readSetupRequest(doc: CxmlEnvelope, credential: VerifiedCredential): SessionRequest {
  const setup = doc.request!.node;
  const operation = (setup.attr('operation') || 'create').toLowerCase();
  if (!(PUNCHOUT_OPERATIONS as readonly string[]).includes(operation)) {
    throw new CxmlError(400, punchoutMessage('unknownOperation'));
  }
  const returnUrl = setup.text('BrowserFormPost', 'URL');
  if (!returnUrl) throw new CxmlError(400, punchoutMessage('missingField', 'en-US', 'BrowserFormPost/URL'));
  if (!returnUrlAllowed(returnUrl, credential.returnUrls)) {
    throw new CxmlError(400, punchoutMessage('returnUrlNotAllowed'));
  }
  const ext = extrinsics(setup);
  const contact = setup.one('Contact');
  const email = (
    EMAIL_EXTRINSICS.map((k) => ext.get(k)).find(Boolean) ??
    contact?.text('Email') ??
    ''
  ).trim();
  const fullName = ext.get('userfullname') ?? contact?.text('Name') ?? '';
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return {
    credential,
    protocol: 'cxml',
    operation: operation as PunchoutOperation,
    buyerCookie: setup.text('BuyerCookie'),
    returnUrl,
    email,
    firstName: ext.get('firstname') ?? first,
    lastName: ext.get('lastname') ?? rest.join(' '),
    locale: localeOf(doc.lang),
    items: operation === 'create' ? [] : itemsOut(setup),
  };
}

/**
 * The user the session acts as: the credential's acting user, or the company member with the setup's e-mail
 * (made a company Buyer, without a password, on first use). A user of another company, or none at all, is refused.
 */
async function actingUser(ctx: Ctx, request: SessionRequest): Promise<string> {
  const { credential } = request;
  if (credential.actingUserId) return credential.actingUserId;
  const email = request.email.toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    throw new CxmlError(400, punchoutMessage('noUser'));
  }
  const [found] = await ctx.db.execute<{ id: string; accountId: string | null }[]>(
    'select id, account_id as "accountId" from app_user where lower(email) = ?',
    [email],
  );
  if (found) {
    if (found.accountId !== credential.companyId)
      throw new CxmlError(400, punchoutMessage('userNotInCompany'));
    return found.id;
  }
  const [made] = await ctx.db.execute<{ id: string }[]>(
    `insert into app_user (email, first_name, last_name, account_id, company_role, locale)
     values (?, ?, ?, ?, ?, ?) returning id`,
    [
      email,
      request.firstName.slice(0, 100) || email.split('@')[0]!,
      request.lastName.slice(0, 100),
      credential.companyId,
      COMPANY_ROLES.Buyer,
      request.locale,
    ],
  );
  return made!.id;
}

/**
 * Opens a session for the request (its cart made, holding the lines an edit or inspect brought back: parts the
 * store no longer has are left out), in the caller's transaction; its one-time StartPage token.
 */
export async function openSession(
  ctx: Ctx,
  request: SessionRequest,
): Promise<{ sessionId: string; token: string; userId: string }> {
  const userId = await actingUser(ctx, request);
  const [cart] = await ctx.db.execute<{ id: string }[]>(
    'insert into cart (site, revision) values (?, 1) returning id',
    [ctx.site],
  );
  if (request.items.length > 0) {
    await ctx.db.execute(
      `insert into cart_line (cart_id, product_id, quantity, configurations, config_key)
       select ?, p.id, i.quantity, i.configurations, i.config_key
       from jsonb_to_recordset(?::jsonb) as i(part_id text, quantity int, configurations jsonb, config_key text, ord int)
       join product p on p.id = i.part_id
       order by i.ord
       on conflict (cart_id, product_id, config_key) do update set quantity = excluded.quantity`,
      [
        cart!.id,
        JSON.stringify(
          request.items.map((i, ord) => ({
            ord,
            part_id: i.partId,
            quantity: i.quantity,
            configurations: configurationsOfKey(i.configKey),
            config_key: configurationsOfKey(i.configKey).length ? i.configKey : '',
          })),
        ),
      ],
      'run',
    );
  }
  const token = newToken();
  const [session] = await ctx.db.execute<{ id: string }[]>(
    `insert into punchout_session (token_hash, company_id, credential_id, user_id, protocol, operation, buyer_cookie,
       return_url, oci_target, oci_ok_code, oci_caller, cart_id, locale, start_expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now() + make_interval(mins => ?)) returning id`,
    [
      tokenHash(token),
      request.credential.companyId,
      request.credential.id,
      userId,
      request.protocol,
      request.operation,
      request.buyerCookie.slice(0, 500),
      request.returnUrl,
      request.oci?.target ?? null,
      request.oci?.okCode ?? null,
      request.oci?.caller ?? null,
      cart!.id,
      request.locale,
      START_PAGE_MINUTES,
    ],
  );
  return { sessionId: session!.id, token, userId };
}

/**
 * A configuration key read back into the stored configurations (domain/cart.ts configurationKey:
 * `[[optionId, value, metadata], ...]`); [] for an empty or unreadable key.
 */
export function configurationsOfKey(
  key: string,
): { id: string; value: number; type: null; metadata: string | null }[] {
  if (!key) return [];
  try {
    const parsed: unknown = JSON.parse(key);
    if (!Array.isArray(parsed) || parsed.length > 20) return [];
    const out = parsed.map((p: unknown) => {
      if (
        !Array.isArray(p) ||
        typeof p[0] !== 'string' ||
        typeof p[1] !== 'number' ||
        !Number.isFinite(p[1])
      ) {
        return null;
      }
      const metadata = typeof p[2] === 'string' ? p[2] : null;
      return { id: p[0], value: p[1], type: null, metadata };
    });
    return out.every((c) => c !== null) ? out : [];
  } catch {
    return [];
  }
}

/** The StartPage URL of a token, on the site the request came to. */
export const startPageUrl = (ctx: Ctx, token: string) =>
  `${ctx.app.auth.siteUrl(ctx.site)}/punchout/start/${token}`;

/** A cXML status answer (the HTTP status is the cXML code). */
export function cxmlStatus(code: number, message: string): PunchoutAnswer {
  return {
    status: code,
    type: 'text/xml; charset=utf-8',
    body: cxmlResponse({ code, text: statusText(code), message }),
  };
}

/** POST /punchout/cxml/setup: the setup request's text in, the PunchOutSetupResponse (or a status) out. */
export async function cxmlSetup(ctx: Ctx, text: string): Promise<PunchoutAnswer> {
  let doc: CxmlEnvelope;
  try {
    doc = readCxml(text);
  } catch (err) {
    if (err instanceof CxmlError) return cxmlStatus(err.status, err.message);
    throw err;
  }
  if (doc.request?.name !== 'PunchOutSetupRequest') {
    return cxmlStatus(400, punchoutMessage('missingField', 'en-US', 'Request/PunchOutSetupRequest'));
  }
  const ip = ctx.req.ip ?? '';
  const tried = doc.from.map((f) => `${f.domain}:${f.identity}`).join(',');
  if (await tooManyFailures(ctx.db, ip, tried)) return cxmlStatus(429, punchoutMessage('tooManyFailures'));
  const credential = await verifyCxmlHeader(ctx.db, {
    from: doc.from,
    sender: doc.sender,
    secret: doc.sharedSecret,
  });
  if (!credential) {
    await countFailure(ctx.db, ip, tried);
    ctx.log.warn({ payloadId: doc.payloadId, from: doc.from }, 'punchout setup refused: bad credential');
    return cxmlStatus(401, punchoutMessage('badCredential'));
  }
  return ctx.db.transactional(async () => {
    const logged = (sessionId: string | null, answer: PunchoutAnswer) =>
      Promise.all([
        logPunchoutMessage(ctx.db, {
          companyId: credential.companyId,
          sessionId,
          direction: 'in',
          kind: 'setup-request',
          payloadId: doc.payloadId,
          document: text,
          httpStatus: answer.status,
        }),
        logPunchoutMessage(ctx.db, {
          companyId: credential.companyId,
          sessionId,
          direction: 'out',
          kind: 'setup-response',
          document: answer.body,
          httpStatus: answer.status,
        }),
      ]).then(() => answer);
    if (!credential.enabled) return logged(null, cxmlStatus(403, punchoutMessage('disabled')));
    let request: SessionRequest;
    let opened: { sessionId: string; token: string };
    try {
      request = readSetupRequest(doc, credential);
      opened = await openSession(ctx, request);
    } catch (err) {
      if (err instanceof CxmlError) return logged(null, cxmlStatus(err.status, err.message));
      throw err;
    }
    const url = startPageUrl(ctx, opened.token);
    const body = cxmlResponse(
      { code: 200, text: 'OK' },
      (response) => {
        response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL').txt(url);
      },
      request.locale,
    );
    return logged(opened.sessionId, { status: 200, type: 'text/xml; charset=utf-8', body });
  });
}
