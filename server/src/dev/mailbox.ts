import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A mailbox for development and tests: an SMTP server that keeps every message it receives, with a page and a
 * JSON API to read them (`npm run mailbox`; the tests start one). Point the store at it with SMTP_URL, and e-mails
 * (with their one-time links) arrive here as they would in a person's inbox. Listens on 127.0.0.1 only.
 */
export interface ReceivedMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Files attached (a quote's PDF): name, type, size and the first bytes (`%PDF-`). */
  attachments: { filename: string; contentType: string; size: number; head: string }[];
  receivedAt: string;
}

type Attachment = ReceivedMail['attachments'][number];

/**
 * Decodes a message as nodemailer writes it: a text part (7bit, quoted-printable or base64; UTF-8), or a
 * multipart/mixed one whose first text part is the text and whose other parts are attachments.
 */
export function decodeMessage(raw: string): {
  headers: Record<string, string>;
  text: string;
  attachments: Attachment[];
} {
  const part = decodePart(raw);
  const boundary = /^multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(
    part.headers['content-type'] ?? '',
  )?.[1];
  if (!boundary) return { headers: part.headers, text: part.text, attachments: [] };
  const parts = part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => decodePart(p.replace(/^\r?\n/, '')));
  const text = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith('text/plain'));
  const attachments = parts
    .filter((p) => p !== text)
    .map((p) => {
      const content = Buffer.from(p.body.replace(/\s+/g, ''), 'base64');
      const named = /name="?([^";]+)"?/i.exec(
        p.headers['content-disposition'] ?? p.headers['content-type'] ?? '',
      );
      return {
        filename: named?.[1] ?? '',
        contentType: (p.headers['content-type'] ?? '').split(';')[0]!,
        size: content.length,
        head: content.subarray(0, 8).toString('latin1'),
      };
    });
  return { headers: part.headers, text: text?.text ?? '', attachments };
}

function decodePart(raw: string): { headers: Record<string, string>; text: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let text: string;
  if (encoding === 'quoted-printable') text = Buffer.from(unquote(body), 'latin1').toString('utf8');
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else text = body;
  return { headers, text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''), body };
}

function unquote(qp: string): string {
  return qp
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(unquote(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  /** Set to refuse recipients (a mail server that is down for them), to test retries. */
  refuse: ((address: string) => boolean) | null = null;
  private smtp: SMTPServer;
  private web: http.Server | null = null;
  private waiters: (() => void)[] = [];
  private nextId = 1;

  constructor(private readonly onMessage?: (mail: ReceivedMail) => void) {
    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, cb) => {
        if (this.refuse?.(address.address)) return cb(new Error('mailbox unavailable'));
        cb();
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const { headers, text, attachments } = decodeMessage(Buffer.concat(chunks).toString('latin1'));
          const mail: ReceivedMail = {
            id: this.nextId++,
            from: headers.from ?? '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: headers.subject ?? '',
            text,
            attachments,
            receivedAt: new Date().toISOString(),
          };
          this.messages.push(mail);
          this.onMessage?.(mail);
          for (const wake of this.waiters.splice(0)) wake();
          cb();
        });
      },
    });
  }

  /** Starts SMTP (and, with `httpPort`, the page and API); port 0 picks a free one. */
  async start(smtpPort = 0, httpPort?: number): Promise<{ smtpUrl: string; webUrl?: string }> {
    await new Promise<void>((resolve, reject) => {
      this.smtp.server.once('error', reject);
      this.smtp.listen(smtpPort, '127.0.0.1', resolve);
    });
    const smtpUrl = `smtp://127.0.0.1:${(this.smtp.server.address() as AddressInfo).port}`;
    if (httpPort === undefined) return { smtpUrl };
    const web = (this.web = http.createServer((req, res) => this.serve(req, res)));
    await new Promise<void>((resolve, reject) => {
      web.once('error', reject);
      web.listen(httpPort, '127.0.0.1', resolve);
    });
    return { smtpUrl, webUrl: `http://127.0.0.1:${(web.address() as AddressInfo).port}` };
  }

  /** Messages to `address`, oldest first. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** The newest message to `address` (matching `subject` when given) arriving within `timeoutMs`. */
  async waitFor(address: string, options: { subject?: RegExp; after?: number; timeoutMs?: number } = {}) {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = this.to(address)
        .filter((m) => m.id > (options.after ?? 0) && (!options.subject || options.subject.test(m.subject)))
        .at(-1);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no e-mail to ${address} arrived in the mailbox`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
    await new Promise<void>((resolve) => (this.web ? this.web.close(() => resolve()) : resolve()));
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    if (url.pathname === '/healthz') return void res.end('ok');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      res.setHeader('content-type', 'application/json');
      return void res.end(JSON.stringify(to ? this.to(to) : this.messages));
    }
    if (url.pathname !== '/') {
      res.statusCode = 404;
      return void res.end('not found');
    }
    const linked = (text: string) =>
      escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (href) => `<a href="${href}">${href}</a>`);
    const items = [...this.messages]
      .reverse()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to.join(', '))} · ${m.receivedAt}</p><pre>${linked(m.text)}</pre></article>`,
      )
      .join('');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Mailbox (${this.messages.length})</title><meta http-equiv="refresh" content="5"><style>body{font:15px system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc}pre{white-space:pre-wrap}</style><h1>Development mailbox</h1>${items || '<p>No e-mail yet.</p>'}</html>`,
    );
  }
}
