import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
};

/**
 * An HTTP server on loopback that records every request and answers with the next planned status
 * (200 once the plan runs out; a planned 0 never answers, to exercise timeouts).
 */
export async function startWebhookReceiver(plan: number[] = []) {
  const requests: ReceivedRequest[] = [];
  const statuses = [...plan];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json });
      const status = statuses.shift() ?? 200;
      if (status !== 0) res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Waits until at least `n` requests arrived (or throws after `timeoutMs`). */
    async waitFor(n: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
      const until = Date.now() + timeoutMs;
      while (requests.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} webhook requests, got ${requests.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
