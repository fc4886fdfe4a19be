// Issue search at scale, through the HTTP API: starts the production service on a fresh embedded PostgreSQL,
// seeds one project with 100,000 issues and 10,000,000 events over 30 daily partitions (set-based SQL, like
// bench:scale) plus the rollups ingest keeps per issue (tag values, environments, releases, users), then prints
// p50/p95 of ten typical searches of the issue list as the dashboard sends them.
// Usage: npm run bench:search [-- --issues 100000 --events 10000000 --runs 40]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pgLib from 'pg';
import { api, log, runBench, startService } from './support/service';
import { DAY_MS, secondsSince, seedEventsByDay, seedHourlyRollup, timeRuns } from './support/seed';

const { values: args } = parseArgs({
  options: {
    issues: { type: 'string', default: '100000' },
    events: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '40' },
  },
});
const ISSUES = Number(args.issues);
const EVENTS = Number(args.events);
const RUNS = Number(args.runs);
const DAYS = 30;
const TARGET_MS = 100;

const WORDS = ['checkout', 'payment', 'cart', 'login', 'search', 'profile', 'upload', 'render', 'network', 'timeout'];
const PAGES = ['checkout', 'cart', 'account', 'search', 'product'];

async function main() {
  const svc = await startService({ distDir: '.next-bench' });
  const sql = new pgLib.Client({ connectionString: svc.dbUrl });
  sql.on('error', () => {});
  await sql.connect();
  try {
    const created = await api({
      base: svc.base,
      method: 'POST',
      path: '/api/v1/projects',
      body: { name: 'Search bench' },
      cookie: svc.cookie,
    });
    if (created.status !== 201) throw new Error(`create project: ${created.status}`);
    const projectId = created.json.data.id as string;
    const me = await api({ base: svc.base, method: 'GET', path: '/api/v1/auth/me', cookie: svc.cookie });
    const userId = me.json.data.id as string;
    const now = Date.now();
    const firstDay = Math.floor(now / DAY_MS) * DAY_MS - (DAYS - 1) * DAY_MS;
    // The service's partition job covers the days ahead; the seeded month's partitions are made here, by the same code.
    process.env.DATABASE_URL = svc.dbUrl;
    const { ensurePartitions } = await import('@/lib/retention/partitions');
    const { closePool } = await import('@/lib/pg');
    await ensurePartitions(new Date(firstDay), new Date(now + 7 * DAY_MS));
    await closePool();
    log('partitions ready');

    let t0 = performance.now();
    // Issue j: status, level and assignee cycle; titles carry one of ten words; culprits 1,000 functions.
    const { rows: issueRows } = await sql.query<{ id: string }>(
      `INSERT INTO issues (project_id, fingerprint, title, culprit, status, level, assignee_id, first_seen, last_seen)
       SELECT $1, 'fp-' || j, 'TypeError: ' || ($3::text[])[1 + j % 10] || ' failed at step ' || j, 'app.js in fn' || (j % 1000),
              (CASE WHEN j % 10 < 7 THEN 'UNRESOLVED' WHEN j % 10 < 9 THEN 'RESOLVED' ELSE 'IGNORED' END)::issue_status,
              (ARRAY['ERROR','WARNING','FATAL','INFO','DEBUG'])[1 + j % 5]::level,
              CASE WHEN j % 50 = 0 THEN $4 END, now(), now()
       FROM generate_series(0, $2::int - 1) j ORDER BY j
       RETURNING id`,
      [projectId, ISSUES, WORDS, userId],
    );
    const issueIds = issueRows.map((r) => r.id);
    console.log(`seeded ${ISSUES.toLocaleString('en-US')} issues in ${secondsSince(t0)} s`);

    // Event k goes to issue floor(ISSUES * (k / EVENTS)²): a few issues hold thousands of events, most a few dozen.
    t0 = performance.now();
    await seedEventsByDay(sql, {
      projectId,
      issueIds,
      events: EVENTS,
      days: DAYS,
      firstDay,
      issueIndex: `1 + least(${ISSUES - 1}, floor(${ISSUES}::double precision * power(k::double precision / ${EVENTS}, 2))::int)`,
    });
    console.log(`\rseeded ${EVENTS.toLocaleString('en-US')} events in ${secondsSince(t0)} s`);

    // The rollups ingest keeps, from the seed's formulas: counts and times exact from the rows; per issue j the tag
    // values (browsers, environment, release, url) and distinct users (j % 20 + 1 of 100,000).
    t0 = performance.now();
    await seedHourlyRollup(sql);
    await sql.query(
      `WITH num AS (SELECT id, event_count, (substring(f.fingerprint from 4))::int AS j FROM issues f WHERE project_id = $1)
       INSERT INTO issue_tag_values (issue_id, key, value, count)
       SELECT id, key, value, greatest(1, event_count / parts) FROM num, LATERAL (
         SELECT 'browser' AS key, 'Chrome' AS value, 3 AS parts
         UNION ALL SELECT 'browser', 'Firefox', 3 WHERE num.j % 2 = 0
         UNION ALL SELECT 'browser', 'Safari', 3 WHERE num.j % 5 = 0
         UNION ALL SELECT 'environment', CASE WHEN num.j % 3 = 0 THEN 'staging' ELSE 'production' END, 1
         UNION ALL SELECT 'environment', 'staging', 2 WHERE num.j % 7 = 0 AND num.j % 3 <> 0
         UNION ALL SELECT 'release', '1.' || (num.j % 20), 1
         UNION ALL SELECT 'url', 'https://shop.example/' || ($2::text[])[1 + num.j % 5] || '/' || (num.j % 100), 1
       ) t`,
      [projectId, PAGES],
    );
    await sql.query(`INSERT INTO issue_tag_keys (issue_id, key, distinct_values, other)
      SELECT issue_id, key, count(*)::int, 0 FROM issue_tag_values GROUP BY 1, 2`);
    await sql.query(
      `INSERT INTO issue_users (issue_id, user_hash)
       SELECT id, md5('id:u' || ((j * 7 + x) % 100000))::uuid
       FROM (SELECT id, (substring(fingerprint from 4))::int AS j FROM issues WHERE project_id = $1) i, LATERAL generate_series(0, i.j % 20) x
       ON CONFLICT DO NOTHING`,
      [projectId],
    );
    await sql.query(
      `INSERT INTO issue_user_counts (issue_id, project_id, users) SELECT u.issue_id, i.project_id, count(*)::int FROM issue_users u JOIN issues i ON i.id = u.issue_id GROUP BY 1, 2`,
    );
    console.log(`rollups in ${secondsSince(t0)} s`);
    t0 = performance.now();
    await sql.query('VACUUM ANALYZE');
    console.log(`vacuum analyze in ${secondsSince(t0)} s\n`);

    const list = (params: Record<string, string>) => async () => {
      const q = new URLSearchParams({ limit: '25', expand: 'assignee', ...params });
      const res = await fetch(`${svc.base}/api/v1/projects/${projectId}/issues?${q}`, {
        headers: { cookie: svc.cookie },
      });
      const body = (await res.json()) as { data?: { pagination: { total: number } } };
      if (res.status !== 200 || !body.data) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
      return body.data.pagination.total;
    };
    const cases: [string, Record<string, string>][] = [
      ['triage default (is:unresolved)', { query: 'is:unresolved' }],
      ['all, sort by events', { query: '', sort: 'events' }],
      ['is:unresolved, sort by users', { query: 'is:unresolved', sort: 'users' }],
      ['free text "checkout"', { query: 'checkout' }],
      ['free text "failed at step 4242"', { query: '"failed at step 4242"' }],
      ['env:production browser:Safari unresolved', { query: 'is:unresolved environment:production browser:Safari' }],
      ['release:1.4 !is:ignored, sort first seen', { query: 'release:1.4 !is:ignored', sort: 'firstSeen' }],
      ['url:*checkout*', { query: 'url:*checkout*' }],
      ['user:u4242', { query: 'user:u4242' }],
      ['firstSeen:-24h level:error', { query: 'firstSeen:-24h level:error' }],
      [
        'assigned:me is:unresolved (environment=staging)',
        { query: 'assigned:me is:unresolved', environment: 'staging' },
      ],
    ];
    const results = [];
    for (const [label, params] of cases) {
      const total = await list(params)();
      results.push(
        await timeRuns({
          label: `${label} [${total.toLocaleString('en-US')}]`,
          runs: RUNS,
          targetMs: TARGET_MS,
          fn: list(params),
        }),
      );
    }
    console.log(results.every((r) => r.ok) ? '\nall targets met' : '\nsome targets missed');
  } finally {
    await sql.end();
  }
}

runBench(main);
