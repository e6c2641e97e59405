/**
 * The shopper's inbox: the development mailbox (server/src/dev/mailbox.ts) that playwright.config.ts starts
 * beside the store, which delivers to it over SMTP. E-mails are read as delivered, links included.
 */
export const MAILBOX_SMTP_PORT = Number(process.env.E2E_MAILBOX_SMTP_PORT || 4125);
export const MAILBOX_HTTP_PORT = Number(process.env.E2E_MAILBOX_HTTP_PORT || 4126);

interface Mail {
  id: number;
  subject: string;
  text: string;
}

/** The text of the newest e-mail to `to` (matching `subject`), waiting for the store's sender to deliver it. */
export async function lastEmailTo(to: string, subject?: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${MAILBOX_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as Mail[]).filter((m) => !subject || subject.test(m.subject));
    if (mails.length) return mails.at(-1)!.text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} arrived in the mailbox`);
}

/** The first link to this store in an e-mail, as a path the browser can open. */
export function linkIn(text: string): string {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  if (!url) throw new Error('no link in the e-mail');
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
