// Release health (#31): `npm run bench:sessions [-- --events 10000 --sessions 10000000 --releases 200 --runs 40]`.
// Starts the production service on a fresh embedded PostgreSQL (PRO plan, no rate limit) and, in 2 alternating
// rounds through /api/<n>/envelope/, sends realistic SDK error events, individual session updates as browser SDKs
// send them (an `init` update, then the terminal one: exited, errored or crashed), and per-minute aggregates as
// server SDKs send them; prints each rate and whether sessions keep up with errors. Then seeds a second project with
// `--sessions` sessions over 90 days and `--releases` releases (rollups as ingest writes them: hourly and daily counts,
// and the users of each release with their last day) and prints p50/p95 of the Releases page's API read, as the page sends it and per
// environment, against the 50 ms target. A fourth kind (#51): a server app's aggregates as many instances of one
// @sentry/node app flush them, every envelope the same release, environment and minute; and for every kind, the
// session writer's batches during the run (items per batch statement, statement time per item) from /metrics.
// BENCH_DIST_DIR: the production build's folder (default .next-bench-sessions).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { batchCounters, batchesBetween, load, rateOf, report, type RunResult } from './support/load';
import { DAY_MS, secondsSince, timeRuns } from './support/seed';
import { envelope, sessionBodies } from './support/session-bodies';
import { api, log, proProject, runBench, startService } from './support/service';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    sessions: { type: 'string', default: '10000000' },
    releases: { type: 'string', default: '200' },
    runs: { type: 'string', default: '40' },
  },
});
const N = Number(args.events);
const SESSIONS = Number(args.sessions);
const RELEASES = Number(args.releases);
const RUNS = Number(args.runs);
const DAYS = 90;
const CONNECTIONS = 64;
const TARGET_MS = 50;

/** One server app's instances flushing their per-minute aggregates: one release, environment and minute. */
function serverAppBodies(n: number): string[] {
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  return Array.from({ length: n }, (_, i) =>
    envelope([
      {
        type: 'sessions',
        payload: {
          attrs: { release: 'api@3.0.0', environment: 'production' },
          aggregates: [
            { started: minute, exited: 40 + (i % 9), errored: i % 4 === 0 ? 1 : 0, crashed: i % 97 === 0 ? 1 : 0 },
          ],
        },
      },
    ]),
  );
}

const METRICS_TOKEN = 'bench-sessions-metrics';

/** Server SDKs' per-minute aggregates: one envelope per flush, 3 minutes of buckets each. */
function aggregateBodies(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const aggregates = [0, 1, 2].map((m) => ({
      started: new Date(minute - m * 60_000).toISOString(),
      exited: 20 + (i % 7),
      errored: i % 3,
      crashed: i % 11 === 0 ? 1 : 0,
    }));
    return envelope([
      { type: 'sessions', payload: { attrs: { release: `api@2.${i % 4}.0`, environment: 'production' }, aggregates } },
    ]);
  });
}

async function main() {
  const svc = await startService({
    distDir: process.env.BENCH_DIST_DIR || '.next-bench-sessions',
    env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000', METRICS_TOKEN },
  });
  const { sql, project } = await proProject(svc, 'Sessions bench');
  try {
    const path = `/api/${project.number}/envelope/`;
    const headers = {
      'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.browser/11.0.0, sentry_key=${project.keys[0].publicKey}`,
    };
    const batchesOf = new Map<RunResult, string>();
    const run = async (bodies: string[]) => {
      const before = await batchCounters(svc.base, METRICS_TOKEN, 'sessions');
      const r = await load({
        port: svc.port,
        pathName: path,
        headers,
        bodies,
        opts: { connections: CONNECTIONS, groups: { server: svc.child.pid!, database: svc.child.pid! } },
      });
      const {
        count: batches,
        items,
        seconds,
      } = batchesBetween(before, await batchCounters(svc.base, METRICS_TOKEN, 'sessions'));
      if (batches > 0)
        batchesOf.set(
          r,
          `session writer: ${batches} batches, ${(items / batches).toFixed(1)} items each, statement ${((seconds * 1000) / batches).toFixed(2)} ms per batch, ${((seconds * 1e6) / items).toFixed(0)} µs per item`,
        );
      return r;
    };
    const show = (label: string, r: RunResult) => {
      report(label, r);
      const b = batchesOf.get(r);
      if (b) console.log(`${''.padEnd(30)} ${b}`);
    };

    log('warm-up: 500 of each');
    await run(Array.from({ length: 500 }, (_, i) => sentryEnvelope(sdkEvent({ i, n: 500, idPrefix: 'w' }).sentry)));
    await run(sessionBodies(250, 'w'));
    await run(aggregateBodies(500));
    await run(serverAppBodies(500));
    const runs = {
      errors: [] as RunResult[],
      sessions: [] as RunResult[],
      aggregates: [] as RunResult[],
      serverApp: [] as RunResult[],
    };
    for (const round of [1, 2]) {
      log(
        `round ${round}/2: ${N} error events, ${N} session updates (${N / 2} page loads), ${N} aggregate envelopes, ${N} server-app aggregate envelopes`,
      );
      runs.errors.push(
        await run(
          Array.from({ length: N }, (_, i) => sentryEnvelope(sdkEvent({ i, n: N, idPrefix: `e${round}` }).sentry)),
        ),
      );
      runs.sessions.push(await run(sessionBodies(N / 2, `s${round}`)));
      runs.aggregates.push(await run(aggregateBodies(N)));
      runs.serverApp.push(await run(serverAppBodies(N)));
    }
    const {
      rows: [stored],
    } = await sql.query(
      `SELECT coalesce(sum(started), 0)::int AS started, coalesce(sum(crashed), 0)::int AS crashed FROM session_hourly WHERE project_id = $1`,
      [project.id],
    );

    // 10 million sessions over 90 days: release r is adopted over 12 days from day r·90/releases, in two
    // environments; hour h of a day gets its share of the day's sessions; 1 in 5 sessions is a distinct user that day,
    // the same users returning on the release's next days.
    const other = await api({
      base: svc.base,
      method: 'POST',
      path: '/api/v1/projects',
      body: { name: 'Release health at scale' },
      cookie: svc.cookie,
    });
    if (other.status !== 201) throw new Error(`create project: ${other.status}`);
    const scaleId = other.json.data.id as string;
    const firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS - (DAYS - 1) * DAY_MS;
    let t0 = performance.now();
    const span = 12;
    const perReleaseDayEnvHour = SESSIONS / (RELEASES * span * 2 * 24);
    await sql.query(
      `INSERT INTO session_hourly (project_id, release, environment, hour, started, errored, abnormal, crashed)
       SELECT $1, 'shop@' || r || '.0.0', env, h, s, s / 10, s / 400, (s * (1 + r % 5)) / 500
         FROM generate_series(0, $2::int - 1) r,
              unnest(ARRAY['production', 'staging']) env,
              LATERAL generate_series(0, ${span * 24 - 1}) k,
              LATERAL (SELECT to_timestamp(($3::bigint + (floor(r::numeric * ${DAYS - span} / $2) * 86400000)::bigint) / 1000.0) + k * interval '1 hour' AS h) hh,
              LATERAL (SELECT greatest(1, round($4::numeric * (1 + (k % 24) / 12.0) / (1 + 23 / 24.0)))::int AS s) ss
        WHERE h <= now()
       ON CONFLICT DO NOTHING`,
      [scaleId, RELEASES, firstDay, perReleaseDayEnvHour],
    );
    await sql.query(
      `INSERT INTO session_daily (project_id, release, environment, day, started, errored, abnormal, crashed, last_hour)
       SELECT project_id, release, environment, (hour AT TIME ZONE 'UTC')::date, sum(started), sum(errored), sum(abnormal), sum(crashed), max(hour)
         FROM session_hourly WHERE project_id = $1 GROUP BY 1, 2, 3, 4`,
      [scaleId],
    );
    const {
      rows: [seeded],
    } = await sql.query(
      `SELECT sum(started)::bigint AS n, count(*)::int AS rows FROM session_hourly WHERE project_id = $1`,
      [scaleId],
    );
    console.log(
      `seeded ${Number(seeded.n).toLocaleString('en-US')} sessions as ${seeded.rows.toLocaleString('en-US')} hourly rows in ${secondsSince(t0)} s`,
    );
    t0 = performance.now();
    await sql.query(
      `INSERT INTO session_release_users (project_id, release, environment, user_hash, last_day, crashed_day)
       SELECT $1, release, env, md5('u' || (abs(hashtext(release)) % 100000 + x))::uuid, max(day), max(day) FILTER (WHERE x % 250 = 0)
         FROM (SELECT release, environment, (hour AT TIME ZONE 'UTC')::date AS day, sum(started) AS started
                 FROM session_hourly WHERE project_id = $1 GROUP BY 1, 2, 3) d,
              LATERAL generate_series(0, (d.started / 5)::int - 1) x,
              LATERAL (VALUES (d.environment), ('')) e(env)
        GROUP BY 1, 2, 3, 4`,
      [scaleId],
    );
    const {
      rows: [users],
    } = await sql.query(`SELECT count(*)::int AS n FROM session_release_users WHERE project_id = $1`, [scaleId]);
    console.log(
      `seeded ${users.n.toLocaleString('en-US')} users per release and environment (1 in 5 sessions a distinct user that day) in ${secondsSince(t0)} s`,
    );
    t0 = performance.now();
    await sql.query('VACUUM ANALYZE session_hourly, session_daily, session_release_users');
    console.log(`vacuum analyze in ${secondsSince(t0)} s\n`);

    const read = (query: Record<string, string>) => async () => {
      const res = await fetch(`${svc.base}/api/v1/projects/${scaleId}/release-health?${new URLSearchParams(query)}`, {
        headers: { cookie: svc.cookie },
      });
      const body = (await res.json()) as { data?: { releases: unknown[] } };
      if (res.status !== 200 || !body.data)
        throw new Error(`release-health ${JSON.stringify(query)}: ${res.status} ${JSON.stringify(body)}`);
      return body.data.releases.length;
    };
    const cases: [string, Record<string, string>][] = [
      ['Releases page (14 days, as the page asks)', {}],
      ['Releases page, environment=production', { environment: 'production' }],
      ['90 days', { days: '90' }],
    ];
    const reads = [];
    for (const [label, q] of cases)
      reads.push(
        await timeRuns({
          label: `${label} [${await read(q)()} releases]`,
          runs: RUNS,
          targetMs: TARGET_MS,
          fn: read(q),
        }),
      );

    console.log('');
    console.log(`ingest through /api/<n>/envelope/, ${CONNECTIONS} connections, 2 alternating rounds of ${N} each:`);
    runs.errors.forEach((r, i) => show(`errors, round ${i + 1}`, r));
    runs.sessions.forEach((r, i) => show(`session updates, round ${i + 1}`, r));
    runs.aggregates.forEach((r, i) => show(`aggregates, round ${i + 1}`, r));
    runs.serverApp.forEach((r, i) => show(`server app aggregates, round ${i + 1}`, r));
    const errors = rateOf(runs.errors);
    const updates = rateOf(runs.sessions);
    const aggregates = rateOf(runs.aggregates);
    const serverApp = rateOf(runs.serverApp);
    console.log(`stored: ${stored.started.toLocaleString('en-US')} sessions (${stored.crashed} crashed) incl. warm-up`);
    const failures = [...runs.errors, ...runs.sessions, ...runs.aggregates, ...runs.serverApp].reduce(
      (n, r) => n + r.errors.size,
      0,
    );
    const ingestOk = updates >= errors && aggregates >= errors && serverApp >= errors && failures === 0;
    console.log(
      `session updates ${updates.toFixed(0)}/s, aggregates ${aggregates.toFixed(0)}/s, server app aggregates ${serverApp.toFixed(0)}/s, errors ${errors.toFixed(0)}/s: ${ingestOk ? 'MET' : 'NOT MET'} (target: each >= the error rate, zero failures)`,
    );
    console.log(`release-health read: ${reads.every((r) => r.ok) ? 'MET' : 'NOT MET'} (target p95 < ${TARGET_MS} ms)`);
  } finally {
    await sql.end();
  }
}

runBench(main);
