import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the loopback receiver got: path, headers and the raw body. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
/** A path's answer; 'hold' leaves the request unanswered (as a receiver that hangs) until the receiver closes. */
export type Answer = (
  req: Received,
) => { status: number; headers?: Record<string, string>; body?: string } | 'hold';

/** A loopback receiver: each path answers with its handler (default 200), and every request is kept. */
export class Receiver {
  readonly received: Received[] = [];
  readonly handlers = new Map<string, Answer>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: Received = {
        path: req.url ?? '/',
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.received.push(got);
      const fallback: Answer = () => ({ status: 200, body: 'ok' });
      const answer = (this.handlers.get(got.path) ?? fallback)(got);
      if (answer === 'hold') return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }
  /** Stops listening and drops every connection, held ones included. */
  close() {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }
}
