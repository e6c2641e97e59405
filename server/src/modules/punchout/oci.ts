import type { Request, Response } from 'express';
import type { Ctx } from '../../context';
import {
  PUNCHOUT_MESSAGES,
  punchoutMessage,
  returnUrlAllowed,
  type PunchoutMessage,
} from '../../../../domain/punchout';
import { countFailure, tooManyFailures, verifyOciUser } from './credentials';
import { logPunchoutMessage } from './messages';
import { messagePage, startPunchout } from './session';
import { localeOf, openSession, type SessionRequest } from './setup';
import { CxmlError } from './xml';

/*
 * SAP OCI (decision 074): the buyer's browser comes straight from the procurement system with USERNAME, PASSWORD and
 * HOOK_URL (and ~OkCode, ~TARGET, ~CALLER), by GET or POST. The same session as cXML's is opened and started at once
 * (no StartPage: the browser itself carries the credential); its transfer posts NEW_ITEM fields to HOOK_URL.
 */

const field = (fields: Record<string, unknown>, name: string): string => {
  const value = fields[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** GET|POST /punchout/oci: the OCI call's fields in, the shop (or a page saying why not) out. */
export async function ociEntry(ctx: Ctx, req: Request, res: Response): Promise<void> {
  const fields: Record<string, unknown> = {
    ...(req.query as Record<string, unknown>),
    ...(typeof req.body === 'object' && req.body ? (req.body as Record<string, unknown>) : {}),
  };
  const locale = localeOf(field(fields, 'LANGUAGE') || field(fields, '~LANGUAGE') || ctx.locale);
  const username = field(fields, 'USERNAME');
  const password = field(fields, 'PASSWORD');
  const hookUrl = field(fields, 'HOOK_URL');
  if (!username || !password || !hookUrl) {
    const missing = !username ? 'USERNAME' : !password ? 'PASSWORD' : 'HOOK_URL';
    return messagePage(res, 400, locale, punchoutMessage('missingField', locale, missing));
  }
  const ip = ctx.req.ip ?? '';
  if (await tooManyFailures(ctx.db, ip, `oci:${username}`)) {
    return messagePage(res, 429, locale, punchoutMessage('tooManyFailures', locale));
  }
  const credential = await verifyOciUser(ctx.db, username, password);
  if (!credential) {
    await countFailure(ctx.db, ip, `oci:${username}`);
    ctx.log.warn({ username }, 'punchout OCI refused: bad credential');
    return messagePage(res, 401, locale, punchoutMessage('badCredential', locale));
  }
  const document = new URLSearchParams(
    Object.entries(fields).flatMap(([k, v]): [string, string][] => (typeof v === 'string' ? [[k, v]] : [])),
  ).toString();
  const refuse = async (status: number, message: string) => {
    await logPunchoutMessage(ctx.db, {
      companyId: credential.companyId,
      direction: 'in',
      kind: 'setup-request',
      document,
      httpStatus: status,
    });
    messagePage(res, status, locale, message);
  };
  if (!credential.enabled) return refuse(403, punchoutMessage('disabled', locale));
  if (!returnUrlAllowed(hookUrl, credential.returnUrls)) {
    return refuse(400, punchoutMessage('returnUrlNotAllowed', locale));
  }
  const request: SessionRequest = {
    credential,
    protocol: 'oci',
    operation: 'create',
    buyerCookie: '',
    returnUrl: hookUrl,
    email: field(fields, 'USER_EMAIL') || field(fields, 'EMAIL'),
    firstName: '',
    lastName: '',
    locale,
    items: [],
    oci: {
      target: field(fields, '~TARGET') || null,
      okCode: field(fields, '~OkCode') || field(fields, '~OKCODE') || null,
      caller: field(fields, '~CALLER') || null,
    },
  };
  let token: string;
  try {
    token = await ctx.db.transactional(async () => {
      const opened = await openSession(ctx, request);
      await logPunchoutMessage(ctx.db, {
        companyId: credential.companyId,
        sessionId: opened.sessionId,
        direction: 'in',
        kind: 'setup-request',
        document,
        httpStatus: 303,
      });
      return opened.token;
    });
  } catch (err) {
    if (err instanceof CxmlError) {
      const key = (Object.keys(PUNCHOUT_MESSAGES) as PunchoutMessage[]).find(
        (k) => PUNCHOUT_MESSAGES[k] === err.message,
      );
      return refuse(err.status, key ? punchoutMessage(key, locale) : err.message);
    }
    throw err;
  }
  await startPunchout(ctx, req, res, token);
}
