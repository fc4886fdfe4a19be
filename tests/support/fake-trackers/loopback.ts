// A provider's API on loopback for the integration tests (#64): records every request as received (method, path,
// query, headers, parsed body) and answers what the fake's handler says, or a planned failure first.
import http from 'node:http';
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

export async function loopback(handler: Handler) {
  const calls: Received[] = [];
  /** Statuses answered (with a JSON error body) before the handler is asked again. */
  const failures: number[] = [];
  const server = http.createServer((req, res) => {
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** For clients that allow plain http on localhost only (Linear's). */
    localhostUrl: `http://localhost:${port}`,
    calls,
    failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Loopback = Awaited<ReturnType<typeof loopback>>;
