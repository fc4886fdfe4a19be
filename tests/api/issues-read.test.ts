// The issue API's reads: the list (paging, filters, clamps), one issue with its latest events, its daily stats.
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { TestClient } from '../support/client';
import { BASE, LEVELS, seedEvents, seedIssues, STATUSES, withIssues, type Seed } from '../support/issues';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { errorEnvelope, send } from './ingest-helpers';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

afterEach(() => clock.reset());

describe('GET issues (list)', () => {
  it('pages by lastSeen descending with page/limit/total/pages', async () => {
    const { client, project, issues } = await withIssues();
    const newestFirst = [...issues].sort((a, b) => b.lastSeen.getTime() - a.lastSeen.getTime()).map((i) => i.id);

    const first = await client.get(`/api/v1/projects/${project.id}/issues`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Issues fetched' });
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 10, total: 25, pages: 3 });
    expect(first.body.data.issues.map((i: { id: string }) => i.id)).toEqual(newestFirst.slice(0, 10));

    const third = await client.get(`/api/v1/projects/${project.id}/issues`, { query: { page: 3 } });
    expect(third.body.data.pagination).toEqual({ page: 3, limit: 10, total: 25, pages: 3 });
    expect(third.body.data.issues.map((i: { id: string }) => i.id)).toEqual(newestFirst.slice(20));

    const beyond = await client.get(`/api/v1/projects/${project.id}/issues`, { query: { page: 4 } });
    expect(beyond.body.data).toEqual({ issues: [], pagination: { page: 4, limit: 10, total: 25, pages: 3 } });

    const seven = await client.get(`/api/v1/projects/${project.id}/issues`, { query: { limit: 7, page: 2 } });
    expect(seven.body.data.pagination).toEqual({ page: 2, limit: 7, total: 25, pages: 4 });
    expect(seven.body.data.issues.map((i: { id: string }) => i.id)).toEqual(newestFirst.slice(7, 14));
  });

  it('serializes every issue field with ISO timestamps', async () => {
    const { client, project, issues } = await withIssues();
    const res = await client.get(`/api/v1/projects/${project.id}/issues`, { query: { limit: 1 } });
    const newest = issues[24];
    const got = res.body.data.issues[0];
    expect(Object.keys(got).sort()).toEqual(
      [
        'id',
        'projectId',
        'fingerprint',
        'type',
        'title',
        'culprit',
        'status',
        'level',
        'eventCount',
        'firstSeen',
        'lastSeen',
        'createdAt',
        'updatedAt',
        'users',
        'sparkline',
        'regressed',
        'regressedAt',
        'resolvedInRelease',
      ].sort(),
    );
    expect(got).toEqual({
      id: newest.id,
      projectId: project.id,
      fingerprint: newest.fingerprint,
      type: 'error',
      title: 'Error: issue 24',
      culprit: 'app.js in fn24',
      status: STATUSES[24 % 3],
      level: LEVELS[24 % 5],
      eventCount: 25,
      firstSeen: new Date(BASE + 24 * 60_000 - 3_600_000).toISOString(),
      lastSeen: new Date(BASE + 24 * 60_000).toISOString(),
      createdAt: newest.createdAt.toISOString(),
      updatedAt: newest.updatedAt.toISOString(),
      users: 0,
      sparkline: new Array(24).fill(0),
      regressed: false,
      regressedAt: null,
      resolvedInRelease: null,
    });
    for (const k of ['firstSeen', 'lastSeen', 'createdAt', 'updatedAt']) expect(got[k]).toMatch(ISO);
  });

  it('breaks lastSeen ties by id, so pages neither repeat nor skip', async () => {
    const { client } = await signUp();
    const project = await createProject(client);
    const same = await seedIssues(
      project.id,
      Array.from({ length: 6 }, () => ({ lastSeen: BASE })),
    );
    const ids = same
      .map((i) => i.id)
      .sort()
      .reverse();
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await client.get(`/api/v1/projects/${project.id}/issues`, { query: { page, limit: 2 } });
      seen.push(...res.body.data.issues.map((i: { id: string }) => i.id));
    }
    expect(seen).toEqual(ids);
  });

  const filters: [string, Record<string, string>, (s: Seed & { i: number }) => boolean][] = [
    ['status RESOLVED', { status: 'RESOLVED' }, (s) => s.status === 'RESOLVED'],
    ['status IGNORED', { status: 'IGNORED' }, (s) => s.status === 'IGNORED'],
    ['level WARNING', { level: 'WARNING' }, (s) => s.level === 'WARNING'],
    [
      'level FATAL and status UNRESOLVED',
      { level: 'FATAL', status: 'UNRESOLVED' },
      (s) => s.level === 'FATAL' && s.status === 'UNRESOLVED',
    ],
    ['invalid status ignored', { status: 'DONE' }, () => true],
    ['lower-case status ignored', { status: 'resolved' }, () => true],
    [
      'invalid level ignored, valid status applied',
      { level: 'error', status: 'IGNORED' },
      (s) => s.status === 'IGNORED',
    ],
    ['empty filters ignored', { status: '', level: '' }, () => true],
  ];
  it.each(filters)('filters: %s', async (_label, query, keep) => {
    const { client, project, issues } = await withIssues();
    const expected = issues
      .map((iss, i) => ({ id: iss.id, status: iss.status, level: iss.level, lastSeen: iss.lastSeen.getTime(), i }))
      .filter(keep)
      .sort((a, b) => b.lastSeen - a.lastSeen)
      .map((s) => s.id);
    const res = await client.get(`/api/v1/projects/${project.id}/issues`, { query: { ...query, limit: 50 } });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination.total).toBe(expected.length);
    expect(res.body.data.issues.map((i: { id: string }) => i.id)).toEqual(expected);
  });

  const clamps: [string, Record<string, string | number>, { page: number; limit: number }][] = [
    ['limit 0 → 1', { limit: 0 }, { page: 1, limit: 1 }],
    ['limit -5 → 1', { limit: -5 }, { page: 1, limit: 1 }],
    ['limit 51 → 50', { limit: 51 }, { page: 1, limit: 50 }],
    ['limit 1000 → 50', { limit: 1000 }, { page: 1, limit: 50 }],
    ['limit abc → 10', { limit: 'abc' }, { page: 1, limit: 10 }],
    ['limit 2.9 → 2', { limit: '2.9' }, { page: 1, limit: 2 }],
    ['page 0 → 1', { page: 0 }, { page: 1, limit: 10 }],
    ['page -2 → 1', { page: -2 }, { page: 1, limit: 10 }],
    ['page abc → 1', { page: 'abc' }, { page: 1, limit: 10 }],
    ['page empty → 1', { page: '' }, { page: 1, limit: 10 }],
  ];
  it.each(clamps)('clamps %s', async (_label, query, want) => {
    const { client, project } = await withIssues();
    const res = await client.get(`/api/v1/projects/${project.id}/issues`, { query });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ ...want, total: 25, pages: Math.ceil(25 / want.limit) });
    expect(res.body.data.issues).toHaveLength(Math.min(want.limit, 25));
  });

  it('401 without a session, 404 for an unknown project', async () => {
    const { client } = await signUp();
    const anon = await new TestClient().get(`/api/v1/projects/x/issues`);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ statusCode: 401, status: 'failed', message: 'You need to be logged in!' });
    const missing = await client.get(`/api/v1/projects/does-not-exist/issues`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, status: 'failed', message: 'Project not found' });
  });
});

describe('GET issue (detail)', () => {
  it('returns the issue with its 10 most recent events, newest first', async () => {
    const { client, project, issues } = await withIssues();
    const issue = issues[3];
    // Inserted out of order so the answer cannot just follow insertion order.
    const times = Array.from({ length: 15 }, (_, i) => BASE + ((i * 7) % 15) * 1000);
    await seedEvents(issue.id, project.id, times);
    await seedEvents(issues[4].id, project.id, [BASE + 999_999]);
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Issue fetched');
    expect(res.body.data).toMatchObject({
      id: issue.id,
      projectId: project.id,
      title: issue.title,
      eventCount: issue.eventCount,
    });
    const events = res.body.data.events;
    expect(events).toHaveLength(10);
    const want = [...times]
      .sort((a, b) => b - a)
      .slice(0, 10)
      .map((t) => new Date(t).toISOString());
    expect(events.map((e: { timestamp: string }) => e.timestamp)).toEqual(want);
    for (const e of events) {
      expect(e).toMatchObject({ issueId: issue.id, projectId: project.id, level: 'ERROR' });
      expect(e.receivedAt).toMatch(ISO);
      expect(typeof e.message).toBe('string');
      expect(typeof e.id).toBe('string');
    }
  });

  it("an issue without events has events: []; another project's issue is 404", async () => {
    const { client, orgId, project, issues } = await withIssues();
    const ok = await client.get(`/api/v1/projects/${project.id}/issues/${issues[0].id}`);
    expect(ok.body.data.events).toEqual([]);
    await setPlan(orgId, 'PRO');
    const other = await createProject(client, 'Other');
    const [foreign] = await seedIssues(other.id, [{ lastSeen: BASE }]);
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${foreign.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Issue not found' });
    const unknown = await client.get(`/api/v1/projects/${project.id}/issues/nope`);
    expect(unknown.body).toEqual({ statusCode: 404, status: 'failed', message: 'Issue not found' });
  });
});

describe('GET issue stats', () => {
  it('counts events per UTC day with zero-filled buckets, today last', async () => {
    const { client, project } = await withIssues();
    clock.set(Date.parse('2026-03-10T08:00:00.000Z'));
    const at = (s: string) => Date.parse(s);
    // Through the real ingest path: the chart reads the hourly rollup the batch statement writes.
    const key = project.keys[0].publicKey;
    const seedEvents = async (type: string, timestamps: number[]) => {
      for (const timestamp of timestamps) {
        const exception = { ...errorEnvelope().exception, type };
        expect(
          (await send({ client, projectId: project.id, key, body: errorEnvelope({ exception, timestamp }) })).status,
        ).toBe(200);
      }
      return db.issue.findFirstOrThrow({ where: { projectId: project.id, title: { startsWith: `${type}:` } } });
    };
    const issue = await seedEvents('ChartError', [
      at('2026-03-10T00:00:00.000Z'), // today, first ms
      at('2026-03-10T07:59:59.000Z'),
      at('2026-03-09T23:59:59.999Z'),
      at('2026-03-07T12:00:00.000Z'),
      at('2026-03-07T13:00:00.000Z'),
      at('2026-03-07T14:00:00.000Z'),
      at('2026-03-06T23:59:59.999Z'), // before a 4-day window
    ]);
    await seedEvents('OtherError', [at('2026-03-08T10:00:00.000Z')]);
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/stats`, { query: { days: 4 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      days: 4,
      buckets: [
        { date: '2026-03-07', count: 3 },
        { date: '2026-03-08', count: 0 },
        { date: '2026-03-09', count: 1 },
        { date: '2026-03-10', count: 2 },
      ],
    });
  });

  const days: [string, string, number][] = [
    ['default', '', 14],
    ['0 → 1', '0', 1],
    ['1000 → 90', '1000', 90],
    ['abc → 14', 'abc', 14],
  ];
  it.each(days)('days %s', async (_label, value, want) => {
    const { client, project, issues } = await withIssues();
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issues[0].id}/stats`, {
      query: value ? { days: value } : {},
    });
    expect(res.body.data.days).toBe(want);
    expect(res.body.data.buckets).toHaveLength(want);
  });
});
