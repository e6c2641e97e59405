import type { Logger } from 'pino';
import type { Db } from '../../context';
import { onCommit, openTransactionKey } from '../../db/db';
import { Prepared } from '../../db/prepared';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../../domain/constants';
import { render, type Message } from './templates';
import type { AccessPurpose } from './access-link';

/** Links whose token the sender mints at delivery: what they open. */
export type LinkKind =
  | 'password-reset'
  | 'registration'
  | 'order-access'
  | 'company-invitation'
  | 'back-in-stock'
  /** An access link (mail/access-link.ts, decision 061): one purpose's thing, opened by a route that redeems it. */
  | `access:${AccessPurpose}`;

/** Where an e-mail's one-time token goes in its text; the token itself is never stored. */
export const LINK_TOKEN = '{{one-time-token}}';

/** How staff (and the log) read the place of a one-time token. */
export const HIDDEN_TOKEN = '[one-time link, sent only to the recipient]';

export interface Email {
  to: string;
  kind: string;
  subject: string;
  /** With `link`, holds LINK_TOKEN where the token goes (e.g. `…/user/reset-password?token=${LINK_TOKEN}`). */
  text: string;
  /** A one-time link made when the e-mail is delivered: for the user or registration `ref`, valid until `expiresAt`. */
  link?: { kind: LinkKind; ref: string; expiresAt: Date };
  /** A file the sender makes at delivery (AttachmentMakers): its kind and what it is made from. */
  attachment?: { kind: AttachmentKind; ref: string };
}

/** Files the sender attaches, made from the database when the e-mail is delivered. */
export type AttachmentKind = 'quote-pdf';

const QUEUE_EMAIL = new Prepared(
  `insert into email_outbox (to_address, kind, subject, text_body, link_kind, link_ref, link_expires_at,
     attachment_kind, attachment_ref)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);

/** Told once after a commit that queued e-mails in this process (at once outside a transaction): app.ts wakes the sender. */
const queuedListeners = new Set<() => void>();
export function onEmailsQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

const told = new WeakSet<object>();
const tellQueued = () => queuedListeners.forEach((listener) => listener());

/** After the transaction that queued an e-mail commits (once per transaction), or now outside one. */
function tellWhenCommitted(): void {
  const transaction = openTransactionKey();
  if (!transaction) return tellQueued();
  if (told.has(transaction)) return;
  told.add(transaction);
  onCommit({ after: tellQueued });
}

/**
 * Queues an e-mail in the outbox table (in the caller's transaction, if any); with SMTP_URL,
 * OutboxSender delivers it, woken by the commit (other processes' e-mails wait for the dispatcher's interval).
 * The log gets who, what and the subject, never the text (it may name a link).
 */
export async function queueEmail(db: Db, log: Logger, email: Email): Promise<void> {
  if (email.link && !email.text.includes(LINK_TOKEN)) {
    throw new Error(`the ${email.kind} e-mail has a link but no place for its token`);
  }
  await QUEUE_EMAIL.all(db, [
    email.to,
    email.kind,
    email.subject,
    email.text,
    email.link?.kind ?? null,
    email.link?.ref ?? null,
    email.link?.expiresAt ?? null,
    email.attachment?.kind ?? null,
    email.attachment?.ref ?? null,
  ]);
  log.info({ to: email.to, kind: email.kind, subject: email.subject }, 'e-mail queued');
  tellWhenCommitted();
}

/** A stored locale, or the store's first language when it is not one (older rows, hand-made data). */
export const localeOr = (value: string | null | undefined): Locale =>
  isLocale(value) ? value : DEFAULT_LOCALE;

/**
 * Queues one of the store's e-mails to a customer (mail/templates.ts), written in `locale`: the language they use
 * with the store. Inside a transaction it joins it.
 */
export async function sendMessage(
  db: Db,
  log: Logger,
  email: {
    to: string;
    locale: Locale;
    message: Message;
    link?: Email['link'];
    attachment?: Email['attachment'];
  },
): Promise<void> {
  const { subject, text } = render(email.message, email.locale);
  await queueEmail(db, log, {
    to: email.to,
    kind: email.message.kind,
    subject,
    text,
    link: email.link,
    attachment: email.attachment,
  });
}

/** An outbox text as staff may read it: the place of a one-time token says so, with no token. */
export function textForStaff(text: string): string {
  return text.split(LINK_TOKEN).join(HIDDEN_TOKEN);
}
