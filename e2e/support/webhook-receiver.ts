import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; raw: string; body: unknown };

/**
 * An alert webhook target on loopback (the spec's server allows private targets with
 * WEBHOOK_ALLOW_PRIVATE=true). Answers 200 and records every request with its raw body.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      received.push({ path: req.url ?? '/', headers: req.headers, raw, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks/tracker`,
    received,
    /** Whether `X-Webhook-Signature` is `sha256=<hex HMAC-SHA256 of the raw body>` under `secret`. */
    signatureValid(hook: ReceivedWebhook, secret: string): boolean {
      const expected = `sha256=${crypto.createHmac('sha256', secret).update(hook.raw).digest('hex')}`;
      return hook.headers['x-webhook-signature'] === expected;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
