// What several instances on one database must keep exact, checked through whatever balances them (bench:instances'
// small proxy, bench:topology's HAProxy): the per-key rate limit is global (one burst, not one per instance), the
// monthly quota is exact, and every alert fires once (NEW_ISSUE per issue, ERROR_RATE once).
import http from 'node:http';
import pg from 'pg';
import { load } from './load';
import { freePort } from '@/lib/runtime/embedded-db';
import { monthOf } from '@/lib/clock';
import { api } from './service';

/** The per-key rate limit the instances must run with (INGEST_RATE_LIMIT_PER_SECOND) for these checks. */
export const CHECK_RATE = 50;
const BURST = CHECK_RATE * 10;
const FLOOD = 3000;
const QUOTA_LEFT = 100;
const QUOTA_SENT = 300;
const DISTINCT_ISSUES = 30;
const ERROR_RATE_THRESHOLD = 50;

/** POSTs each body once over `concurrency` keep-alive connections (bench/support/load.ts); the answers by status. */
export async function send({
  port,
  path,
  bodies,
  concurrency,
  opts = {},
}: {
  port: number;
  path: string;
  bodies: string[];
  concurrency: number;
  opts?: { headers?: Record<string, string>; onAnswer?: (index: number, status: number | string) => void };
}): Promise<Map<number | string, number>> {
  const r = await load({
    port,
    pathName: path,
    headers: opts.headers ?? {},
    bodies,
    opts: { connections: concurrency, onAnswer: opts.onAnswer },
  });
  return new Map<number | string, number>([...(r.accepted ? [[200, r.accepted] as const] : []), ...r.errors]);
}

export const fmt = (m: Map<number | string, number>) =>
  [...m]
    .sort()
    .map(([k, v]) => `${v} × ${k}`)
    .join(', ');

export type CheckResult = { rateLimit: boolean; quota: boolean; alerts: boolean; lines: string[] };

/**
 * Runs the three checks through the balancer at `port` for a signed-in user (`cookie`, organization on FREE),
 * with `dbUrl` a direct connection to the primary. Returns whether each held and the lines to print.
 */
export async function multiInstanceChecks(
  port: number,
  user: { cookie: string; orgId: string },
  dbUrl: string,
): Promise<CheckResult> {
  const base = `http://127.0.0.1:${port}`;
  const hooks: { type: string }[] = [];
  const receiverPort = await freePort();
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooks.push(JSON.parse(body));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(receiverPort, '127.0.0.1', () => r()));

  const project = await api({
    base,
    method: 'POST',
    path: '/api/v1/projects',
    body: { name: 'Several instances' },
    cookie: user.cookie,
  });
  if (project.status !== 201) throw new Error(`create project: ${project.status} ${JSON.stringify(project.json)}`);
  const projectId = project.json.data.id as string;
  const quotaKey = project.json.data.keys[0].publicKey as string;
  const floodKey = (
    await api({
      base,
      method: 'POST',
      path: `/api/v1/projects/${projectId}/keys`,
      body: { label: 'flood' },
      cookie: user.cookie,
    })
  ).json.data.publicKey as string;
  for (const rule of [
    { name: 'new issues', type: 'NEW_ISSUE', webhookUrl: `http://127.0.0.1:${receiverPort}/new` },
    {
      name: 'error rate',
      type: 'ERROR_RATE',
      threshold: ERROR_RATE_THRESHOLD,
      windowMinutes: 60,
      webhookUrl: `http://127.0.0.1:${receiverPort}/rate`,
    },
  ]) {
    const res = await api({
      base,
      method: 'POST',
      path: `/api/v1/projects/${projectId}/alerts`,
      body: rule,
      cookie: user.cookie,
    });
    if (res.status !== 201) throw new Error(`alert rule: ${res.status}`);
  }

  // 1. Rate limit: a flood of transactions on one key, spread over the instances.
  const now = Date.now();
  const tx = Array.from({ length: FLOOD }, (_, i) =>
    JSON.stringify({ type: 'transaction', name: `GET /flood/${i % 10}`, duration: 12, timestamp: now }),
  );
  const t0 = performance.now();
  const flood = await send({
    port,
    path: `/api/v1/ingest/${projectId}/envelope?ingest_key=${floodKey}`,
    bodies: tx,
    concurrency: 32,
  });
  const seconds = (performance.now() - t0) / 1000;
  const allowed = BURST + CHECK_RATE * seconds;
  const accepted = flood.get(200) ?? 0;

  // 2. Quota: leave QUOTA_LEFT events in the month, send QUOTA_SENT errors over 30 fingerprints.
  const sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
  await sql.query(
    `INSERT INTO monthly_usage (org_id, month, used, errors) VALUES ($1, $2, $3, $3)
     ON CONFLICT (org_id, month) DO UPDATE SET used = $3, errors = $3`,
    [user.orgId, monthOf(new Date()), 10_000 - QUOTA_LEFT],
  );
  const errors = Array.from({ length: QUOTA_SENT }, (_, i) =>
    JSON.stringify({
      exception: {
        type: `Error${i % DISTINCT_ISSUES}`,
        value: `boom ${i}`,
        stacktrace: {
          frames: [{ filename: 'app.js', lineno: 1 + (i % DISTINCT_ISSUES), function: `f${i % DISTINCT_ISSUES}` }],
        },
      },
    }),
  );
  const quota = await send({
    port,
    path: `/api/v1/ingest/${projectId}/envelope?ingest_key=${quotaKey}`,
    bodies: errors,
    concurrency: 16,
  });
  const usage = await api({ base, method: 'GET', path: '/api/v1/usage', cookie: user.cookie });
  const {
    rows: [stored],
  } = await sql.query(
    `SELECT (SELECT count(*) FROM events WHERE project_id = $1)::int AS events, (SELECT count(*) FROM issues WHERE project_id = $1)::int AS issues`,
    [projectId],
  );

  // 3. Alerts: wait for the deliveries to settle.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && hooks.filter((h) => h.type === 'new_issue').length < stored.issues)
    await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 3000));
  const newIssueHooks = hooks.filter((h) => h.type === 'new_issue').length;
  const rateHooks = hooks.filter((h) => h.type === 'error_rate').length;
  await sql.end();
  receiver.close();

  const result = {
    rateLimit: accepted <= allowed + 1,
    quota:
      quota.get(200) === QUOTA_LEFT && usage.json.data.used === usage.json.data.limit && stored.events === QUOTA_LEFT,
    alerts: newIssueHooks === stored.issues && rateHooks === 1,
  };
  const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  return {
    ...result,
    lines: [
      `rate limit (${CHECK_RATE}/s, burst ${BURST}, per key): ${FLOOD} transactions in ${seconds.toFixed(1)} s through the balancer: ${fmt(flood)}`,
      `  accepted ${accepted}; one global bucket allows at most ${allowed.toFixed(0)} (a bucket per instance would allow more): ${met(result.rateLimit)}`,
      `quota: ${QUOTA_LEFT} events left, ${QUOTA_SENT} sent: ${fmt(quota)}; usage used ${usage.json.data.used} of ${usage.json.data.limit}; ${stored.events} events stored in ${stored.issues} issues`,
      `  exact (${QUOTA_LEFT} × 200, used = limit, events = ${QUOTA_LEFT}): ${met(result.quota)}`,
      `alerts: ${newIssueHooks} new_issue webhooks for ${stored.issues} issues, ${rateHooks} error_rate webhook (threshold ${ERROR_RATE_THRESHOLD} crossed once)`,
      `  each fired once: ${met(result.alerts)}`,
    ],
  };
}
