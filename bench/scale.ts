// Dashboard reads at scale: seeds events (one issue holding a fifth of them) and transactions over 30 days of
// daily partitions in a fresh embedded PostgreSQL with INSERT … SELECT generate_series, plus the rollup rows
// ingest would have written, then prints p50/p95 of each dashboard read, bytes per stored event and the time to
// drop a day of data.
// Usage: npm run bench:scale [-- --events 10000000 --transactions 2000000 --runs 40]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pgLib from 'pg';
import { startBenchDatabase } from './support/database';
import {
  DAY_MS,
  secondsSince,
  seedEventsByDay,
  seedHourlyRollup,
  seedIssues,
  seedTransactionsByDay,
  timeRuns,
} from './support/seed';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    transactions: { type: 'string', default: '2000000' },
    issues: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '40' },
  },
});
const EVENTS = Number(args.events);
const TRANSACTIONS = Number(args.transactions);
const ISSUES = Number(args.issues);
const RUNS = Number(args.runs);
const DAYS = 30;
const TARGET_MS = 50;
const DROP_TARGET_MS = 1_000;

const time = async (label: string, fn: () => Promise<unknown>) =>
  (await timeRuns({ label, runs: RUNS, targetMs: TARGET_MS, fn })).ok;

async function main() {
  const pg = await startBenchDatabase('tracker-bench-scale-');
  try {
    // Imported after DATABASE_URL is set, so the pool connects to the bench database.
    const { closePool } = await import('@/lib/pg');
    const { getDb } = await import('@/lib/db');
    const { ensurePartitions, dropPartitionsBefore, listPartitions } = await import('@/lib/retention/partitions');
    const { listIssues } = await import('@/lib/issues/list-issues');
    const { getIssue } = await import('@/lib/issues/get-issue');
    const { issueStats } = await import('@/lib/issues/issue-stats');
    const { issueTags } = await import('@/lib/issues/issue-tags');
    const { listEvents } = await import('@/lib/events/list-events');
    const { transactionGroups } = await import('@/lib/performance/transaction-groups');
    const { webVitals } = await import('@/lib/performance/web-vitals');
    const { getUsage } = await import('@/lib/usage/get-usage');
    const sql = new pgLib.Client({ connectionString: pg.url });
    // The server stops in `finally`; its goodbye must not hide the error that got us there.
    sql.on('error', () => {});
    await sql.connect();

    const now = Date.now();
    const firstDay = Math.floor(now / DAY_MS) * DAY_MS - (DAYS - 1) * DAY_MS;
    await ensurePartitions(new Date(firstDay), new Date(now + 7 * DAY_MS));

    const {
      rows: [org],
    } = await sql.query(`INSERT INTO organizations (name, slug, plan) VALUES ('Bench', 'bench', 'PRO') RETURNING id`);
    const {
      rows: [project],
    } = await sql.query(`INSERT INTO projects (org_id, name, slug) VALUES ($1, 'Bench', 'bench') RETURNING id`, [
      org.id,
    ]);
    const issueIds = await seedIssues(sql, project.id, ISSUES);
    const big = issueIds[0];

    // Per day: a fifth of the rows go to the big issue, the rest round-robin over the others; occurrence time
    // = receipt time, spread evenly over the day; 10,000 users; 3 browsers, 20 routes, 3 releases.
    let t0 = performance.now();
    await seedEventsByDay(sql, {
      projectId: project.id,
      issueIds,
      events: EVENTS,
      days: DAYS,
      firstDay,
      issueIndex: 'CASE WHEN i % 5 = 0 THEN 1 ELSE 2 + (i % (n_issues - 1)) END',
    });
    console.log(`\rseeded ${EVENTS.toLocaleString('en-US')} events in ${secondsSince(t0)} s`);

    t0 = performance.now();
    await seedTransactionsByDay(sql, { projectId: project.id, total: TRANSACTIONS, days: DAYS, firstDay });
    console.log(`seeded ${TRANSACTIONS.toLocaleString('en-US')} transactions in ${secondsSince(t0)} s`);

    // The rollups ingest keeps: hourly counts and issue counts exact from the rows; users, tags and the usage
    // row from the seed's formulas (the shape ingest writes, not a recount).
    t0 = performance.now();
    const epoch = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;
    await seedHourlyRollup(sql);
    await sql.query(`INSERT INTO project_minute_counts (project_id, minute, count)
      SELECT project_id, date_bin('1 minute', received_at, ${epoch}), count(*)::int FROM events WHERE received_at > now() - interval '1 day' GROUP BY 1, 2`);
    await sql.query(
      `INSERT INTO issue_users (issue_id, user_hash)
      SELECT i.id, md5('id:u' || u)::uuid FROM issues i, generate_series(0, CASE WHEN i.id = $1 THEN 1999 ELSE 19 END) u`,
      [big],
    );
    await sql.query(
      `INSERT INTO issue_user_counts (issue_id, project_id, users) SELECT u.issue_id, i.project_id, count(*)::int FROM issue_users u JOIN issues i ON i.id = u.issue_id GROUP BY 1, 2`,
    );
    await sql.query(`INSERT INTO issue_tag_values (issue_id, key, value, count)
      SELECT i.id, t.key, t.value, greatest(1, i.event_count / t.n)
      FROM issues i, (SELECT 'browser' AS key, b AS value, 3 AS n FROM unnest(ARRAY['Chrome','Firefox','Safari']) b
                      UNION ALL SELECT 'route', '/r/' || r, 20 FROM generate_series(0, 19) r
                      UNION ALL SELECT 'release', '1.0.' || r, 3 FROM generate_series(0, 2) r
                      UNION ALL SELECT 'environment', 'production', 1) t`);
    await sql.query(`INSERT INTO issue_tag_keys (issue_id, key, distinct_values, other)
      SELECT issue_id, key, count(*)::int, 0 FROM issue_tag_values GROUP BY 1, 2`);
    await sql.query(
      `INSERT INTO monthly_usage (org_id, month, used, errors, transactions) VALUES ($1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), $2, $2, $3)`,
      [org.id, Math.min(EVENTS, 2_000_000_000), TRANSACTIONS],
    );
    console.log(`rollups in ${secondsSince(t0)} s`);
    t0 = performance.now();
    await sql.query('VACUUM ANALYZE');
    console.log(`vacuum analyze in ${secondsSince(t0)} s`);

    const {
      rows: [size],
    } = await sql.query<{ bytes: string; n: string }>(
      `SELECT (SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'events'::regclass) AS bytes,
              (SELECT count(*) FROM events) AS n`,
    );
    const {
      rows: [rollupSize],
    } = await sql.query<{ bytes: string }>(
      `SELECT sum(pg_total_relation_size(c))::bigint AS bytes FROM unnest(ARRAY['issue_hourly_counts','project_minute_counts','issue_tag_keys',
         'issue_tag_values','issue_users','issue_user_counts']::regclass[]) c`,
    );
    console.log(
      `\n${Number(size.n).toLocaleString('en-US')} events in ${(Number(size.bytes) / 2 ** 20).toFixed(0)} MiB (heap, TOAST and indexes): ${(Number(size.bytes) / Number(size.n)).toFixed(0)} bytes per stored event; rollups ${(Number(rollupSize.bytes) / 2 ** 20).toFixed(1)} MiB`,
    );
    console.log(
      `big issue: ${(await sql.query(`SELECT event_count FROM issues WHERE id = $1`, [big])).rows[0].event_count.toLocaleString('en-US')} events\n`,
    );

    const results = [
      await time('issue list (page 1, 25)', () =>
        listIssues({ orgId: org.id, projectId: project.id, userId: 'bench-user', q: { page: 1, limit: 25 } }),
      ),
      await time('issue detail (big issue + 10 events)', () =>
        getIssue({ orgId: org.id, projectId: project.id, issueId: big }),
      ),
      await time('issue chart (big issue, 30 days)', () =>
        issueStats({ orgId: org.id, projectId: project.id, issueId: big, days: 30 }),
      ),
      await time('issue tags (big issue)', () => issueTags(org.id, project.id, big)),
      await time('event list page 1 (limit 50)', () =>
        listEvents({ orgId: org.id, projectId: project.id, issueId: big, q: { page: 1, limit: 50 } }),
      ),
      await time('event list page 100 (limit 50)', () =>
        listEvents({ orgId: org.id, projectId: project.id, issueId: big, q: { page: 100, limit: 50 } }),
      ),
      await time('performance transactions (7 days)', () =>
        transactionGroups({ orgId: org.id, projectId: project.id, days: 7 }),
      ),
      await time('performance vitals (7 days)', () => webVitals({ orgId: org.id, projectId: project.id, days: 7 })),
      await time('usage', () => getUsage(org.id)),
    ];

    // Retention of a day: the oldest day's partitions of both tables, detached and dropped.
    const oldest = (await listPartitions())[0];
    const {
      rows: [dayRows],
    } = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${oldest.name}`);
    t0 = performance.now();
    const dropped = await dropPartitionsBefore(oldest.to);
    const dropMs = performance.now() - t0;
    console.log(
      `\ndrop a day (${dropped.join(', ')}; ${Number(dayRows.n).toLocaleString('en-US')} events): ${dropMs.toFixed(0)} ms   ${dropMs < DROP_TARGET_MS ? 'OK' : 'OVER'} (target < ${DROP_TARGET_MS} ms)`,
    );
    console.log(results.every(Boolean) && dropMs < DROP_TARGET_MS ? 'all targets met' : 'some targets missed');

    await sql.end();
    await getDb().$disconnect();
    await closePool();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await pg.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
