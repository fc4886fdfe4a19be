// A customer's API with @sentry/node 11 (tracing, HTTP and PostgreSQL integrations, logs): GET /checkout runs two
// queries, logs a warning and fails (the error captured), answering browsers on any origin (the trace headers allowed). Prints its port,
// flushes after each request, runs until killed. argv: DSN, PostgreSQL URL. Driven by e2e/traces.spec.ts.
const Sentry = require('@sentry/node');

Sentry.init({ dsn: process.argv[2], tracesSampleRate: 1, enableLogs: true, release: 'api@3.0.0', environment: 'e2e' });

const http = require('node:http');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.argv[3], max: 1 });
const server = http.createServer(async (req, res) => {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'sentry-trace, baggage');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  try {
    await pool.query('SELECT 1 AS one');
    await pool.query("SELECT count(*) AS n FROM projects WHERE name = 'no such project'");
    Sentry.logger.warn(Sentry.logger.fmt`Payment declined for cart ${'c-42'}`);
    throw new Error('checkout exploded on the server');
  } catch (err) {
    Sentry.captureException(err);
    res.writeHead(500).end('failed');
  }
  setTimeout(() => void Sentry.flush(2000), 100);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
