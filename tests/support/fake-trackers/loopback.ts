// A provider's API on loopback for the integration tests (#64): records every request as received (method, path,
// query, headers, parsed body) and answers what the fake's handler says, or a planned failure first.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export type Received = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: any;
};
export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
export type Handler = (req: Received) => Answer | Promise<Answer>;

/** `tls`: answer over https with this key and certificate (clients that only speak https, PagerDuty's). */
export async function loopback(handler: Handler, opts: { tls?: { key: string; cert: string } } = {}) {
  const calls: Received[] = [];
  /** Statuses answered (with a JSON error body) before the handler is asked again. */
  const failures: number[] = [];
  const listener: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const received: Received = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      calls.push(received);
      const failure = failures.shift();
      let answer: Answer;
      try {
        answer = failure ? { status: failure, body: { message: `planned ${failure}` } } : await handler(received);
      } catch (err) {
        answer = { status: 500, body: { message: String(err) } };
      }
      const payload = answer.body === undefined ? '' : JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        ...(payload ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...answer.headers,
      });
      res.end(payload);
    });
  };
  const server = opts.tls ? https.createServer(opts.tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    /** For clients that allow plain http on localhost only (Linear's). */
    localhostUrl: `http://localhost:${port}`,
    calls,
    failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Loopback = Awaited<ReturnType<typeof loopback>>;
