import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedStripeRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
};

/**
 * A tiny stand-in for Stripe's API on loopback: answers Checkout and billing-portal session
 * creation with JSON and records each form-encoded request body. Point the client at it with
 * STRIPE_API_BASE = mock.url. `failWith` makes the next answers an API error of that status.
 */
export async function startStripeMock() {
  const requests: RecordedStripeRequest[] = [];
  let failStatus: number | null = null;
  let n = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(raw)),
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_mock_${++n}` });
        res.end(JSON.stringify(body));
      };
      if (failStatus !== null) return send(failStatus, { error: { type: 'api_error', message: 'mock failure' } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_mock_${++n}`;
        return send(200, {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = `bps_mock_${++n}`;
        return send(200, { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/${id}` });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(status: number | null) {
      failStatus = status;
    },
    reset() {
      requests.length = 0;
      failStatus = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
