import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { SqlConnection } from '../../context';

const MAX_ATTEMPTS = 5;
const BATCH = 20;

/**
 * Delivers the outbox through SMTP (SMTP_URL). Rows are claimed with `for update skip locked` and their next
 * attempt moved forward, so several processes can run senders without sending an e-mail twice; a failure
 * backs off exponentially (2, 4, 8... minutes) and is given up after 5 tries, the error kept on the row.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly transport: Transporter;

  constructor(
    private readonly db: SqlConnection,
    private readonly log: Logger,
    smtpUrl: string,
    private readonly from: string,
    private readonly intervalMs = 2000,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.drain(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  /** Sends what is due now; resolves with how many were sent. */
  drain(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await this.db.execute<
        { id: string; to: string; subject: string; text: string; attempts: number }[]
      >(
        `update email_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes'
         where id in (
           select id from email_outbox
           where sent_at is null and attempts < ? and next_attempt_at <= now()
           order by created_at limit ? for update skip locked)
         returning id, to_address as "to", subject, text_body as "text", attempts`,
        [MAX_ATTEMPTS, BATCH],
      );
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await this.transport.sendMail({
            from: this.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
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
}
