// #62: performance issues found at ingest. The real @sentry/node 11 with its PostgreSQL integration (pg) runs a
// transaction against the embedded PostgreSQL (tests/support/perf-issues-sdks/app.cjs): the batched code opens no
// issue, an N+1 loop opens exactly one N+1 issue in the normal issue list (and fires the project's NEW_ISSUE rule
// once), a second run adds an occurrence to the same issue and reopens it once resolved; a slow query over the
// project's threshold (set through the settings API) opens a slow DB query issue. Each occurrence carries its
// evidence: the spans, their durations, the parent span, the transaction and the trace.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { alertProject, settle } from '../support/alerts';
import { useAlertWorkers } from '../support/alert-workers';
import { createToken, TokenClient } from '../support/tokens';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const APP = path.join(import.meta.dirname, '../support/perf-issues-sdks/app.cjs');
const receiver = useAlertWorkers();
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

type Project = Awaited<ReturnType<typeof alertProject>>;
type Issue = {
  id: string;
  title: string;
  culprit: string;
  type: string;
  eventCount: number;
  status: string;
  level: string;
};
type Evidence = {
  type: string;
  transaction: string;
  traceId: string;
  group: string;
  parent: { spanId: string; op: string; description: string } | null;
  spans: { spanId: string; op: string; description: string; durationMs: number }[];
  count: number;
  totalMs: number;
};

/** Runs the SDK program; answers the trace id of its transaction, sent and answered before it exits. */
async function sdk(p: Project, ...args: string[]): Promise<string> {
  const dsn = server.dsn((p.project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
  const { stdout } = await run(process.execPath, [APP, dsn, process.env.DATABASE_URL!, ...args], { timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1), stdout).toBe('sent');
  return lines.at(-2)!;
}

async function issues(p: Project): Promise<Issue[]> {
  const res = await p.client.get(`/api/v1/projects/${p.project.id}/issues`, { query: { status: 'all' } });
  expect(res.status, res.text).toBe(200);
  return res.body.data.issues as Issue[];
}

async function latestEvidence(p: Project, issueId: string): Promise<Evidence> {
  const res = await p.client.get(`/api/v1/projects/${p.project.id}/issues/${issueId}/events`);
  expect(res.status, res.text).toBe(200);
  return (res.body.data.events[0] as { performance: Evidence }).performance;
}

describe('performance issues from real @sentry/node and its PostgreSQL integration', () => {
  it('N+1: the batched code none; the loop one issue (alerting once), its evidence; a second run the same issue', async () => {
    const hook = await receiver();
    const p = await alertProject('Shop');
    await p.rule({ name: 'New issues', webhookUrl: `${hook.url}/hooks/new` });

    const batchedTrace = await sdk(p, 'batched');
    // The transaction and its spans were stored (the query among them), and nothing was found in them.
    expect(await db.transaction.count({ where: { projectId: p.project.id, traceId: batchedTrace } })).toBe(1);
    expect(await issues(p)).toEqual([]);

    const trace = await sdk(p, 'n-plus-one');
    const [issue, ...others] = await issues(p);
    expect(others).toEqual([]);
    expect(issue).toMatchObject({
      title: 'N+1 Query',
      culprit: 'load-orders',
      type: 'performance_n_plus_one_db_queries',
      eventCount: 1,
      status: 'UNRESOLVED',
      level: 'INFO',
    });
    const evidence = await latestEvidence(p, issue.id);
    expect(evidence).toMatchObject({
      type: 'performance_n_plus_one_db_queries',
      transaction: 'load-orders',
      traceId: trace,
    });
    expect(evidence.parent).toMatchObject({ op: 'task', description: 'load-orders' });
    expect(evidence.count).toBe(10);
    expect(evidence.spans).toHaveLength(10);
    // The statement as the SDK sent it (literals replaced), each of the 15 ms a query sleeps.
    for (const s of evidence.spans) {
      expect(s.op).toBe('db');
      expect(s.description).toMatch(
        /^SELECT id, pg_sleep\(.+\) FROM generate_series\(.+\) AS orders\(id\) WHERE id = \$1$/,
      );
      expect(s.durationMs).toBeGreaterThanOrEqual(14);
    }
    expect(evidence.group).toBe('SELECT id, pg_sleep(?) FROM generate_series(?, ?) AS orders(id) WHERE id = ?');
    const [alert] = await hook.waitFor(1);
    expect(alert.json).toMatchObject({ type: 'new_issue', issue: { id: issue.id, title: 'N+1 Query', level: 'INFO' } });

    // Resolved, then the same code again: the same issue, a second occurrence, reopened as a regression.
    const resolved = await p.client.patch(`/api/v1/projects/${p.project.id}/issues/${issue.id}`, {
      status: 'RESOLVED',
    });
    expect(resolved.status, resolved.text).toBe(200);
    await sdk(p, 'n-plus-one');
    const again = await issues(p);
    expect(again.map((i) => [i.id, i.eventCount, i.status])).toEqual([[issue.id, 2, 'UNRESOLVED']]);
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).regressedAt).not.toBeNull();
    await settle();
    // The NEW_ISSUE rule fired for the new issue only.
    expect(hook.requests).toHaveLength(1);
  }, 120_000);

  it('slow DB query: over the threshold set in the project settings, not under it', async () => {
    const p = await alertProject('Reports');
    const base = `/api/v1/projects/${p.project.id}/performance-issues`;
    expect((await p.client.get(base)).body.data).toMatchObject({ slowDbQuery: true, slowDbQueryMs: 1000 });
    const bad = await p.client.patch(base, { slowDbQueryMs: -1 });
    expect(bad.status).toBe(400);
    const unknown = await p.client.patch(base, { slowQueryMs: 5 });
    expect(unknown.status).toBe(400);
    const set = await p.client.patch(base, { slowDbQueryMs: 200 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toMatchObject({ slowDbQueryMs: 200, nPlusOneMinCount: 5 });

    await sdk(p, 'slow', '0.05');
    expect(await issues(p)).toEqual([]);
    const trace = await sdk(p, 'slow', '0.25');
    const [issue, ...others] = await issues(p);
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ title: 'Slow DB Query', type: 'performance_slow_db_query', culprit: 'load-orders' });
    const evidence = await latestEvidence(p, issue.id);
    expect(evidence).toMatchObject({ traceId: trace, transaction: 'load-orders', group: 'SELECT pg_sleep(?)' });
    expect(evidence.spans).toHaveLength(1);
    expect(evidence.spans[0].durationMs).toBeGreaterThanOrEqual(250);
  }, 60_000);

  it('consecutive HTTP: three sequential calls of 1.2 s in a Sentry transaction item; the same calls in parallel none', async () => {
    const p = await alertProject('Gateway');
    const dsn = new URL(server.dsn((p.project.keys[0] as unknown as { sentryDsn: string }).sentryDsn));
    const url = `http://${dsn.host}/api${dsn.pathname}/envelope/?sentry_key=${dsn.username}&sentry_version=7`;
    const hex = (n: number) => [...Array(n)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');
    const post = async (name: string, stepS: number) => {
      const [traceId, root, start] = [hex(32), hex(16), Date.now() / 1000 - 60];
      const spans = [1, 2, 3].map((i) => ({
        span_id: hex(16),
        parent_span_id: root,
        trace_id: traceId,
        op: 'http.client',
        description: `GET https://api.example.com/users/${i}/profile`,
        start_timestamp: start + (i - 1) * stepS,
        timestamp: start + (i - 1) * stepS + 1.2,
      }));
      const event = {
        event_id: hex(32),
        type: 'transaction',
        transaction: name,
        start_timestamp: start,
        timestamp: start + 4,
        contexts: { trace: { trace_id: traceId, span_id: root, op: 'http.server' } },
        spans,
      };
      const body = [{ event_id: event.event_id }, { type: 'transaction' }, event]
        .map((x) => JSON.stringify(x))
        .join('\n');
      const res = await fetch(url, { method: 'POST', body });
      expect(res.status, await res.text()).toBe(200);
      return traceId;
    };
    await post('GET /parallel', 0.1);
    expect(await issues(p)).toEqual([]);
    const trace = await post('GET /profile', 1.25);
    const [issue, ...others] = await issues(p);
    expect(others).toEqual([]);
    expect(issue).toMatchObject({
      title: 'Consecutive HTTP',
      type: 'performance_consecutive_http',
      culprit: 'GET /profile',
    });
    const evidence = await latestEvidence(p, issue.id);
    expect(evidence).toMatchObject({ traceId: trace, group: 'GET https://api.example.com/users/*/profile', count: 3 });
    expect(evidence.parent).toMatchObject({ op: 'http.server', description: 'GET /profile' });
    expect(evidence.spans.map((s) => Math.round(s.durationMs))).toEqual([1200, 1200, 1200]);
    expect(Math.round((evidence as Evidence & { savedMs: number }).savedMs)).toBe(2400);
    // Sentry's API names it a performance issue of its type.
    const org = (await db.organization.findUniqueOrThrow({ where: { id: p.orgId } })).slug;
    const api = new TokenClient((await createToken(p.client, ['read'])).token);
    const sentry = await api.get(`/api/0/projects/${org}/${p.project.slug}/issues/`);
    expect(sentry.status, sentry.text).toBe(200);
    expect(sentry.body).toMatchObject([
      { title: 'Consecutive HTTP', issueCategory: 'performance', issueType: 'performance_consecutive_http' },
    ]);
  });
});
