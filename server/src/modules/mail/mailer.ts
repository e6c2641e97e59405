import type { Logger } from 'pino';
import type { SqlConnection } from '../../context';
import { Prepared } from '../../db/prepared';
import type { Transaction } from '@mikro-orm/core';

export interface Email {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

const QUEUE_EMAIL = new Prepared(
  'insert into email_outbox (to_address, kind, subject, text_body) values (?, ?, ?, ?)',
);

/**
 * Queues an e-mail in the outbox table (in the caller's transaction when `trx` is given), and prints it to the
 * log so every flow completes on a laptop. With SMTP_URL, OutboxSender delivers the outbox.
 */
export async function queueEmail(
  db: SqlConnection,
  log: Logger,
  email: Email,
  trx?: Transaction,
): Promise<void> {
  await QUEUE_EMAIL.all(db, [email.to, email.kind, email.subject, email.text], trx);
  log.info({ to: email.to, kind: email.kind, subject: email.subject, text: email.text }, 'e-mail queued');
}
