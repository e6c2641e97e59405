import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../context';
import { newToken, tokenHash } from '../../common/tokens';
import { LINK_TOKEN, type AttachmentKind, type LinkKind } from './mailer';
import { storeAccessLink } from './access-link';
import type { DispatcherWorker } from '../events';

/** Makes an attachment's file at delivery from its reference (a quote's PDF); null when it cannot be made. */
export type AttachmentMakers = Partial<
  Record<
    AttachmentKind,
    (ref: string) => Promise<{ filename: string; content: Buffer; contentType: string } | null>
  >
>;

const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** Sent e-mails keep their text this long (for staff looking into a complaint), then only who, what and when. */
export const SENT_TEXT_RETENTION_DAYS = 30;
const PURGE_EVERY_MS = 3600_000;

interface Due {
  id: string;
  to: string;
  subject: string;
  text: string;
  attempts: number;
  linkKind: LinkKind | null;
  linkRef: string | null;
  linkExpiresAt: Date | null;
  attachmentKind: AttachmentKind | null;
  attachmentRef: string | null;
}

/**
 * Delivers the outbox through SMTP (SMTP_URL). Rows are claimed with `for update skip locked` and their next
 * attempt moved forward, so several processes can run senders without sending an e-mail twice; a failure
 * backs off exponentially (2, 4, 8... minutes) and is given up after 5 tries, the error kept on the row.
 * An e-mail with a one-time link gets its token here, at delivery: only its hash is stored (a new one per try),
 * so neither the outbox nor its readers ever hold a working link. Texts of sent e-mails are emptied after
 * SENT_TEXT_RETENTION_DAYS. It is one worker of the events dispatcher (decision 065), whose loop calls `drain`.
 */
export class OutboxSender implements DispatcherWorker {
  private running: Promise<number> | null = null;
  /** Made on the first delivery (nodemailer is not loaded at start-up). */
  private transport: Transporter | null = null;
  private purgedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly smtpUrl: string,
    private readonly from: string,
    private readonly attachments: AttachmentMakers = {},
  ) {}

  /** Closes the SMTP connections (once the dispatcher driving `drain` has stopped). */
  close(): void {
    this.transport?.close();
  }

  /** Sends what is due now; resolves with how many were sent. */
  drain(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<number> {
    await this.purgeOldTexts();
    let sent = 0;
    for (;;) {
      const rows = await this.db.execute<Due[]>(
        `update email_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes'
         where id in (
           select id from email_outbox
           where sent_at is null and attempts < ? and next_attempt_at <= now()
           order by created_at limit ? for update skip locked)
         returning id, to_address as "to", subject, text_body as "text", attempts,
           link_kind as "linkKind", link_ref as "linkRef", link_expires_at as "linkExpiresAt",
           attachment_kind as "attachmentKind", attachment_ref as "attachmentRef"`,
        [MAX_ATTEMPTS, BATCH],
      );
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          if (row.linkExpiresAt && new Date(row.linkExpiresAt).getTime() <= Date.now()) {
            // Its link would arrive dead: give up rather than send it.
            await this.db.execute('update email_outbox set attempts = ?, error = ? where id = ?', [
              MAX_ATTEMPTS,
              'not sent: its link expired before it could be delivered',
              row.id,
            ]);
            continue;
          }
          const text = row.linkKind ? row.text.split(LINK_TOKEN).join(await this.mint(row)) : row.text;
          const file =
            row.attachmentKind && row.attachmentRef
              ? await this.attachments[row.attachmentKind]?.(row.attachmentRef)
              : null;
          this.transport ??= (await import('nodemailer')).default.createTransport(this.smtpUrl);
          await this.transport.sendMail({
            from: this.from,
            to: row.to,
            subject: row.subject,
            text,
            ...(file ? { attachments: [file] } : {}),
          });
          await this.db.execute('update email_outbox set sent_at = now(), error = null where id = ?', [
            row.id,
          ]);
          sent++;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          this.log.warn({ err, to: row.to, attempts: row.attempts }, 'e-mail not delivered');
          await this.db.execute(
            `update email_outbox set error = ?, next_attempt_at = now() + make_interval(mins => ?) where id = ?`,
            [message.slice(0, 500), 2 ** row.attempts, row.id],
          );
        }
      }
    }
  }

  /** A fresh token for the row's link, its hash stored where the link's page looks for it. */
  private async mint(row: Due): Promise<string> {
    const token = newToken();
    if (row.linkKind === 'password-reset') {
      await this.db.execute('insert into password_reset (user_id, token_hash, expires_at) values (?, ?, ?)', [
        row.linkRef,
        tokenHash(token),
        row.linkExpiresAt,
      ]);
    } else if (row.linkKind === 'registration') {
      const updated = await this.db.execute(
        'update registration set token_hash = ? where id = ? and completed_at is null returning id',
        [tokenHash(token), row.linkRef],
      );
      if (updated.length === 0) throw new Error('its registration was completed or removed');
    } else if (row.linkKind === 'order-access') {
      await this.db.execute('insert into order_access (order_id, token_hash, expires_at) values (?, ?, ?)', [
        row.linkRef,
        tokenHash(token),
        row.linkExpiresAt,
      ]);
    } else if (row.linkKind === 'company-invitation') {
      const updated = await this.db.execute(
        `update company_invitation set token_hash = ? where id = ? and accepted_at is null and revoked_at is null
         returning id`,
        [tokenHash(token), row.linkRef],
      );
      if (updated.length === 0) throw new Error('its invitation was accepted or revoked');
    } else if (row.linkKind === 'back-in-stock') {
      // A newer confirmation e-mail replaces the hash: only the last link delivered works (as registrations).
      const updated = await this.db.execute(
        `update back_in_stock_request set token_hash = ?, token_expires_at = ?
         where id = ? and confirmed_at is null returning id`,
        [tokenHash(token), row.linkExpiresAt, row.linkRef],
      );
      if (updated.length === 0) throw new Error('its back-in-stock request was confirmed or removed');
    } else if (
      !(row.linkKind && row.linkRef && row.linkExpiresAt) ||
      !(await storeAccessLink(this.db, row.linkKind, row.linkRef, token, new Date(row.linkExpiresAt)))
    ) {
      throw new Error(`unknown link kind ${String(row.linkKind)}`);
    }
    return encodeURIComponent(token);
  }

  /** Empties texts of e-mails sent more than the retention ago (at most hourly). */
  private async purgeOldTexts(): Promise<void> {
    if (Date.now() - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = Date.now();
    await this.db.execute(
      `update email_outbox set text_body = '' where sent_at < now() - make_interval(days => ?) and text_body <> ''`,
      [SENT_TEXT_RETENTION_DAYS],
    );
  }
}
