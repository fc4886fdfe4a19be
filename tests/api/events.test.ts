import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { db } from '@/lib/db';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BASE = Date.parse('2026-04-01T00:00:00.000Z');

async function issueWithEvents(count: number) {
  const account = await signUp();
  const project = await createProject(account.client);
  const issue = await db.issue.create({
    data: {
      projectId: project.id,
      fingerprint: 'fp',
      title: 'TypeError: x is undefined',
      firstSeen: new Date(BASE),
      lastSeen: new Date(BASE),
      eventCount: count,
    },
  });
  // Timestamps are a permutation of 0..count-1 seconds, so insertion order is not the answer.
  const times = Array.from({ length: count }, (_, i) => BASE + ((i * 7) % count) * 1000);
  await db.event.createMany({
    data: times.map((t, i) => ({
      issueId: issue.id,
      projectId: project.id,
      level: 'WARNING' as const,
      message: `event ${i}`,
      timestamp: new Date(t),
    })),
  });
  const newestFirst = [...times].sort((a, b) => b - a).map((t) => new Date(t).toISOString());
  return { ...account, project, issue, newestFirst };
}

describe('GET issue events', () => {
  it("pages the issue's events by timestamp descending", async () => {
    const { client, project, issue, newestFirst } = await issueWithEvents(23);
    const url = `/api/v1/projects/${project.id}/issues/${issue.id}/events`;
    const first = await client.get(url);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Events fetched' });
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 10, total: 23, pages: 3 });
    expect(first.body.data.events.map((e: { timestamp: string }) => e.timestamp)).toEqual(newestFirst.slice(0, 10));

    const last = await client.get(url, { query: { page: 3 } });
    expect(last.body.data.pagination).toEqual({ page: 3, limit: 10, total: 23, pages: 3 });
    expect(last.body.data.events.map((e: { timestamp: string }) => e.timestamp)).toEqual(newestFirst.slice(20));

    const five = await client.get(url, { query: { page: 2, limit: 5 } });
    expect(five.body.data.events.map((e: { timestamp: string }) => e.timestamp)).toEqual(newestFirst.slice(5, 10));
    expect(five.body.data.pagination).toEqual({ page: 2, limit: 5, total: 23, pages: 5 });
  });

  it("total counts only this issue's events", async () => {
    const { client, project, issue } = await issueWithEvents(3);
    const other = await db.issue.create({
      data: {
        projectId: project.id,
        fingerprint: 'other',
        title: 'E',
        firstSeen: new Date(BASE),
        lastSeen: new Date(BASE),
      },
    });
    await db.event.create({
      data: {
        issueId: other.id,
        projectId: project.id,
        level: 'ERROR',
        message: 'other',
        timestamp: new Date(BASE + 10 ** 7),
      },
    });
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`);
    expect(res.body.data.pagination.total).toBe(3);
    expect(res.body.data.events.map((e: { message: string }) => e.message)).not.toContain('other');
  });

  const clamps: [string, Record<string, string | number>, { page: number; limit: number }][] = [
    ['limit 0 → 1', { limit: 0 }, { page: 1, limit: 1 }],
    ['limit 99 → 50', { limit: 99 }, { page: 1, limit: 50 }],
    ['limit x → 10', { limit: 'x' }, { page: 1, limit: 10 }],
    ['page 0 → 1', { page: 0 }, { page: 1, limit: 10 }],
    ['page x → 1', { page: 'x' }, { page: 1, limit: 10 }],
  ];
  it.each(clamps)('clamps %s', async (_label, query, want) => {
    const { client, project, issue } = await issueWithEvents(12);
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`, { query });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ ...want, total: 12, pages: Math.ceil(12 / want.limit) });
    expect(res.body.data.events).toHaveLength(Math.min(want.limit, 12));
  });

  it('404 for an unknown issue or an issue of another project', async () => {
    const { client, orgId, project } = await issueWithEvents(1);
    await setPlan(orgId, 'PRO');
    const other = await createProject(client, 'Other');
    const foreign = await db.issue.create({
      data: { projectId: other.id, fingerprint: 'f', title: 'E', firstSeen: new Date(BASE), lastSeen: new Date(BASE) },
    });
    for (const id of ['nope', foreign.id]) {
      const res = await client.get(`/api/v1/projects/${project.id}/issues/${id}/events`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Issue not found' });
    }
  });
});

describe('GET one event', () => {
  it('returns every stored field', async () => {
    const { client, project, issue } = await issueWithEvents(0);
    const stored = await db.event.create({
      data: {
        issueId: issue.id,
        projectId: project.id,
        eventId: 'a'.repeat(32),
        level: 'FATAL',
        message: 'x is undefined',
        stacktrace: { frames: [{ filename: 'app.js', lineno: 3, function: 'main', colno: 7 }] },
        contexts: { browser: { name: 'Chrome', version: '130' }, os: { name: 'macOS', version: '15' } },
        tags: { route: '/checkout' },
        userContext: { id: 'u1', email: 'u1@example.com' },
        request: { url: 'https://shop.example/checkout', method: 'GET', headers: { 'user-agent': 'x' } },
        breadcrumbs: [{ type: 'click', message: 'button#pay', timestamp: BASE - 1000 }],
        environment: 'production',
        release: '1.2.3',
        timestamp: new Date(BASE + 123),
        receivedAt: new Date(BASE + 456),
      },
    });
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events/${stored.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Event fetched');
    expect(res.body.data).toEqual({
      id: stored.id,
      issueId: issue.id,
      projectId: project.id,
      eventId: 'a'.repeat(32),
      level: 'FATAL',
      message: 'x is undefined',
      stacktrace: { frames: [{ filename: 'app.js', lineno: 3, function: 'main', colno: 7 }] },
      contexts: { browser: { name: 'Chrome', version: '130' }, os: { name: 'macOS', version: '15' } },
      tags: { route: '/checkout' },
      userContext: { id: 'u1', email: 'u1@example.com' },
      request: { url: 'https://shop.example/checkout', method: 'GET', headers: { 'user-agent': 'x' } },
      breadcrumbs: [{ type: 'click', message: 'button#pay', timestamp: BASE - 1000 }],
      environment: 'production',
      release: '1.2.3',
      timestamp: '2026-04-01T00:00:00.123Z',
      receivedAt: '2026-04-01T00:00:00.456Z',
      // Beyond the spec: null for an event stored without them.
      exceptions: null,
      logentry: null,
      platform: null,
      logger: null,
      serverName: null,
      transaction: null,
      sdk: null,
      extra: null,
      modules: null,
      security: null,
      performance: null,
    });
    // Navigation has its own endpoint, so the event keeps the list item's shape: the only event is its issue's latest and oldest.
    const nav = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events/${stored.id}/neighbours`);
    expect([nav.status, nav.body]).toEqual([
      200,
      {
        statusCode: 200,
        status: 'success',
        message: 'Event neighbours fetched',
        data: { previousEventId: null, nextEventId: null, latestEventId: stored.id, oldestEventId: stored.id },
      },
    ]);
  });

  it('optional fields are null; list items carry the same fields', async () => {
    const { client, project, issue } = await issueWithEvents(1);
    const list = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`);
    const e = list.body.data.events[0];
    expect(e).toMatchObject({
      stacktrace: null,
      contexts: null,
      tags: null,
      userContext: null,
      request: null,
      breadcrumbs: null,
      environment: null,
      release: null,
      eventId: null,
    });
    expect(e.timestamp).toMatch(ISO);
    expect(e.receivedAt).toMatch(ISO);
    const one = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events/${e.id}`);
    expect(one.body.data).toEqual(e);
  });

  it('404 when the event belongs to another issue', async () => {
    const { client, project, issue } = await issueWithEvents(0);
    const other = await db.issue.create({
      data: {
        projectId: project.id,
        fingerprint: 'o',
        title: 'E',
        firstSeen: new Date(BASE),
        lastSeen: new Date(BASE),
      },
    });
    const ev = await db.event.create({
      data: { issueId: other.id, projectId: project.id, level: 'ERROR', message: 'm', timestamp: new Date(BASE) },
    });
    for (const path of ['', '/neighbours']) {
      const res = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events/${ev.id}${path}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Event not found' });
    }
  });
});

describe('event navigation', () => {
  it("previous/next walk the issue's events in the list's order (timestamp, then id), latest and oldest at the ends", async () => {
    const { client, project, issue } = await issueWithEvents(7);
    // Two events at one instant: the id breaks the tie, as in the list.
    await db.event.createMany({
      data: [0, 1].map((i) => ({
        issueId: issue.id,
        projectId: project.id,
        level: 'ERROR' as const,
        message: `tie ${i}`,
        timestamp: new Date(BASE + 3000),
      })),
    });
    await db.issue.update({ where: { id: issue.id }, data: { eventCount: 9 } });
    const url = `/api/v1/projects/${project.id}/issues/${issue.id}/events`;
    const order: string[] = (await client.get(url, { query: { limit: 50 } })).body.data.events.map(
      (e: { id: string }) => e.id,
    );
    expect(order).toHaveLength(9);

    const walked: string[] = [];
    let id: string | null = order[0];
    while (id) {
      const res: { status: number; body: { data: Record<string, string | null> } } = await client.get(
        `${url}/${id}/neighbours`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.latestEventId).toBe(order[0]);
      expect(res.body.data.oldestEventId).toBe(order[8]);
      walked.push(id);
      id = res.body.data.previousEventId;
    }
    expect(walked).toEqual(order);

    const back: string[] = [];
    id = order[8];
    while (id) {
      back.push(id);
      id = (await client.get(`${url}/${id}/neighbours`)).body.data.nextEventId;
    }
    expect(back).toEqual([...order].reverse());
  });

  it('never names an event of another issue', async () => {
    const { client, project, issue } = await issueWithEvents(2);
    const other = await db.issue.create({
      data: {
        projectId: project.id,
        fingerprint: 'o2',
        title: 'E',
        firstSeen: new Date(BASE),
        lastSeen: new Date(BASE),
      },
    });
    // Between, before and after this issue's events in time.
    const foreign = await Promise.all(
      [-5000, 500, 5000].map((dt) =>
        db.event.create({
          data: {
            issueId: other.id,
            projectId: project.id,
            level: 'ERROR',
            message: 'o',
            timestamp: new Date(BASE + dt),
          },
        }),
      ),
    );
    const mine = await db.event.findMany({ where: { issueId: issue.id }, orderBy: { timestamp: 'asc' } });
    const newer = (
      await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events/${mine[1].id}/neighbours`)
    ).body.data;
    expect(newer).toMatchObject({
      previousEventId: mine[0].id,
      nextEventId: null,
      latestEventId: mine[1].id,
      oldestEventId: mine[0].id,
    });
    const ids = JSON.stringify(newer);
    for (const f of foreign) expect(ids).not.toContain(f.id);
  });
});

describe('cross-tenant', () => {
  it('another organization gets 404 on the events routes and sees nothing', async () => {
    const { project, issue } = await issueWithEvents(4);
    const event = await db.event.findFirstOrThrow({ where: { issueId: issue.id } });
    const { client: intruder } = await signUp();
    const own = await createProject(intruder, 'Mine');
    for (const projectId of [project.id, own.id]) {
      const list = await intruder.get(`/api/v1/projects/${projectId}/issues/${issue.id}/events`);
      const one = await intruder.get(`/api/v1/projects/${projectId}/issues/${issue.id}/events/${event.id}`);
      const nav = await intruder.get(`/api/v1/projects/${projectId}/issues/${issue.id}/events/${event.id}/neighbours`);
      for (const res of [list, one, nav]) {
        expect(res.status).toBe(404);
        expect(res.body.data).toBeUndefined();
        expect(res.text).not.toContain(event.message);
      }
    }
  });
});
