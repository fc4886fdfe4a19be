// The real @sentry/node 11 sending metrics inside a span (#61): Sentry.metrics.distribution of each latency given
// (attributes: region by parity, route), a counter and a gauge, with a user on the scope; the SDK sends them as
// trace_metric items. argv: DSN, then a JSON object { latencies: number[], orders: number, depth: number }. Prints
// the span's trace and span ids as JSON, then `sent`. Driven by tests/api/metrics-ingest.test.ts.
import * as Sentry from '@sentry/node';

const plan = JSON.parse(process.argv[3]);
Sentry.init({ dsn: process.argv[2], release: 'shop@2.0.0', environment: 'production', tracesSampleRate: 1 });
Sentry.setUser({ id: 'user-42', email: 'ann@example.com' });

let ids;
await Sentry.startSpan({ name: 'POST /checkout', op: 'http.server' }, async (span) => {
  plan.latencies.forEach((ms, i) =>
    Sentry.metrics.distribution('checkout.latency', ms, {
      unit: 'millisecond',
      attributes: { region: i % 2 ? 'eu' : 'us', route: '/checkout' },
    }),
  );
  Sentry.metrics.count('checkout.orders', plan.orders, { attributes: { region: 'eu', 'order.id': 'o-1' } });
  Sentry.metrics.gauge('queue.depth', plan.depth);
  const c = span.spanContext();
  ids = { traceId: c.traceId, spanId: c.spanId };
});
await Sentry.flush(10_000);
console.log(JSON.stringify(ids));
console.log('sent');
