// #48: erasing one end user. The real @sentry/node 11 sends errors, a session, logs, spans and feedback for two
// end users (one of them in two projects); erasing one by email (the job finds their user id and username beside
// it) leaves none of their identifiers in any text, JSON or array column of any table, every row of the other user
// intact, and every issue count, user count, hourly count, tag count and release-health number equal to a recount
// of the rows left. The preview's counts are what the job removed; a MEMBER gets 403; another organization gets 404
// for the erasure and its own erasure of the other user touches nothing of ours.
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { rollupKeysOf } from '@/lib/ingest/store/rollup-keys';
import { stopJobs } from '@/lib/jobs/boss';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { metricRollupMismatches } from '../support/metric-recount';
import { inviteAndJoin } from '../support/teams';
import { runSdkProgram } from '../support/sdk-programs';
import { waitUntil } from '../support/wait';
import type { TestClient } from '../support/client';
import { startSentryServer } from './sentry-server';

const DIR = path.join(import.meta.dirname, '../support/erasure-sdks');
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
  server = await startSentryServer();
  await startJob(QUEUES.erasure);
});
afterAll(async () => {
  await stopJobs();
  await server.close();
});

const hex = (n: number) => crypto.randomBytes(n).toString('hex');
function endUser(name: string, ip: string) {
  const tag = hex(4);
  return { id: `${name}-id-${hex(5)}`, email: `${name}.${hex(5)}@example.org`, username: `${name}_${hex(5)}`, ip, tag };
}
type EndUser = ReturnType<typeof endUser>;

type Project = Awaited<ReturnType<typeof createProject>> & { number: number };
async function send(project: Project, user: EndUser) {
  const key = project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string };
  const before = server.received.length;
  await runSdkProgram({ sdk: '@sentry/node', dir: DIR, args: [server.dsn(key.sentryDsn), JSON.stringify(user)] });
  expect(server.received.slice(before).filter((r) => r.status !== 200)).toEqual([]);
}

/** Every (table.column) of the public schema whose text holds one of `values`: text, varchar, json, jsonb, arrays. */
async function columnsHolding(values: string[]): Promise<string[]> {
  const { rows: columns } = await pool().query<{ t: string; c: string }>(
    `SELECT c.table_name AS t, c.column_name AS c FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const pattern = values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const found: string[] = [];
  for (const { t, c } of columns) {
    const { rows } = await pool().query<{ v: string }>(
      `SELECT "${c}"::text AS v FROM "${t}" WHERE "${c}"::text ~* $1 LIMIT 5`,
      [pattern],
    );
    for (const r of rows)
      for (const v of values) if (r.v.toLowerCase().includes(v.toLowerCase())) found.push(`${t}.${c}: ${v}`);
  }
  return [...new Set(found)];
}

/** Everything stored of `user` in the organization's projects: rows per table. */
async function rowsOf(projectIds: string[], u: EndUser) {
  const q = async (sql: string, params: unknown[]) => Number((await pool().query(sql, params)).rows[0].n);
  const p = projectIds;
  return {
    events: await q(`SELECT count(*) AS n FROM events WHERE project_id = ANY($1) AND user_context->>'id' = $2`, [
      p,
      u.id,
    ]),
    logs: await q(`SELECT count(*) AS n FROM logs WHERE project_id = ANY($1) AND attributes->>'user.id' = $2`, [
      p,
      u.id,
    ]),
    metrics: await q(
      `SELECT count(*) AS n FROM metric_points WHERE project IN (SELECT number FROM projects WHERE id = ANY($1))
         AND attributes->>'user.id' = $2`,
      [p, u.id],
    ),
    // The spans of every transaction whose spans carry the person's data (#51: a row holds a transaction's spans).
    spans: await q(
      `SELECT coalesce(sum(span_count), 0) AS n FROM spans WHERE (project, trace_id, segment_id) IN (
         SELECT project, trace_id, segment_id FROM spans, json_each(spans.data) b
          WHERE project IN (SELECT number FROM projects WHERE id = ANY($1)) AND b.value->>'user.id' = $2)`,
      [p, u.id],
    ),
    feedback: await q(`SELECT count(*) AS n FROM feedback WHERE project_id = ANY($1) AND email = $2`, [p, u.email]),
    attachments: await q(
      `SELECT count(*) AS n FROM attachments a JOIN events e ON e.project_id = a.project_id AND e.event_id = a.event_id
       WHERE a.project_id = ANY($1) AND e.user_context->>'id' = $2`,
      [p, u.id],
    ),
    sessions: await q(`SELECT count(*) AS n FROM session_states WHERE project_id = ANY($1) AND did = $2`, [p, u.id]),
    releaseUsers: await q(
      `SELECT count(*) AS n FROM session_release_users WHERE project_id = ANY($1) AND user_hash = md5($2)::uuid AND environment = ''`,
      [p, u.id],
    ),
    releaseUserRows: await q(
      `SELECT count(*) AS n FROM session_release_users WHERE project_id = ANY($1) AND user_hash = md5($2)::uuid`,
      [p, u.id],
    ),
    issueUsers: await q(
      `SELECT count(*) AS n FROM issue_users u JOIN issues i ON i.id = u.issue_id
       WHERE i.project_id = ANY($1) AND u.user_hash = md5('id:' || $2)::uuid`,
      [p, u.id],
    ),
    tagValues: await q(
      `SELECT count(*) AS n FROM issue_tag_values v JOIN issues i ON i.id = v.issue_id
       WHERE i.project_id = ANY($1) AND v.key = 'customer' AND v.value = $2`,
      [p, u.email],
    ),
  };
}

/** Each issue's counters beside a recount of its events; empty when they all agree. */
async function rollupMismatches(projectIds: string[]) {
  const { rows } = await pool().query(
    `WITH ev AS (SELECT issue_id, count(*)::int AS n,
                        count(DISTINCT coalesce('id:' || (user_context->>'id'), 'email:' || lower(user_context->>'email'),
                                                'ip:' || (user_context->>'ip_address')))::int AS users
                 FROM events WHERE project_id = ANY($1) GROUP BY 1),
     hourly AS (SELECT issue_id, sum(count)::int AS n FROM issue_hourly_counts GROUP BY 1),
     usr AS (SELECT issue_id, count(*)::int AS n FROM issue_users GROUP BY 1)
     SELECT i.id, i.title, i.event_count, coalesce(ev.n, 0) AS events, coalesce(h.n, 0) AS hourly,
            coalesce(c.users, 0) AS user_count, coalesce(u.n, 0) AS user_rows, coalesce(ev.users, 0) AS users
     FROM issues i LEFT JOIN ev ON ev.issue_id = i.id LEFT JOIN hourly h ON h.issue_id = i.id
     LEFT JOIN issue_user_counts c ON c.issue_id = i.id LEFT JOIN usr u ON u.issue_id = i.id
     WHERE i.project_id = ANY($1)
       AND NOT (i.event_count = coalesce(ev.n, 0) AND coalesce(h.n, 0) = i.event_count
                AND coalesce(c.users, 0) = coalesce(ev.users, 0) AND coalesce(u.n, 0) = coalesce(ev.users, 0))`,
    [projectIds],
  );
  // Tag values: each (issue, key, value) count against the events holding it (flags and contexts below).
  const tags = await pool().query(
    `WITH pairs AS (
       SELECT e.issue_id, t.key, t.value FROM events e, jsonb_each_text(coalesce(e.tags, '{}'::jsonb)) t
       WHERE e.project_id = ANY($1) AND t.key NOT IN ('environment', 'release')
       UNION ALL SELECT issue_id, 'environment', environment FROM events WHERE project_id = ANY($1) AND environment IS NOT NULL
       UNION ALL SELECT issue_id, 'release', release FROM events WHERE project_id = ANY($1) AND release IS NOT NULL),
     recount AS (SELECT issue_id, key, value, count(*)::int AS n FROM pairs GROUP BY 1, 2, 3)
     SELECT coalesce(v.issue_id, r.issue_id) AS issue_id, coalesce(v.key, r.key) AS key, coalesce(v.value, r.value) AS value,
            v.count AS stored, r.n AS recount
     FROM (SELECT v.* FROM issue_tag_values v JOIN issues i ON i.id = v.issue_id
           WHERE i.project_id = ANY($1) AND v.key NOT LIKE 'contexts.%' AND v.key NOT LIKE 'flags.%') v
     FULL JOIN recount r ON r.issue_id = v.issue_id AND r.key = v.key AND r.value = v.value
     WHERE v.count IS DISTINCT FROM r.n`,
    [projectIds],
  );
  // The contexts' and flags' pairs (#58), derived from the events left as ingest derives them.
  const left = await pool().query<{ issue_id: string; contexts: unknown }>(
    `SELECT issue_id, contexts FROM events WHERE project_id = ANY($1)`,
    [projectIds],
  );
  const recount = new Map<string, number>();
  for (const e of left.rows)
    for (const [key, value] of rollupKeysOf({ contexts: e.contexts }).tags) {
      const k = JSON.stringify([e.issue_id, key, value]);
      recount.set(k, (recount.get(k) ?? 0) + 1);
    }
  const stored = await pool().query<{ issue_id: string; key: string; value: string; count: number }>(
    `SELECT v.issue_id, v.key, v.value, v.count FROM issue_tag_values v JOIN issues i ON i.id = v.issue_id
     WHERE i.project_id = ANY($1) AND (v.key LIKE 'contexts.%' OR v.key LIKE 'flags.%')`,
    [projectIds],
  );
  const contextMismatches = stored.rows.filter((r) => {
    const k = JSON.stringify([r.issue_id, r.key, r.value]);
    const n = recount.get(k);
    recount.delete(k);
    return n !== r.count;
  });
  expect(stored.rows.length).toBeGreaterThan(0);
  return [...rows, ...tags.rows, ...contextMismatches, ...[...recount].map(([k, n]) => ({ missing: k, n }))];
}

/** Release health as the API answers it, beside a recount of the sessions left (each SDK session has its state). */
async function healthMismatches(client: TestClient, projectId: string) {
  const data = (await client.get(`/api/v1/projects/${projectId}/release-health`)).body.data;
  const { rows } = await pool().query<{ release: string; sessions: number; users: number }>(
    `SELECT release, count(*)::int AS sessions, count(DISTINCT did)::int AS users FROM session_states
     WHERE project_id = $1 GROUP BY 1`,
    [projectId],
  );
  const api = (data.releases as { version: string; sessions: number; users: number }[]).map((r) => ({
    release: r.version,
    sessions: r.sessions,
    users: r.users,
  }));
  return { api: api.filter((r) => r.sessions > 0 || r.users > 0), recount: rows };
}

async function waitDone(client: TestClient, id: string) {
  let last: { status: string } | undefined;
  await waitUntil(async () => {
    const res = await client.get(`/api/v1/organization/erasures/${id}`);
    expect(res.status, res.text).toBe(200);
    last = res.body.data;
    return last!.status === 'done' || last!.status === 'failed';
  }, 30_000);
  expect(last!.status).toBe('done');
  return (await client.get(`/api/v1/organization/erasures/${id}`)).body.data;
}

describe('erasing one end user across the organization', () => {
  it('removes everything of them, keeps the other user whole, and every count matches a recount', async () => {
    const owner = await signUp();
    const member = await inviteAndJoin(owner.client, 'MEMBER');
    const other = await signUp();
    await setPlan(owner.orgId, 'PRO');
    const shop = (await createProject(owner.client, 'Shop')) as Project;
    const admin = (await createProject(owner.client, 'Back office')) as Project;
    const projectIds = [shop.id, admin.id];

    const ann = endUser('ann', '203.0.113.7');
    const bob = endUser('bob', '192.0.2.201');
    await send(shop, ann);
    await send(admin, ann);
    await send(shop, bob);

    expect(await metricRollupMismatches([shop.number, admin.number])).toEqual([]);
    const annBefore = await rowsOf(projectIds, ann);
    const bobBefore = await rowsOf(projectIds, bob);
    // What the SDK sent was stored, for both users: the sweep below is only as good as this.
    for (const rows of [annBefore, bobBefore])
      for (const [table, n] of Object.entries(rows)) expect(n, table).toBeGreaterThan(0);
    expect(annBefore.events).toBe(4);
    const annValues = [ann.id, ann.email, ann.username, ann.ip];
    expect((await columnsHolding(annValues)).length).toBeGreaterThan(5);

    // Preview: ADMIN+ only; by email, the user id and username found with it widen the match.
    const query = { kind: 'email', value: ann.email.toUpperCase() };
    expect((await member.client.get('/api/v1/organization/erasures/preview', { query })).status).toBe(403);
    const preview = await owner.client.get('/api/v1/organization/erasures/preview', { query });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.identifiers).toMatchObject({
      userIds: [ann.id],
      emails: [ann.email],
      usernames: [ann.username],
    });
    expect(preview.body.data.projects.map((p: { name: string }) => p.name).sort()).toEqual(['Back office', 'Shop']);
    expect(preview.body.data.totals).toMatchObject({
      events: annBefore.events,
      logs: annBefore.logs,
      spans: annBefore.spans,
      feedback: annBefore.feedback,
      sessions: annBefore.sessions,
      releaseUsers: annBefore.releaseUsers,
      metrics: annBefore.metrics,
      replays: 0,
    });
    expect(preview.body.data.totals.attachments).toBe(annBefore.attachments);

    // A MEMBER cannot start one; bad input is 400 naming the field.
    expect((await member.client.post('/api/v1/organization/erasures', query)).status).toBe(403);
    const bad = await owner.client.post('/api/v1/organization/erasures', { kind: 'phone', value: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('kind must be user_id, email, username or ip');

    // Another organization erasing Bob erases nothing of ours.
    const foreign = await other.client.post('/api/v1/organization/erasures', { kind: 'user_id', value: bob.id });
    expect(foreign.status, foreign.text).toBe(202);
    const foreignDone = await waitDone(other.client, foreign.body.data.id);
    expect(Object.values(foreignDone.report.totals).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(projectIds, bob)).toEqual(bobBefore);

    const started = await owner.client.post('/api/v1/organization/erasures', query);
    expect(started.status, started.text).toBe(202);
    expect(started.body.data).toMatchObject({ kind: 'email', status: 'queued' });
    const id = started.body.data.id as string;
    // Another organization's erasure id is not found, and asking changes nothing.
    expect((await other.client.get(`/api/v1/organization/erasures/${id}`)).status).toBe(404);
    const done = await waitDone(owner.client, id);

    // The report: what the preview counted, per project too.
    expect(done.report.totals).toEqual(preview.body.data.totals);
    expect(done.report.projects).toEqual(preview.body.data.projects);
    expect(done.report.issuesDeleted).toBe(2);
    for (const [table, p] of Object.entries(done.progress as Record<string, { done: number; total: number }>))
      expect(p.done, table).toBe(p.total);

    // Nothing of Ann anywhere; Bob whole.
    expect(await columnsHolding(annValues)).toEqual([]);
    expect(Object.values(await rowsOf(projectIds, ann)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(projectIds, bob)).toEqual(bobBefore);

    // Every rollup equals a recount of what is left: issues, tags, release health, and metrics' minutes and hours
    // (Ann's and Bob's points share their series: Bob's figures are left, extremes recomputed).
    expect(await rollupMismatches(projectIds)).toEqual([]);
    expect(await metricRollupMismatches([shop.number, admin.number])).toEqual([]);
    expect(await metricRollupMismatches([shop.number])).toEqual([]);
    const shopHealth = await healthMismatches(owner.client, shop.id);
    expect(shopHealth.api).toEqual(shopHealth.recount);
    expect(shopHealth.recount).toEqual([{ release: 'shop@1.0.0', sessions: bobBefore.sessions, users: 1 }]);
    const adminHealth = await healthMismatches(owner.client, admin.id);
    expect(adminHealth.api).toEqual(adminHealth.recount);
    // The issue Ann's and Bob's stale carts share may be titled by Ann's event: her name is blanked out of it.
    const titles = (
      await pool().query<{ title: string }>('SELECT title FROM issues WHERE project_id = ANY($1) ORDER BY title', [
        projectIds,
      ])
    ).rows.map((r) => r.title);
    expect(titles).toContain('Error: Checkout failed');
    expect(titles.filter((t) => t.startsWith('Error: Cart of'))).toHaveLength(1);
    expect(titles.join('\n')).not.toContain(ann.username);

    // The audit log names the erasure by its hash, with what was removed.
    const audit = await owner.client.get('/api/v1/organization/audit-log', { query: { action: 'erasure' } });
    expect(audit.status).toBe(200);
    const entries = audit.body.data.entries as { action: string; targetId: string; changes: Record<string, number> }[];
    expect(entries.map((e) => e.action).sort()).toEqual(['erasure.completed', 'erasure.requested']);
    expect(entries.every((e) => e.targetId === id)).toBe(true);
    expect(entries.find((e) => e.action === 'erasure.completed')!.changes).toMatchObject(preview.body.data.totals);
  }, 90_000);
});
