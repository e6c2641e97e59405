/**
 * The development mailbox: receives the store's e-mails over SMTP and shows them, links included.
 *   npm run mailbox [-- --smtp 1025 --http 1080]
 * then start the store with SMTP_URL=smtp://127.0.0.1:1025 and open http://127.0.0.1:1080.
 */
import { parseArgs } from 'node:util';
import { Mailbox } from '../dev/mailbox';

async function main() {
  const { values } = parseArgs({
    options: { smtp: { type: 'string', default: '1025' }, http: { type: 'string', default: '1080' } },
    strict: true,
  });
  const mailbox = new Mailbox((mail) =>
    console.log(`${mail.receivedAt}  to ${mail.to.join(', ')}: ${mail.subject}`),
  );
  const { smtpUrl, webUrl } = await mailbox.start(Number(values.smtp), Number(values.http));
  console.log(`Mailbox ready: start the store with SMTP_URL=${smtpUrl} and read the e-mails at ${webUrl}`);
  const stop = () => void mailbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `mailbox: a port is already in use (${(err as Error).message}): pass --smtp and --http with free ports`
      : `mailbox: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
