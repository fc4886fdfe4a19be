// The instrumented app the recorder drives (#51): node:http with @sentry/node (traces at 1, logs, request
// sessions) and its HTTP and PostgreSQL integrations. Its own process, so nothing else (the recorder's receiver,
// the payments service) is traced. Env: SENTRY_DSN, SHOP_DATABASE_URL, PAYMENTS_URL. Prints its port; SIGTERM
// flushes what the SDK holds (the log buffer, the request-session aggregate) as at shutdown, then exits.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import * as Sentry from '@sentry/node';

Sentry.init({
  dsn: process.env.SENTRY_DSN,
  release: 'shop@2.14.0',
  environment: 'production',
  tracesSampleRate: 1,
  // Logs need no option in this version (it has no enableLogs); request sessions are on by default in server mode.
});
// After init, so the PostgreSQL integration instruments it.
const { Pool } = createRequire(import.meta.url)('pg') as typeof import('pg');
const pool = new Pool({ connectionString: process.env.SHOP_DATABASE_URL, max: 4 });

const callPayments = (customer: number) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(`${process.env.PAYMENTS_URL}/v1/customers/${customer}/cards`, (res) => {
        let s = '';
        res.on('data', (c) => (s += c));
        res.on('end', () => resolve(s));
      })
      .on('error', reject);
  });

let served = 0;
const app = http.createServer(async (req, res) => {
  const n = served++;
  const customer = 1 + (n % 500);
  try {
    Sentry.logger.info(Sentry.logger.fmt`loading orders of customer ${customer}`, { route: '/orders/:id' });
    const { rows: who } = await pool.query('SELECT id, name, email FROM customers WHERE id = $1', [customer]);
    const { rows: orders } = await pool.query(
      'SELECT id, status, total, created_at FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 20',
      [customer],
    );
    await pool.query('UPDATE customers SET visits = visits + 1 WHERE id = $1', [customer]);
    const cards = JSON.parse(await callPayments(customer));
    Sentry.logger.debug('payments answered', { cards: cards.cards.length, customer });
    // 1 % of requests fail after their queries.
    if (n % 100 === 42) throw new Error(`Order total mismatch for customer ${customer}`);
    Sentry.logger.info(Sentry.logger.fmt`served ${orders.length} orders to ${who[0].name}`, {
      orders: orders.length,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ orders: orders.length }));
  } catch (err) {
    Sentry.logger.error(Sentry.logger.fmt`request failed: ${(err as Error).message}`);
    Sentry.captureException(err);
    res.writeHead(500).end();
  }
});
app.listen(0, '127.0.0.1', () => console.log((app.address() as AddressInfo).port));

process.on('SIGTERM', async () => {
  app.close();
  await Sentry.close(10_000);
  await pool.end();
  process.exit(0);
});
