// Group commit: envelopes handled together are written by one statement (one transaction), with the quota,
// event_id de-duplication and issue counts exact. Requests are fired in one turn of the event loop, as
// concurrent HTTP requests arrive, so they join one batch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { db } from '@/lib/db';
import { ownPool, pool } from '@/lib/pg';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import * as alerts from '@/lib/alerts/after-ingest';
import { handleIngest, type IngestResponse } from '@/lib/ingest/protocols/native';
import { MAX_BATCH, MAX_IN_FLIGHT } from '@/lib/ingest/store/group-commit';
import { submitErrorEvent } from '@/lib/ingest/store/event-writer';
import { errorEnvelope, transactionEnvelope } from './ingest-helpers';
import { logger } from '@/lib/log';

const FREE_LIMIT = monthlyEventLimit('FREE');

afterEach(() => {
  vi.restoreAllMocks();
  clock.reset();
});

async function account() {
  const s = await signUp();
  const p = await createProject(s.client);
  const key = p.keys[0].publicKey;
  const ingest = (body: unknown): Promise<IngestResponse> =>
    handleIngest({
      projectId: p.id,
      method: 'POST',
      headers: { 'x-ingest-auth': `ingest_key=${key}` },
      searchParams: new URLSearchParams(),
      body: Buffer.from(JSON.stringify(body)),
    });
  // Warm the key cache with something that stores no event, so the batch below is not split by its lookup.
  expect((await ingest(transactionEnvelope())).status).toBe(200);
  return { ...s, projectId: p.id, key, ingest };
}

const together = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

const error = (i: number, extra: Record<string, unknown> = {}) =>
  errorEnvelope({
    exception: {
      type: `E${i % 3}`,
      value: `#${i}`,
      stacktrace: { frames: [{ filename: 'app.js', lineno: 1, function: 'f' }] },
    },
    ...extra,
  });

/** How many transactions wrote the project's events: rows written by one transaction share its xmin. */
async function writers(projectId: string): Promise<number> {
  const { rows } = await pool().query('SELECT count(DISTINCT xmin::text)::int AS n FROM events WHERE project_id = $1', [
    projectId,
  ]);
  return rows[0].n;
}

const usage = (orgId: string) =>
  db.monthlyUsage.findUniqueOrThrow({ where: { orgId_month: { orgId, month: monthOf(clock.now()) } } });
const eventSum = async (projectId: string) =>
  (await db.issue.aggregate({ where: { projectId }, _sum: { eventCount: true } }))._sum.eventCount ?? 0;

describe('group commit', () => {
  it('envelopes arriving together are stored by one transaction; a batch holds at most MAX_BATCH', async () => {
    const a = await account();
    const results = await together(40, (i) => a.ingest(error(i)));
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(await db.event.count({ where: { projectId: a.projectId } })).toBe(40);
    expect(await writers(a.projectId)).toBe(1);

    const b = await account();
    const more = await together(MAX_BATCH + 50, (i) => b.ingest(error(i)));
    expect(more.every((r) => r.status === 200)).toBe(true);
    expect(await writers(b.projectId)).toBe(2);
    expect(await eventSum(b.projectId)).toBe(MAX_BATCH + 50);
    expect(await usage(b.orgId)).toMatchObject({ used: MAX_BATCH + 50, transactions: 1 });
  });

  it('quota: counted once per batch, allocated in arrival order; transactions refused once exhausted and counted apart', async () => {
    const a = await account();
    const month = monthOf(clock.now());
    await db.monthlyUsage.update({
      where: { orgId_month: { orgId: a.orgId, month } },
      data: { used: FREE_LIMIT - 5, errors: FREE_LIMIT - 5 },
    });
    const bodies = [
      error(0, { level: 'error' }),
      transactionEnvelope(),
      error(1, { level: 'warning' }),
      error(2, { level: 'info' }),
      transactionEnvelope(),
      error(3, { level: 'fatal' }),
      error(4, { level: 'debug' }),
      error(5, { level: 'error' }),
      transactionEnvelope(),
      error(6, { level: 'warning' }),
    ];
    const results = await together(bodies.length, (i) => a.ingest(bodies[i]));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 429, 429, 429]);
    expect(results[7].body).toEqual({ statusCode: 429, status: 'failed', message: 'Monthly event quota exceeded' });
    expect(results[8].body).toEqual(results[7].body);
    expect(await usage(a.orgId)).toMatchObject({
      used: FREE_LIMIT,
      errors: FREE_LIMIT - 5 + 2,
      warnings: 1,
      info: 2,
      transactions: 1 + 2,
    });
    expect(await db.event.count({ where: { projectId: a.projectId } })).toBe(5);
    expect(await db.transaction.count({ where: { projectId: a.projectId } })).toBe(3);
    expect(await writers(a.projectId)).toBe(1);
  });

  it('event_id: repeats within the batch and of stored events are answered 200, stored and counted once', async () => {
    const a = await account();
    const id = (n: number) => n.toString(16).padStart(32, '0');
    expect((await a.ingest(error(0, { event_id: id(1) }))).status).toBe(200);
    const bodies = [
      error(1, { event_id: id(2) }),
      error(2, { event_id: id(1) }),
      error(3, { event_id: id(2) }),
      error(4),
      error(5, { event_id: id(3).toUpperCase() }),
      error(6, { event_id: id(3) }),
    ];
    const results = await together(bodies.length, (i) => a.ingest(bodies[i]));
    expect(results.map((r) => r.body)).toEqual(
      Array(bodies.length).fill({ statusCode: 200, status: 'success', message: 'Event received successfully' }),
    );
    expect(await db.event.count({ where: { projectId: a.projectId } })).toBe(4);
    expect(await eventSum(a.projectId)).toBe(4);
    expect(await usage(a.orgId)).toMatchObject({ used: 4 });
    const stored = await db.event.findMany({
      where: { projectId: a.projectId, eventId: { not: null } },
      orderBy: { eventId: 'asc' },
    });
    expect(stored.map((e) => [e.eventId, e.message])).toEqual([
      [id(1), '#0'],
      [id(2), '#1'],
      [id(3), '#5'],
    ]);
  });

  it('exact under concurrent batches of several organizations with overlapping event_ids', async () => {
    const accounts = [await account(), await account()];
    const id = (n: number) => (0xabc000 + n).toString(16).padStart(32, '0');
    // 4 waves × 2 accounts × 90 envelopes, drawn from 60 event_ids per account: up to 3 batches in flight.
    const sent = await Promise.all(
      Array.from({ length: 4 }, (_, wave) =>
        Promise.all(
          accounts.map((a) => together(90, (i) => a.ingest(error(i, { event_id: id((i * 7 + wave * 13) % 60) })))),
        ),
      ),
    );
    expect(sent.flat(2).every((r) => r.status === 200)).toBe(true);
    for (const a of accounts) {
      expect(await db.event.count({ where: { projectId: a.projectId } })).toBe(60);
      expect(await eventSum(a.projectId)).toBe(60);
      const u = await usage(a.orgId);
      expect(u.used).toBe(60);
      expect(u.errors + u.warnings + u.info).toBe(60);
    }
  });

  it('an event_id stored by a concurrent transaction after the batch read its snapshot: counted once, still exact', async () => {
    const a = await account();
    expect((await a.ingest(error(0))).status).toBe(200);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: a.projectId } });
    const racing = 'd'.repeat(32);
    const logged = vi.spyOn(logger, 'warn');
    // Another writer (as a batch of another month would) holds the issue row and an uncommitted event.
    const other = await pool().connect();
    try {
      await other.query('BEGIN');
      await other.query('UPDATE issues SET event_count = event_count + 1 WHERE id = $1', [issue.id]);
      await other.query(
        `INSERT INTO events (issue_id, project_id, event_id, level, message, timestamp, received_at) VALUES ($1, $2, $3, 'ERROR', 'other', now(), now())`,
        [issue.id, a.projectId, racing],
      );
      // As the batch statement does: the event_id is claimed in the de-duplication table (events are partitioned by day).
      await other.query(`INSERT INTO event_ids (project_id, event_id, received_at) VALUES ($1, $2, now())`, [
        a.projectId,
        racing,
      ]);
      const pending = together(5, (i) => a.ingest(error(3 * i, { event_id: i === 2 ? racing : undefined })));
      await new Promise((r) => setTimeout(r, 400));
      await other.query('COMMIT');
      expect((await pending).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      other.release();
    }
    expect(await db.event.count({ where: { projectId: a.projectId } })).toBe(1 + 1 + 4);
    expect(await eventSum(a.projectId)).toBe(6);
    expect((await usage(a.orgId)).used).toBe(1 + 4);
    // Settled by checking again within the batch, not by the one-by-one fallback.
    expect(logged).not.toHaveBeenCalled();
  });

  it('issues merged per fingerprint: count + n, first/last seen, latest level, regression; afterIngest once per batch', async () => {
    const a = await account();
    const frames = (fn: string) => ({
      type: 'TypeError',
      value: fn,
      stacktrace: { frames: [{ filename: 'app.js', lineno: 1, function: fn }] },
    });
    for (const fn of ['resolved', 'ignored'])
      expect((await a.ingest(errorEnvelope({ exception: frames(fn) }))).status).toBe(200);
    const [resolved, ignored] = await db.issue.findMany({
      where: { projectId: a.projectId },
      orderBy: { createdAt: 'asc' },
    });
    await db.issue.update({ where: { id: resolved.id }, data: { status: 'RESOLVED' } });
    await db.issue.update({ where: { id: ignored.id }, data: { status: 'IGNORED' } });

    const spy = vi.spyOn(alerts, 'afterIngest');
    const bodies = [
      errorEnvelope({ exception: frames('fresh'), level: 'error', timestamp: 1_700_000_200_000 }),
      errorEnvelope({ exception: frames('resolved'), level: 'warning' }),
      errorEnvelope({ exception: frames('fresh'), level: 'warning', timestamp: 1_700_000_100_000 }),
      errorEnvelope({ exception: frames('ignored') }),
      errorEnvelope({ exception: frames('fresh'), level: 'info', timestamp: 1_700_000_300_000 }),
    ];
    const results = await together(bodies.length, (i) => a.ingest(bodies[i]));
    expect(results.every((r) => r.status === 200)).toBe(true);

    const issues = await db.issue.findMany({ where: { projectId: a.projectId }, orderBy: { createdAt: 'asc' } });
    const fresh = issues.find((i) => i.title === 'TypeError: fresh')!;
    expect(fresh).toMatchObject({ eventCount: 3, level: 'INFO', status: 'UNRESOLVED' });
    expect(fresh.firstSeen.toISOString()).toBe(new Date(1_700_000_100_000).toISOString());
    expect(fresh.lastSeen.toISOString()).toBe(new Date(1_700_000_300_000).toISOString());
    expect(issues.find((i) => i.id === resolved.id)).toMatchObject({
      status: 'UNRESOLVED',
      eventCount: 2,
      level: 'WARNING',
    });
    expect(issues.find((i) => i.id === ignored.id)).toMatchObject({ status: 'IGNORED', eventCount: 2 });

    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0].map((e) => [e.issueId, e.isNewIssue])).toEqual([
      [fresh.id, true],
      [resolved.id, false],
      [fresh.id, false],
      [ignored.id, false],
      [fresh.id, false],
    ]);
  });

  it('a project deleted mid-batch: its envelopes get 401, its neighbours are stored', async () => {
    const a = await account();
    const b = await account();
    // Deleted behind the key cache's back, as if between the key lookup and the store.
    await db.project.delete({ where: { id: b.projectId } });
    const results = await together(6, (i) => (i % 2 ? b : a).ingest(error(i)));
    expect(results.map((r) => r.status)).toEqual([200, 401, 200, 401, 200, 401]);
    expect(results[1].body).toEqual({
      statusCode: 401,
      status: 'failed',
      message: 'Invalid ingest key for this project',
    });
    expect(await db.event.count({ where: { projectId: a.projectId } })).toBe(3);
    expect((await usage(a.orgId)).used).toBe(3);
    expect((await b.ingest(error(9))).status).toBe(401);
  });

  it('an envelope the database refuses does not fail its batch: it alone is refused', async () => {
    const a = await account();
    const input = (i: number, tags: string | null) => ({
      orgId: a.orgId,
      projectId: a.projectId,
      fingerprint: `fp-${i}`,
      title: `E: ${i}`,
      culprit: null,
      level: 'ERROR' as const,
      message: `${i}`,
      eventId: null,
      timestamp: clock.now(),
      receivedAt: clock.now(),
      environment: null,
      release: null,
      json: {
        stacktrace: '{"frames":[]}',
        contexts: null,
        tags,
        userContext: null,
        request: null,
        breadcrumbs: null,
        details: null,
      },
      rollup: { tags: [], user: null },
    });
    const outcomes = await Promise.all([
      submitErrorEvent(input(1, null)),
      submitErrorEvent(input(2, '{not json')),
      submitErrorEvent(input(3, '{"a":"b"}')),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['stored', 'unstorable', 'stored']);
    expect(await db.event.count({ where: { projectId: a.projectId } })).toBe(2);
    expect((await usage(a.orgId)).used).toBe(2);
  });

  it('the batch statement runs on connections of its own, at most one per batch in flight', async () => {
    const a = await account();
    const b = await account();
    // Several rounds of full batches from two organizations, with the shared pool busy beside them.
    for (let round = 0; round < 3; round++) {
      const busy = together(8, () => pool().query('SELECT pg_sleep(0.05)'));
      const results = await together(2 * MAX_BATCH + 10, (i) => (i % 2 ? b : a).ingest(error(round * 1000 + i)));
      await busy;
      expect(results.every((r) => r.status === 200)).toBe(true);
    }
    const own = ownPool('ingest-batch', MAX_IN_FLIGHT);
    expect(own.totalCount).toBeGreaterThan(0);
    expect(own.totalCount).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    // Every connection (of any test worker) whose last statement was the batch statement is one of those pools'.
    const { rows } = await pool().query<{ app: string }>(
      `SELECT DISTINCT application_name AS app FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE '%WITH lk AS MATERIALIZED%' AND pid <> pg_backend_pid()`,
    );
    expect(rows.map((r) => r.app)).toEqual(['tracker:ingest-batch']);
  });
});
