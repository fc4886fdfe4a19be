// @sentry/node 11 with tracing, its HTTP and PostgreSQL integrations and logs: a server whose GET /checkout runs two
// queries, logs a line and fails (the error captured). The program asks it once and prints the trace id it saw.
// argv: DSN, PostgreSQL URL. Driven by tests/api/traces.test.ts.
const Sentry = require('@sentry/node');

Sentry.init({
  dsn: process.argv[2],
  tracesSampleRate: 1,
  enableLogs: true,
  release: 'api@3.0.0',
  environment: 'production',
});

const http = require('node:http');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.argv[3], max: 1 });
let traceId = '';
const server = http.createServer(async (req, res) => {
  try {
    await pool.query('SELECT 1 AS one');
    await pool.query("SELECT count(*) AS n FROM projects WHERE name = 'no such project'");
    traceId = Sentry.getActiveSpan() ? Sentry.spanToJSON(Sentry.getActiveSpan()).trace_id : '';
    Sentry.logger.info(Sentry.logger.fmt`Checkout for ${'ada'} failed`, { cart: 'c-42' });
    throw new Error('checkout exploded');
  } catch (err) {
    Sentry.captureException(err);
    res.statusCode = 500;
    res.end('failed');
  }
});

(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const res = await fetch(`http://127.0.0.1:${server.address().port}/checkout`);
  await res.text();
  await new Promise((resolve) => setTimeout(resolve, 300));
  server.close();
  await pool.end();
  await Sentry.flush(5000);
  console.log(traceId);
  console.log('sent');
})();
