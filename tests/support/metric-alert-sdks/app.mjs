// @sentry/node 11 sending what a metric alert reads (#62): transactions each with one http.client child span of a
// given duration, started at given times, and log lines. argv: DSN, then a JSON plan:
// { spans: [{ at: ms, duration: ms, count }], logs: [{ message, count }], gauges: [{ name, value }] }. Driven by tests/api/metric-alerts.test.ts.
import * as Sentry from '@sentry/node';

Sentry.init({ dsn: process.argv[2], tracesSampleRate: 1, enableLogs: true, environment: 'production' });

const plan = JSON.parse(process.argv[3]);
for (const s of plan.spans ?? [])
  for (let i = 0; i < s.count; i++)
    Sentry.startSpanManual(
      { name: 'POST /checkout', op: 'http.server', startTime: new Date(s.at + i), forceTransaction: true },
      (root) => {
        const child = Sentry.startInactiveSpan({
          name: 'POST https://payments.example/charge',
          op: 'http.client',
          startTime: new Date(s.at + i + 1),
        });
        child.end(new Date(s.at + i + 1 + s.duration));
        root.end(new Date(s.at + i + 2 + s.duration));
      },
    );
for (const l of plan.logs ?? []) for (let i = 0; i < l.count; i++) Sentry.logger.error(l.message, { order: i });
for (const g of plan.gauges ?? []) Sentry.metrics.gauge(g.name, g.value, { attributes: { queue: 'emails' } });

await Sentry.flush(10000);
console.log('sent');
