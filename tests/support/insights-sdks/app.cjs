// @sentry/node 11 with tracing and its PostgreSQL (pg) and HTTP (fetch) integrations, sending what Insights read
// (#62): transactions running known numbers of queries against the embedded PostgreSQL, outbound calls to a
// loopback server (one answered 500), cache reads (hits and a miss) and a published and processed message.
// argv: DSN, PostgreSQL URL, then a JSON plan (tests/api/insights.test.ts; `queues: false` sends no messages).
// Prints "sent".
const Sentry = require('@sentry/node');

Sentry.init({ dsn: process.argv[2], tracesSampleRate: 1, environment: 'production' });

const http = require('node:http');
const { Pool } = require('pg');

const plan = JSON.parse(process.argv[4]);
const pool = new Pool({ connectionString: process.argv[3], max: 1 });
const server = http.createServer((req, res) => {
  res.statusCode = req.url === '/fail' ? 500 : 200;
  res.end('done');
});

async function main() {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  // { name, lookups: n, counts: n }: n × a parameterised lookup (each with its own value), n × a count.
  for (const t of plan.transactions)
    await Sentry.startSpan({ name: t.name, op: 'http.server', forceTransaction: true }, async () => {
      for (let i = 0; i < t.lookups; i++) await pool.query('SELECT id FROM projects WHERE number = $1', [i]);
      for (let i = 0; i < t.counts; i++) await pool.query('SELECT count(*) FROM organizations');
    });
  // Outbound calls by path, one transaction.
  await Sentry.startSpan({ name: 'GET /proxy', op: 'http.server', forceTransaction: true }, async () => {
    for (const p of plan.calls) await (await fetch(`${base}${p}`)).text();
  });
  await Sentry.startSpan({ name: 'GET /catalog', op: 'http.server', forceTransaction: true }, async () => {
    for (const hit of plan.cacheReads)
      Sentry.startSpan({ name: 'catalog:1', op: 'cache.get', attributes: { 'cache.hit': hit } }, () => {});
    if (plan.queues !== false)
      Sentry.startSpan(
        { name: 'emails', op: 'queue.publish', attributes: { 'messaging.destination.name': 'emails' } },
        () => {},
      );
  });
  if (plan.queues === false) return finish();
  // A consumer's transaction is its queue.process span (as Sentry's queue instrumentation docs write it).
  await Sentry.startSpan(
    {
      name: 'email job',
      op: 'queue.process',
      forceTransaction: true,
      attributes: { 'messaging.destination.name': 'emails', 'messaging.message.receive.latency': 120 },
    },
    async () => {},
  );
  await finish();
}

async function finish() {
  server.close();
  await pool.end();
  await Sentry.flush(10000);
  console.log('sent');
}
main();
