// The transaction a Node shop's @sentry/node sends for one request, with its spans (bench:spans, bench:wal).
import { randomBytes } from 'node:crypto';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A transaction of route `/orders/<i % 20>` with `spans` children: 60 % queries, 20 % HTTP calls, 20 % middleware. */
export function spanTransaction(i: number, spans: number): { body: string; traceId: string } {
  const now = Date.now() / 1000;
  const start = now - 0.5;
  const traceId = hex(16);
  const root = hex(8);
  const children = Array.from({ length: spans }, (_, k) => {
    const kind = k % 5;
    const s = start + k * 0.01;
    const [op, description, data] =
      kind < 3
        ? [
            'db',
            `SELECT "orders"."id", "orders"."status", "orders"."total" FROM "orders" WHERE "orders"."customer_id" = $1 AND "orders"."created_at" > $2 LIMIT ${k + 10}`,
            {
              'db.system': 'postgresql',
              'db.name': 'shop',
              'db.user': 'app',
              'net.peer.name': 'db.internal',
              'net.peer.port': 5432,
            },
          ]
        : kind === 3
          ? [
              'http.client',
              `GET https://payments.internal/v1/customers/${i % 500}/cards`,
              {
                'http.method': 'GET',
                'http.status_code': 200,
                'http.response_content_length': 1234,
                'url.full': `https://payments.internal/v1/customers/${i % 500}/cards`,
              },
            ]
          : ['middleware.express', `auth-${k}`, { 'express.type': 'middleware', 'express.name': `auth-${k}` }];
    return {
      span_id: hex(8),
      parent_span_id: root,
      trace_id: traceId,
      op,
      description,
      start_timestamp: s,
      timestamp: s + 0.008,
      status: 'ok',
      origin: 'auto.db.otel.postgres',
      data,
    };
  });
  const event = {
    event_id: hex(16),
    type: 'transaction',
    transaction: `GET /orders/${i % 20}`,
    start_timestamp: start,
    timestamp: now,
    release: 'shop@2.14.0',
    environment: 'production',
    platform: 'node',
    sdk: { name: 'sentry.javascript.node', version: '11.12.0' },
    contexts: {
      trace: {
        trace_id: traceId,
        span_id: root,
        op: 'http.server',
        status: 'ok',
        data: { 'http.method': 'GET', 'http.route': '/orders/:id', 'http.status_code': 200 },
      },
    },
    spans: children,
  };
  const payload = JSON.stringify(event);
  return {
    body: `${JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'transaction', length: Buffer.byteLength(payload) })}\n${payload}\n`,
    traceId,
  };
}
