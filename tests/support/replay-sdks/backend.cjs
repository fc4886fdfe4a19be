// The real @sentry/node 11 as a backend called from a replayed page (#60): its http instrumentation reads the
// browser's sentry-trace and baggage (carrying sentry-replay_id) and the error it captures keeps the request's headers.
// CommonJS so that Sentry.init patches `http` before it is required. argv: DSN, replay id.
const Sentry = require('@sentry/node');

Sentry.init({ dsn: process.argv[2], tracesSampleRate: 0 });
const http = require('node:http');

const traceId = '1234567890abcdef1234567890abcdef';
const app = http.createServer((req, res) => {
  Sentry.captureException(new Error('payment service unavailable'));
  res.end('failed');
});
app.listen(0, '127.0.0.1', async () => {
  const { port } = app.address();
  await fetch(`http://127.0.0.1:${port}/api/pay`, {
    headers: {
      'sentry-trace': `${traceId}-1234567890abcdef-1`,
      baggage: `sentry-trace_id=${traceId},sentry-replay_id=${process.argv[3]},sentry-sample_rate=1`,
    },
  });
  await Sentry.flush(5000);
  app.close();
  console.log('sent');
});
