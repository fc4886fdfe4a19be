// The day of data bench:explore queries (#61): spans, log lines, transactions and error events over the last 24
// hours, in SQL (INSERT … SELECT generate_series, a chunk a statement), received a second after they happened so
// each lands in its day's partition as ingest would put it. Shapes follow what the SDKs send: a shop's 20 routes,
// each transaction a root span and 19 children (db 60 %, http.client 20 %, middleware 20 %) with their data bags,
// log lines of three templates with user, order and server attributes, errors of 50 issues over 3 releases.
import { performance } from 'node:perf_hooks';
import type pgLib from 'pg';

export const SPANS_PER_TRANSACTION = 20;
const DAY_S = 86_400;
const CHUNK = 1_000_000;

/**
 * Runs `seed` with the tables' secondary indexes dropped, then builds them again as they were (each partitioned
 * index on the parent, which builds it on every partition): one bulk build instead of millions of index insertions
 * (the logs' trigram and attribute indexes took 2 minutes a million lines). The tables end as the migrations make them.
 */
export async function withIndexesDeferred(sql: pgLib.Client, tables: string[], seed: () => Promise<void>) {
  const { rows } = await sql.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = ANY($1) AND t.relkind = 'p' AND NOT x.indisprimary AND NOT x.indisunique`,
    [tables],
  );
  for (const r of rows) await sql.query(`DROP INDEX ${r.name}`);
  await seed();
  for (const r of rows) {
    const t0 = performance.now();
    await sql.query(r.def.replace(' ON ONLY ', ' ON '));
    console.log(`[bench] index ${r.name} built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
}

type Target = { sql: pgLib.Client; projectId: string; projectNumber: number; log: (msg: string) => void };

async function inChunks(t: Target, what: string, n: number, statement: (from: number, count: number) => string) {
  for (let from = 0; from < n; from += CHUNK) {
    const t0 = performance.now();
    const count = Math.min(CHUNK, n - from);
    await t.sql.query(statement(from, count));
    t.log(
      `${what}: ${(from + count).toLocaleString('en-US')} of ${n.toLocaleString('en-US')} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
}

/** `n` spans as n / 20 stored rows (one a transaction, #51), and the transactions themselves. */
export async function seedSpans(t: Target, n: number): Promise<void> {
  const rows = Math.ceil(n / SPANS_PER_TRANSACTION);
  const k = SPANS_PER_TRANSACTION;
  // i: the transaction's index; its time spreads the day evenly; its route is i % 20; one in 50 spans fails.
  await inChunks(t, 'span rows', rows, (from, count) => {
    const time = `now() - make_interval(secs => ${DAY_S - 60}.0 * (i::float8 / ${rows}))`;
    return `INSERT INTO spans (txn_key, segment_id, received_at, trace_id, project, span_count, segment_index, transaction,
              environment, release, span_ids, parent_ids, starts, durations, group_keys, ops, descriptions, statuses, data)
       SELECT ('x' || left(md5('${t.projectId}:GET /orders/' || (i % 20)), 16))::bit(64)::bigint, i * 64,
              ${time} + interval '1 second', md5(i::text)::uuid, ${t.projectNumber}, ${k}, 1, 'GET /orders/' || (i % 20),
              CASE WHEN i % 10 = 0 THEN 'staging' ELSE 'production' END, 'shop@2.' || (i % 3) || '.0',
              a.ids, a.parents, a.starts, a.durations, a.groups, a.ops, a.descriptions, a.statuses, a.data
         FROM generate_series(${from}::bigint, ${from + count - 1}::bigint) AS i
        CROSS JOIN LATERAL (
          SELECT array_agg(i * 64 + j ORDER BY j) AS ids,
                 array_agg(CASE WHEN j = 0 THEN NULL ELSE i * 64 END ORDER BY j) AS parents,
                 array_agg(${time} + make_interval(secs => j * 0.01) ORDER BY j) AS starts,
                 array_agg(CASE WHEN j = 0 THEN 200 + (i * 7919 % 800) ELSE 1 + ((i * 31 + j * 17) % 97) / 2.0 END ORDER BY j) AS durations,
                 array_agg(('x' || left(md5(op || ':' || j % 5), 16))::bit(64)::bigint ORDER BY j) AS groups,
                 array_agg(op ORDER BY j) AS ops,
                 array_agg(description ORDER BY j) AS descriptions,
                 array_agg(CASE WHEN (i + j) % 50 = 0 THEN 'internal_error' ELSE 'ok' END ORDER BY j) AS statuses,
                 json_object_agg(lpad(to_hex(i * 64 + j), 16, '0'), bag) AS data
            FROM generate_series(0, ${k - 1}) AS j
           CROSS JOIN LATERAL (SELECT
                 CASE WHEN j = 0 THEN 'http.server' WHEN j % 5 < 3 THEN 'db' WHEN j % 5 = 3 THEN 'http.client' ELSE 'middleware.express' END AS op) o
           CROSS JOIN LATERAL (SELECT
                 CASE WHEN j = 0 THEN 'GET /orders/' || (i % 20)
                      WHEN j % 5 < 3 THEN 'SELECT "orders"."id", "orders"."total" FROM "orders" WHERE "orders"."customer_id" = $1 LIMIT ' || (j % 5 + 10)
                      WHEN j % 5 = 3 THEN 'GET https://payments.internal/v1/customers/' || (i % 500) || '/cards'
                      ELSE 'auth-' || j END AS description,
                 CASE WHEN j = 0 THEN json_build_object('http.method', 'GET', 'http.route', '/orders/:id', 'http.status_code', CASE WHEN i % 25 = 0 THEN 500 ELSE 200 END)
                      WHEN j % 5 < 3 THEN json_build_object('db.system', 'postgresql', 'db.name', 'shop', 'net.peer.name', 'db-' || (i % 3) || '.internal', 'net.peer.port', 5432)
                      WHEN j % 5 = 3 THEN json_build_object('http.method', 'GET', 'http.status_code', 200, 'http.response_content_length', 1000 + (i * 13 + j) % 4000)
                      ELSE json_build_object('express.type', 'middleware', 'express.name', 'auth-' || j) END AS bag) d
        ) a`;
  });
  await inChunks(t, 'transactions', rows, (from, count) => {
    const time = `now() - make_interval(secs => ${DAY_S - 60}.0 * (i::float8 / ${rows}))`;
    return `INSERT INTO transactions (project_id, name, duration, status, timestamp, received_at, environment, release, trace_id)
       SELECT '${t.projectId}', 'GET /orders/' || (i % 20), 200 + (i * 7919 % 800),
              CASE WHEN i % 25 = 0 THEN 'internal_error' ELSE 'ok' END, ${time}, ${time} + interval '1 second',
              CASE WHEN i % 10 = 0 THEN 'staging' ELSE 'production' END, 'shop@2.' || (i % 3) || '.0', md5(i::text)
         FROM generate_series(${from}::bigint, ${from + count - 1}::bigint) AS i`;
  });
}

/** `n` log lines as @sentry/node sends them with enableLogs (bench:logs' shape), stored compactly. */
export async function seedLogs(t: Target, n: number): Promise<void> {
  await inChunks(t, 'log lines', n, (from, count) => {
    const time = `now() - make_interval(secs => ${DAY_S - 60}.0 * (i::float8 / ${n}))`;
    return `INSERT INTO logs (timestamp, received_at, span_id, trace_id, severity_number, project_id, level, body, template,
              environment, release, attributes)
       SELECT ${time}, ${time} + interval '1 second', (i / 5) * 64, md5((i / 100)::text)::uuid,
              (ARRAY[9,9,9,9,5,9,13,9,9,17])[1 + i % 10], '${t.projectId}',
              (ARRAY['info','info','info','info','debug','info','warn','info','info','error'])[1 + i % 10],
              CASE i % 3 WHEN 0 THEN 'Order o-' || (i * 7919) % 100000 || ' paid by user-' || i % 5000
                         WHEN 1 THEN 'Cart of user-' || i % 5000 || ' has ' || i % 9 || ' items'
                         ELSE 'Payment for o-' || (i * 7919) % 100000 || ' declined: card_expired' END,
              (ARRAY['Order %s paid by %s', 'Cart of %s has %s items', 'Payment for %s declined: %s'])[1 + i % 3],
              CASE WHEN i % 10 = 0 THEN 'staging' ELSE 'production' END, 'shop@2.' || (i % 3) || '.0',
              jsonb_build_object('sentry.sdk.name', 'sentry.javascript.node', 'sentry.sdk.version', '11.12.0',
                'server.address', 'web-' || i % 8, 'sentry.message.parameter.0', 'o-' || (i * 7919) % 100000,
                'user.id', 'user-' || i % 5000, 'order.id', 'o-' || (i * 7919) % 100000,
                'http.route', '/orders/' || (i % 20), 'cart.items', i % 9, 'payment.amount', 5 + (i * 37 % 500))
         FROM generate_series(${from}::bigint, ${from + count - 1}::bigint) AS i`;
  });
}

/** `n` error events of 50 issues (3 releases, 2 environments, 3 browsers in their contexts and tags). */
export async function seedErrors(t: Target, n: number): Promise<void> {
  const { rows } = await t.sql.query<{ id: string }>(
    `INSERT INTO issues (project_id, fingerprint, title, culprit, level, event_count, first_seen, last_seen)
     SELECT $1, 'fp-' || g, 'TypeError: failure ' || g, 'app.js in render', 'ERROR', 0, now() - interval '1 day', now()
       FROM generate_series(0, 49) AS g RETURNING id`,
    [t.projectId],
  );
  const ids = `ARRAY[${rows.map((r) => `'${r.id}'`).join(',')}]`;
  await inChunks(t, 'error events', n, (from, count) => {
    const time = `now() - make_interval(secs => ${DAY_S - 60}.0 * (i::float8 / ${n}))`;
    return `INSERT INTO events (issue_id, project_id, level, message, tags, contexts, user_context, details, environment, release,
              timestamp, received_at)
       SELECT (${ids})[1 + (i * i) % 50], '${t.projectId}', (ARRAY['ERROR','ERROR','ERROR','WARNING','FATAL']::level[])[1 + i % 5],
              'failure ' || (i * i) % 50,
              jsonb_build_object('browser', (ARRAY['Chrome','Firefox','Safari'])[1 + i % 3], 'route', '/orders/' || (i % 20)),
              jsonb_build_object('browser', jsonb_build_object('name', (ARRAY['Chrome','Firefox','Safari'])[1 + i % 3]),
                'os', jsonb_build_object('name', (ARRAY['Windows','macOS','Linux','iOS'])[1 + i % 4])),
              jsonb_build_object('id', 'u' || (i % 10000)), jsonb_build_object('platform', 'javascript'),
              CASE WHEN i % 10 = 0 THEN 'staging' ELSE 'production' END, 'shop@2.' || (i % 3) || '.0',
              ${time}, ${time} + interval '1 second'
         FROM generate_series(${from}::bigint, ${from + count - 1}::bigint) AS i`;
  });
}
