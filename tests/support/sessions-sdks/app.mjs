// @sentry/node 11 with its HTTP server integration, which counts each request as a session and sends them as
// per-minute aggregates. Five requests: three fine, one whose error is captured (errored), one whose error is
// captured as unhandled (crashed). argv: DSN. Driven by tests/api/release-health.test.ts.
import * as Sentry from '@sentry/node';

Sentry.init({
  dsn: process.argv[2],
  release: 'api@1.0.0',
  environment: 'production',
  integrations: [Sentry.httpIntegration({ sessionFlushingDelayMS: 60_000 })],
});

const http = await import('node:http');
const server = http.createServer((req, res) => {
  if (req.url === '/handled') Sentry.captureException(new Error('payment declined'));
  if (req.url === '/unhandled')
    Sentry.captureException(new Error('worker died'), { mechanism: { type: 'onunhandledrejection', handled: false } });
  res.statusCode = req.url === '/ok' ? 200 : 500;
  res.end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
for (const path of ['/ok', '/ok', '/handled', '/ok', '/unhandled']) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.arrayBuffer();
}
// The session of the last request is recorded when its response closes.
await new Promise((resolve) => setTimeout(resolve, 200));
server.close();
await Sentry.flush(5000);
await Sentry.close(5000);
console.log('sent');
