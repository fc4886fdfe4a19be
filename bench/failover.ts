// Database failover: `npm run bench:failover` (#50). Loopback only, bounded.
// A Patroni pair (etcd, two nodes, synchronous_mode) behind HAProxy (`option httpchk GET /primary`), the app
// (`npm start`'s production build) with DATABASE_URL through HAProxy, and several senders of realistic Sentry
// envelopes for FAILOVER_SECONDS (default 90). A third of the way in the primary's Patroni and PostgreSQL are
// SIGKILLed; once the standby has taken over the old node is started again (it rejoins as the sync standby), and
// two thirds of the way in (once it is in sync) the new primary is killed too: the switch back. Prints events
// answered 200 against events stored (by event id, after the run), the seconds until ingest succeeds again after
// each kill, every answer other than 200 with its status and body, whether pg-boss still runs jobs after the
// second switch, and PASS/FAIL on "answered 200 == stored".
import crypto from 'node:crypto';
import fs from 'node:fs';
import pgLib from 'pg';
import { log, proProject, runBench, signUpBenchUser, startInstance, stopGroup, type Instance } from './support/service';
import { startPatroniCluster, waitFor, type PatroniCluster, type PatroniNode } from './support/patroni';
import { sdkEvent, sentryEnvelope } from './sentry-events';

const DURATION_MS = Number(process.env.FAILOVER_SECONDS ?? 90) * 1000;
const SENDERS = Number(process.env.FAILOVER_SENDERS ?? 6);
/** A sender's pause between two events (an SDK's background queue, not a flood). */
const PAUSE_MS = Number(process.env.FAILOVER_PAUSE_MS ?? 20);
const RETRY_SECONDS = process.env.DATABASE_RETRY_SECONDS ?? '15';

type Sent = { eventId: string; sentAt: number; answeredAt: number; status: number; body: string };

let cluster: PatroniCluster | undefined;
let instance: Instance | undefined;

const secs = (ms: number) => (ms / 1000).toFixed(1);

async function main() {
  cluster = await startPatroniCluster();
  const c = cluster;
  instance = await startInstance({
    distDir: '.next-failover',
    databaseUrl: c.url,
    env: { DATABASE_RETRY_SECONDS: RETRY_SECONDS, INGEST_RATE_LIMIT_PER_SECOND: '100000' },
  });
  const user = await signUpBenchUser(instance);
  const svc = { ...instance, ...user };
  const { sql, project } = await proProject(svc, 'Failover shop');
  await sql.end();
  const path = `/api/${project.number}/envelope/`;
  const headers = {
    'content-type': 'application/x-sentry-envelope',
    'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.python/1.40.0, sentry_key=${project.keys[0].publicKey}`,
  };
  const prefix = crypto.randomBytes(4).toString('hex');

  const sent: Sent[] = [];
  let next = 0;
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const N = 1_000_000;

  async function sender(): Promise<void> {
    while (now() < DURATION_MS) {
      const i = next++;
      const event = sdkEvent({ i, n: N, idPrefix: prefix }).sentry;
      const sentAt = now();
      let status = 0;
      let body = '';
      try {
        const res = await fetch(svc.base + path, {
          method: 'POST',
          headers,
          body: sentryEnvelope(event),
          signal: AbortSignal.timeout(120_000),
        });
        status = res.status;
        body = await res.text();
      } catch (err) {
        body = `fetch failed: ${err instanceof Error ? ((err.cause as Error)?.message ?? err.message) : String(err)}`;
      }
      sent.push({ eventId: event.event_id as string, sentAt, answeredAt: now(), status, body });
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  }

  type Kill = { victim: string; at: number; wall: Date; promoted?: string; promotedAt?: number; promotedWall?: Date };
  const kills: Kill[] = [];

  async function kill(victim: PatroniNode, other: PatroniNode): Promise<Kill> {
    const k: Kill = { victim: victim.name, at: now(), wall: new Date() };
    kills.push(k);
    log(`t=${secs(k.at)} s: SIGKILL ${victim.name} (Patroni and PostgreSQL), the primary`);
    c.killNode(victim);
    await waitFor(async () => (await c.primary()) === other, 120_000, `${other.name} never became primary`);
    k.promoted = other.name;
    k.promotedAt = now();
    k.promotedWall = new Date();
    log(`t=${secs(k.promotedAt)} s: ${other.name} is the primary (Patroni REST /primary 200)`);
    return k;
  }

  async function rejoin(node: PatroniNode): Promise<void> {
    c.startNode(node);
    await waitFor(() => c.isSyncStandby(node), 180_000, `${node.name} never rejoined as the sync standby`);
    log(`t=${secs(now())} s: ${node.name} rejoined as the synchronous standby`);
  }

  const chaos = (async () => {
    const [a, b] = c.nodes;
    await new Promise((r) => setTimeout(r, DURATION_MS / 3));
    await kill(a, b);
    await rejoin(a);
    const wait = (2 * DURATION_MS) / 3 - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else log(`t=${secs(now())} s: the second kill is late (the rejoin took until now)`);
    await kill(b, a);
    await rejoin(b);
  })();

  log(`${SENDERS} senders for ${secs(DURATION_MS)} s (a pause of ${PAUSE_MS} ms between a sender's events)`);
  await Promise.all([...Array.from({ length: SENDERS }, sender), chaos]);
  const runMs = now();

  // Background jobs after the switches: three events of brand-new issues (each queues a workflow job, NEW_ISSUE).
  for (let k = 0; k < 3; k++) {
    const event = sdkEvent({ i: N + k, n: N + 3, idPrefix: prefix }).sentry;
    (event.exception as { values: { type: string }[] }).values[0].type = `FailoverProbe${k}Error`;
    const res = await fetch(svc.base + path, { method: 'POST', headers, body: sentryEnvelope(event) });
    await res.arrayBuffer();
  }

  // What was stored, by event id, read through HAProxy from the current primary.
  const db = new pgLib.Client({ connectionString: c.url });
  db.on('error', () => {});
  await db.connect();
  const { rows } = await db.query<{ event_id: string; n: number }>(
    'SELECT event_id, count(*)::int AS n FROM events WHERE project_id = $1 GROUP BY event_id',
    [project.id],
  );
  const stored = new Map(rows.map((r) => [r.event_id, r.n]));
  // pg-boss after the switch back: a job created after it (the minute job, which pg-boss's cron queues every
  // minute, and whatever else) must be worked off by the app's workers.
  const back = kills.at(-1)!.promotedWall!;
  const afterBack = async () =>
    (
      await db.query<{ name: string; state: string; n: number }>(
        `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE created_on >= $1 AND name NOT LIKE '\\_\\_pgboss%' GROUP BY 1, 2 ORDER BY 1, 2`,
        [back],
      )
    ).rows;
  const minuteDone = async () => (await afterBack()).some((j) => j.name === 'minute' && j.state === 'completed');
  await waitFor(minuteDone, 75_000, '').catch(() => undefined);
  const jobs = await afterBack();
  const before = (
    await db.query<{ name: string; state: string; n: number }>(
      `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE created_on < $1 AND name NOT LIKE '\\_\\_pgboss%' GROUP BY 1, 2 ORDER BY 1, 2`,
      [kills[0].wall],
    )
  ).rows;
  const jobsOk = await minuteDone();
  const completedAfter = (
    await db.query<{ name: string; state: string; n: number }>(
      `SELECT name, 'completed' AS state, count(*)::int AS n FROM pgboss.job WHERE completed_on >= $1 AND name NOT LIKE '\\_\\_pgboss%' GROUP BY 1 ORDER BY 1`,
      [back],
    )
  ).rows;
  await db.end();

  // The report.
  const ok = sent.filter((s) => s.status === 200);
  const okIds = new Set(ok.map((s) => s.eventId));
  const sentIds = new Set(sent.map((s) => s.eventId));
  const storedOfSent = [...sentIds].filter((id) => stored.has(id));
  const lost = [...okIds].filter((id) => !stored.has(id));
  const extra = storedOfSent.filter((id) => !okIds.has(id));
  const twice = [...stored.entries()].filter(([, n]) => n > 1);

  console.log('');
  console.log(
    `Run: ${secs(runMs)} s, ${SENDERS} senders, ${sent.length} events sent (DATABASE_RETRY_SECONDS=${RETRY_SECONDS})`,
  );
  console.log(`Events answered 200: ${okIds.size}; events stored (of those sent): ${storedOfSent.length}`);
  console.log(
    `  answered 200 but not stored: ${lost.length}; stored without a 200: ${extra.length}; stored twice: ${twice.length}`,
  );
  for (const k of kills) {
    const after = sent.filter((s) => s.sentAt >= k.at && s.status === 200).sort((x, y) => x.answeredAt - y.answeredAt);
    const firstOk = after[0];
    const waited = sent
      .filter((s) => s.sentAt < k.at + 30_000 && s.answeredAt > k.at)
      .map((s) => s.answeredAt - s.sentAt);
    console.log(
      `Kill of ${k.victim} at t=${secs(k.at)} s: ${k.promoted} primary after ${secs(k.promotedAt! - k.at)} s; ` +
        `ingest succeeds again (first 200 to a request sent after the kill) after ${firstOk ? secs(firstOk.answeredAt - k.at) : 'never'} s; ` +
        `longest answer around it ${secs(Math.max(0, ...waited))} s`,
    );
  }
  const non200 = sent.filter((s) => s.status !== 200).sort((x, y) => x.sentAt - y.sentAt);
  console.log(`Answers other than 200: ${non200.length}`);
  const byKind = new Map<string, number>();
  for (const s of non200) byKind.set(`${s.status} ${s.body}`, (byKind.get(`${s.status} ${s.body}`) ?? 0) + 1);
  for (const [kind, n] of byKind) console.log(`  ${n} × ${kind}`);
  for (const s of non200)
    console.log(`  sent t=${secs(s.sentAt)} s, answered t=${secs(s.answeredAt)} s: ${s.status} ${s.body}`);
  const list = (js: { name: string; state: string; n: number }[]) =>
    js.map((j) => `${j.n} ${j.name} ${j.state}`).join(', ') || 'none';
  console.log(`pg-boss jobs created before the first kill: ${list(before)}`);
  console.log(`pg-boss jobs created after the switch back: ${list(jobs)}`);
  console.log(`pg-boss jobs completed after the switch back (whenever created): ${list(completedAfter)}`);
  const pass = lost.length === 0 && extra.length === 0 && twice.length === 0;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: answered 200 (${okIds.size}) ${pass ? '==' : '!='} stored (${storedOfSent.length})` +
      (jobsOk
        ? '; pg-boss ran the minute job queued after the switch back'
        : '; FAIL: no minute job queued after the switch back was worked off in 75 s'),
  );
  if (!pass || !jobsOk) throw new Error('failover check failed (see above)');
}

runBench(
  async () => {
    try {
      await main();
    } finally {
      // The app first (it holds connections), then the cluster: Patroni, PostgreSQL, etcd, HAProxy.
      if (instance) await stopGroup(instance.child);
      await cluster?.stop();
    }
  },
  () => {
    if (instance) fs.rmSync(instance.dataDir, { recursive: true, force: true });
    // The data goes; the logs of etcd, Patroni and HAProxy stay in the cluster's folder.
    for (const n of cluster?.nodes ?? []) fs.rmSync(n.dataDir, { recursive: true, force: true });
    if (cluster) fs.rmSync(`${cluster.dir}/etcd`, { recursive: true, force: true });
  },
);
