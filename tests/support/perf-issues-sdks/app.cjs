// @sentry/node 11 with tracing and its PostgreSQL integration (pg, instrumented when required after Sentry.init):
// one transaction `load-orders` that reads ten orders the way the mode says, against the tracker's own PostgreSQL.
//   n-plus-one: one `SELECT … WHERE id = $1` per order in a for loop (each query 15 ms: an N+1 of 150 ms);
//   batched:    the same rows in one `SELECT … WHERE id = ANY($1)`;
//   slow:       one `SELECT pg_sleep(…)` of argv[5] seconds.
// argv: DSN, PostgreSQL URL, mode[, seconds]. Prints the trace id, then `sent`. Driven by tests/api/performance-issues.test.ts.
const Sentry = require('@sentry/node');

Sentry.init({ dsn: process.argv[2], tracesSampleRate: 1, release: 'shop@1.0.0', environment: 'production' });

const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.argv[3], max: 1 });
const mode = process.argv[4];
const ORDERS = 'SELECT id, pg_sleep(0.015) FROM generate_series(1, 100) AS orders(id)';

(async () => {
  let traceId = '';
  await Sentry.startSpan({ name: 'load-orders', op: 'task' }, async (span) => {
    traceId = Sentry.spanToJSON(span).trace_id;
    const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    if (mode === 'n-plus-one') for (const id of ids) await pool.query(`${ORDERS} WHERE id = $1`, [id]);
    else if (mode === 'batched') await pool.query(`${ORDERS} WHERE id = ANY($1)`, [ids]);
    else if (mode === 'slow') await pool.query('SELECT pg_sleep($1)', [Number(process.argv[5])]);
    else throw new Error(`unknown mode ${mode}`);
  });
  await pool.end();
  await Sentry.flush(5000);
  console.log(traceId);
  console.log('sent');
})();
