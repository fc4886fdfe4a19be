// @sentry/node 11 with tracing and logs: one log line written inside an active span. Prints the span's trace id and
// span id. argv: DSN. Driven by tests/api/sdk-fidelity.test.ts.
import * as Sentry from '@sentry/node';

Sentry.init({
  dsn: process.argv[2],
  tracesSampleRate: 1,
  enableLogs: true,
  release: 'export@1.0.0',
  environment: 'production',
});

const ids = Sentry.startSpan({ name: 'nightly-export', op: 'task' }, (span) => {
  Sentry.logger.info(Sentry.logger.fmt`Exported ${42} rows`);
  const { trace_id, span_id } = Sentry.spanToJSON(span);
  return { traceId: trace_id, spanId: span_id };
});
await Sentry.flush(5000);
console.log(JSON.stringify(ids));
console.log('sent');
