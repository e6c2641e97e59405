import type { QuoteInput } from '../../../domain/forms.schema';
import { ROLES } from '../../../domain/roles';
import type { Ctx } from '../context';
import type { UploadedFile } from '../rest/multipart';
import { formsService, type FormKind, type FormReceipt } from '../modules/forms';
import { quoteService } from '../modules/quote';

/*
 * Send a form (issue 53): the forms module reads it (fields checked, the address charged, drawings read); a
 * customer's or a guest's quote form is a quote, which the quote module makes (decisions 049 and 061, with the
 * drawings the forms module keeps); any other form is stored for staff by the forms module. So the quote module
 * uses the forms module's drawings, and the forms module knows nothing of quotes.
 */

/** Sends a form. Entry point: its fields as sent and, for a quote or service request, its drawings. */
export async function submitForm(
  ctx: Ctx,
  kind: FormKind,
  body: unknown,
  files: UploadedFile[] = [],
): Promise<FormReceipt> {
  const sent = await formsService.read(ctx, kind, body, files);
  // A signed-in buyer's quote form is a quote they follow, accept and order on their account (decision 049).
  if (kind === 'quote' && ctx.user?.role === ROLES.Customer && !ctx.apiCaller) {
    const quote = await quoteService.requestFromForm(ctx, sent.input as QuoteInput, sent.drawings);
    return { id: quote.id, quote };
  }
  // A guest's is a quote too, reached from its e-mailed link and accepted once signed up or in (decision 061).
  if (kind === 'quote' && !ctx.user && !ctx.apiCaller) {
    // The page that sent it gets the number only: the quote opens from the e-mailed link (proof of the mailbox).
    const quote = await quoteService.requestFromGuestForm(ctx, sent.input as QuoteInput, sent.drawings);
    return { id: quote.id, emailed: { number: quote.number } };
  }
  return formsService.store(ctx, kind, sent);
}
