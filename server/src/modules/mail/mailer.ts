import type { Logger } from 'pino';
import type { SqlConnection } from '../../context';

export interface Email {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

/**
 * Queues an e-mail in the outbox table (in the caller's transaction when `trx` is given), and prints it to the
 * log so every flow completes on a laptop. With SMTP_URL, OutboxSender delivers the outbox.
 */
export async function queueEmail(db: SqlConnection, log: Logger, email: Email, trx?: unknown): Promise<void> {
  await db.execute(
    'insert into email_outbox (to_address, kind, subject, text_body) values (?, ?, ?, ?)',
    [email.to, email.kind, email.subject, email.text],
    'run',
    trx as never,
  );
  log.info({ to: email.to, kind: email.kind, subject: email.subject, text: email.text }, 'e-mail queued');
}
