import { Router, type Response } from 'express';
import { quoteNumberLabel } from '../../../../domain/quotes';
import { notFound } from '../../common/errors';
import type { Db } from '../../context';
import { localeOr } from '../mail';
import { siteLegal } from '../site';
import { ctxOf } from '../../rest/ctx';
import { sendDownload } from '../../rest/multipart';
import { quotePdf } from './quote.pdf';
import {
  QUOTE_ACCESS_PATH,
  quoteRevision,
  quoteService,
  type QuoteRevisionView,
  type QuoteView,
} from './quote.service';
import { quoteLinkPath, quotePagePath } from '../../../../domain/routes';

/** A sent revision's PDF: in the language the quote was requested in, with its site's legal identity. */
async function pdfOf(db: Db, quote: QuoteView, sent: QuoteRevisionView): Promise<Uint8Array> {
  return quotePdf(quote, sent, await siteLegal(db, quote.site), localeOr(quote.locale));
}

/** A quote's sent revision as its PDF answer (inline, never cached); NOT_FOUND before one was sent. */
async function sendPdf(db: Db, res: Response, quote: QuoteView): Promise<void> {
  if (!quote.sent) throw notFound('Quote');
  const pdf = await pdfOf(db, quote, quote.sent);
  res
    .type('application/pdf')
    .set('Content-Disposition', `inline; filename="quote-${quoteNumberLabel(quote.number)}.pdf"`)
    .set('Cache-Control', 'private, no-store')
    .send(Buffer.from(pdf));
}

/** Quotes' documents (decision 049): the buyer's side and staff read the sent revision as a PDF. */
export function quoteRoutes(): Router {
  const router = Router();
  /**
   * The link in a guest's quote e-mail (decision 061): the quote joins this browser's session (and a signed-in
   * customer's account), then its page opens; an expired, used or unknown link opens the page that says which.
   */
  router.get(QUOTE_ACCESS_PATH.replace(/^\/api/, ''), async (req, res) => {
    const opened = await quoteService.openByLink(ctxOf(req), String(req.query.token ?? ''));
    res.redirect(303, typeof opened === 'string' ? quoteLinkPath(opened) : quotePagePath(opened.id));
  });
  router.get('/quotes/:id/quote.pdf', async (req, res) => {
    const ctx = ctxOf(req);
    await sendPdf(ctx.db, res, await quoteService.get(ctx, String(req.params.id)));
  });
  router.get('/admin/quotes/:id/quote.pdf', async (req, res) => {
    const ctx = ctxOf(req);
    await sendPdf(ctx.db, res, await quoteService.adminGet(ctx, String(req.params.id)));
  });
  // The drawings sent with a request, to its buyer's side and to staff.
  router.get('/quotes/:id/attachments/:file', async (req, res) => {
    const { id, file } = req.params;
    sendDownload(res, await quoteService.attachment(ctxOf(req), String(id), String(file), false));
  });
  router.get('/admin/quotes/:id/attachments/:file', async (req, res) => {
    const { id, file } = req.params;
    sendDownload(res, await quoteService.attachment(ctxOf(req), String(id), String(file), true));
  });
  return router;
}

/** The quote e-mail's attachment, made at delivery from `<quote id>:<revision>`. */
export async function quotePdfAttachment(db: Db, ref: string) {
  const [id = '', revision = ''] = ref.split(':');
  const found = await quoteRevision(db, id, Number(revision));
  if (!found) return null;
  return {
    filename: `quote-${quoteNumberLabel(found.quote.number)}.pdf`,
    content: Buffer.from(await pdfOf(db, found.quote, found.sent)),
    contentType: 'application/pdf',
  };
}
