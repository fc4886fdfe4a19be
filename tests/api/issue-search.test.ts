import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { errorEnvelope, send } from './ingest-helpers';

// A project seeded through the ingest path (so the rollups are written as in production); every expectation
// below is computed here from what was sent, never read back from the service.

const HOUR = 3_600_000;
const ISSUES = 14;
const LEVELS = ['error', 'warning', 'fatal', 'info'] as const;
const BROWSERS = ['Chrome', 'Firefox', 'Safari'] as const;

// The native envelope's user carries id and email (an IP arrives only through the Sentry endpoints).
type User = { id?: string; email?: string };
type Sent = {
  level: string;
  environment?: string;
  release?: string;
  tags: Record<string, string>;
  user?: User;
  ts: number;
};
type Model = {
  id: string;
  title: string;
  culprit: string;
  status: 'UNRESOLVED' | 'RESOLVED' | 'IGNORED';
  assignedToMe: boolean;
  events: Sent[];
};

const now = Date.now();

function eventsFor(i: number): Sent[] {
  const n = (i % 4) + 1 + (i === 3 ? 5 : 0);
  return Array.from({ length: n }, (_, j) => {
    const tags: Record<string, string> = {
      browser: BROWSERS[(i + j) % 3],
      url: `https://shop.example/${i % 3 === 0 ? 'checkout' : 'cart'}/${j}`,
    };
    const user: User | undefined =
      (i + j) % 4 === 0
        ? undefined
        : (i + j) % 4 === 1
          ? { id: `u${(i * 7 + j) % 5}`, email: 'shared@example.com' }
          : (i + j) % 4 === 2
            ? { email: `Person${i % 3}@Example.com` }
            : { email: 'shared@example.com' };
    return {
      level: LEVELS[i % LEVELS.length],
      environment: i % 5 === 4 ? undefined : i % 3 === 2 || (i + j) % 2 === 1 ? 'staging' : 'production',
      release: `1.${i % 3}`,
      tags,
      user,
      // Issue i is seen from (i * 5) hours ago, one event per 7 minutes after that; issue 0 is the freshest.
      ts: now - i * 5 * HOUR + j * 7 * 60_000 - 60_000 * 60,
    };
  });
}

const model: Model[] = [];
let owner: TestClient;
let ownerId: string;
let projectId: string;

beforeAll(async () => {
  const account = await signUp();
  owner = account.client;
  ownerId = account.user.id;
  const project = await createProject(owner, 'Search');
  projectId = project.id;
  const key = project.keys[0].publicKey;
  for (let i = 0; i < ISSUES; i++) {
    const value =
      i % 3 === 0
        ? `checkout failed for cart ${i}`
        : i % 3 === 1
          ? `coupon applied twice (${i})`
          : `timeout after ${i}00 ms${i === 5 ? ' (100% cpu)' : ''}`;
    const type = `Err${String.fromCharCode(65 + i)}`;
    const events = eventsFor(i);
    for (const e of events) {
      const body = errorEnvelope({
        exception: {
          type,
          value,
          stacktrace: {
            frames: [
              {
                filename: 'https://shop.example/static/js/app.js',
                lineno: 10 + i,
                function: `handler${String.fromCharCode(65 + i)}`,
              },
            ],
          },
        },
        level: e.level,
        timestamp: e.ts,
        tags: e.tags,
        ...(e.environment ? { environment: e.environment } : {}),
        ...(e.release ? { release: e.release } : {}),
        ...(e.user ? { user: e.user } : {}),
      });
      const res = await send({ client: owner, projectId, key, body });
      expect(res.status).toBe(200);
    }
    const issue = await db.issue.findFirstOrThrow({ where: { projectId, title: `${type}: ${value}` } });
    model.push({
      id: issue.id,
      title: issue.title,
      culprit: issue.culprit ?? '',
      status: 'UNRESOLVED',
      assignedToMe: false,
      events,
    });
  }
  // Statuses and assignment through the API, as a person would.
  for (const [i, m] of model.entries()) {
    const status = i % 3 === 1 ? 'RESOLVED' : i % 7 === 2 ? 'IGNORED' : null;
    if (status) {
      expect((await owner.patch(`/api/v1/projects/${projectId}/issues/${m.id}`, { status })).status).toBe(200);
      m.status = status;
    }
    if (i % 4 === 0) {
      expect(
        (
          await owner.request('PUT', `/api/v1/projects/${projectId}/issues/${m.id}/assignee`, {
            body: { assigneeId: ownerId },
          })
        ).status,
      ).toBe(200);
      m.assignedToMe = true;
    }
  }
}, 120_000);

// --- the independent model -------------------------------------------------------------------------------

const firstSeen = (m: Model) => Math.min(...m.events.map((e) => e.ts));
const lastSeen = (m: Model) => Math.max(...m.events.map((e) => e.ts));
const levelOf = (m: Model) => m.events[m.events.length - 1].level.toUpperCase();
const userKey = (u: User | undefined) =>
  u?.id !== undefined ? `id:${u.id}` : u?.email !== undefined ? `email:${u.email.toLowerCase()}` : null;
const usersOf = (m: Model) => new Set(m.events.map((e) => userKey(e.user)).filter((k) => k !== null)).size;
const tagValues = (m: Model, key: string) =>
  m.events
    .map((e) => (key === 'environment' ? e.environment : key === 'release' ? e.release : e.tags[key]))
    .filter((v): v is string => v !== undefined);
const hasTag = (m: Model, key: string, value: string) => tagValues(m, key).includes(value);
const hasUser = (m: Model, v: string) =>
  m.events.some((e) => [`id:${v}`, `email:${v.toLowerCase()}`, `ip:${v}`].includes(userKey(e.user) ?? ''));
const text = (m: Model) => `${m.title} ${m.culprit}`.toLowerCase();

const byId = (a: Model, b: Model) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const SORTS: Record<string, (a: Model, b: Model) => number> = {
  lastSeen: (a, b) => lastSeen(b) - lastSeen(a) || byId(a, b),
  firstSeen: (a, b) => firstSeen(b) - firstSeen(a) || byId(a, b),
  events: (a, b) => b.events.length - a.events.length || byId(a, b),
  users: (a, b) => usersOf(b) - usersOf(a) || byId(a, b),
};

const cases: [string, (m: Model) => boolean][] = [
  ['', () => true],
  ['is:unresolved', (m) => m.status === 'UNRESOLVED'],
  ['is:resolved', (m) => m.status === 'RESOLVED'],
  ['is:ignored', (m) => m.status === 'IGNORED'],
  ['!is:ignored', (m) => m.status !== 'IGNORED'],
  ['is:assigned', (m) => m.assignedToMe],
  ['is:unassigned', (m) => !m.assignedToMe],
  ['assigned:me', (m) => m.assignedToMe],
  ['!assigned:me', (m) => !m.assignedToMe],
  ['level:warning', (m) => levelOf(m) === 'WARNING'],
  ['!level:error', (m) => levelOf(m) !== 'ERROR'],
  ['environment:production', (m) => hasTag(m, 'environment', 'production')],
  [
    'environment:staging !environment:production',
    (m) => hasTag(m, 'environment', 'staging') && !hasTag(m, 'environment', 'production'),
  ],
  ['release:1.1', (m) => hasTag(m, 'release', '1.1')],
  ['browser:Chrome', (m) => hasTag(m, 'browser', 'Chrome')],
  ['!browser:Chrome', (m) => !hasTag(m, 'browser', 'Chrome')],
  ['url:*checkout*', (m) => tagValues(m, 'url').some((v) => v.includes('checkout'))],
  [
    'url:https://shop.example/cart/*',
    (m) => tagValues(m, 'url').some((v) => v.startsWith('https://shop.example/cart/')),
  ],
  ['url:*/3', (m) => tagValues(m, 'url').some((v) => v.endsWith('/3'))],
  ['user:u1', (m) => hasUser(m, 'u1')],
  ['user:person1@example.com', (m) => hasUser(m, 'person1@example.com')],
  ['user:shared@example.com', (m) => hasUser(m, 'shared@example.com')],
  ['firstSeen:-24h', (m) => firstSeen(m) >= now - 24 * HOUR],
  ['lastSeen:+36h', (m) => lastSeen(m) < now - 36 * HOUR],
  [`lastSeen:>${new Date(now - 30 * HOUR).toISOString()}`, (m) => lastSeen(m) >= now - 30 * HOUR],
  ['checkout', (m) => text(m).includes('checkout')],
  ['"coupon applied"', (m) => text(m).includes('coupon applied')],
  ['HANDLERB', (m) => text(m).includes('handlerb')],
  ['!timeout', (m) => !text(m).includes('timeout')],
  // % and _ are literal characters of the text, not patterns (1100 ms must not match).
  ['100%', (m) => text(m).includes('100%')],
  [
    'is:unresolved environment:production browser:Firefox',
    (m) => m.status === 'UNRESOLVED' && hasTag(m, 'environment', 'production') && hasTag(m, 'browser', 'Firefox'),
  ],
  [
    'release:1.0 !is:resolved level:error',
    (m) => hasTag(m, 'release', '1.0') && m.status !== 'RESOLVED' && levelOf(m) === 'ERROR',
  ],
];

type ListBody = {
  data: {
    issues: { id: string; users: number; eventCount: number }[];
    pagination: { page: number; limit: number; total: number; pages: number };
  };
};

async function list(query: Record<string, string>, client = owner, project = projectId) {
  return client.get(`/api/v1/projects/${project}/issues`, { query });
}

describe('issue search', () => {
  it('the seed is not degenerate: each filter case keeps some issues and drops others', () => {
    for (const [q, keep] of cases.slice(1)) {
      const n = model.filter(keep).length;
      expect.soft(n, q).toBeGreaterThan(0);
      expect.soft(n, q).toBeLessThan(ISSUES);
    }
  });

  it.each(cases)('query %j matches the issues the model picks, newest first', async (query, keep) => {
    const res = await list({ query, limit: '50' });
    expect(res.status).toBe(200);
    const body = res.body as ListBody;
    const expected = model
      .filter(keep)
      .sort(SORTS.lastSeen)
      .map((m) => m.id);
    expect(body.data.issues.map((i) => i.id)).toEqual(expected);
    expect(body.data.pagination).toEqual({
      page: 1,
      limit: 50,
      total: expected.length,
      pages: Math.ceil(expected.length / 50),
    });
  });

  it.each(Object.keys(SORTS))(
    'sort=%s orders every issue by it (ties by id), with users beside the spec fields',
    async (sort) => {
      const res = await list({ sort, limit: '50' });
      expect(res.status).toBe(200);
      const body = res.body as ListBody;
      const expected = [...model].sort(SORTS[sort]);
      expect(body.data.issues.map((i) => i.id)).toEqual(expected.map((m) => m.id));
      expect(body.data.issues.map((i) => i.users)).toEqual(expected.map(usersOf));
      expect(body.data.issues.map((i) => i.eventCount)).toEqual(expected.map((m) => m.events.length));
    },
  );

  it.each([1, 2, 3, 4])(
    'by users with a query, paged 3 a page: page %i (issues with users off the index, then those without)',
    async (page) => {
      const expected = model.filter((m) => m.status !== 'RESOLVED').sort(SORTS.users);
      // The model must hold both kinds, so the pages cross from one to the other.
      expect(expected.some((m) => usersOf(m) === 0) && expected.some((m) => usersOf(m) > 0)).toBe(true);
      const res = await list({ query: '!is:resolved', sort: 'users', limit: '3', page: String(page) });
      const body = res.body as ListBody;
      expect(body.data.issues.map((i) => i.id)).toEqual(expected.slice((page - 1) * 3, page * 3).map((m) => m.id));
      expect(body.data.issues.map((i) => i.users)).toEqual(expected.slice((page - 1) * 3, page * 3).map(usersOf));
      expect(body.data.pagination.total).toBe(expected.length);
    },
  );

  it('sort and query together, paged: page 2 of 3 per page', async () => {
    const expected = model
      .filter((m) => m.status !== 'RESOLVED')
      .sort(SORTS.events)
      .map((m) => m.id);
    const res = await list({ query: '!is:resolved', sort: 'events', limit: '3', page: '2' });
    const body = res.body as ListBody;
    expect(body.data.issues.map((i) => i.id)).toEqual(expected.slice(3, 6));
    expect(body.data.pagination).toEqual({
      page: 2,
      limit: 3,
      total: expected.length,
      pages: Math.ceil(expected.length / 3),
    });
  });

  it('the spec status and level parameters still filter, combined with the query', async () => {
    const res = await list({ status: 'UNRESOLVED', level: 'ERROR', query: 'browser:Safari', limit: '50' });
    const expected = model
      .filter((m) => m.status === 'UNRESOLVED' && levelOf(m) === 'ERROR' && hasTag(m, 'browser', 'Safari'))
      .sort(SORTS.lastSeen);
    expect((res.body as ListBody).data.issues.map((i) => i.id)).toEqual(expected.map((m) => m.id));
    // An invalid spec value is ignored; an unknown sort keeps the default order.
    const lenient = await list({ status: 'OPEN', level: 'LOUD', sort: 'random', limit: '50' });
    expect(lenient.status).toBe(200);
    expect((lenient.body as ListBody).data.issues.map((i) => i.id)).toEqual(
      [...model].sort(SORTS.lastSeen).map((m) => m.id),
    );
  });

  it('_ in free text is a literal underscore, not any character ("ErrA" has no "r_a")', async () => {
    expect(model.some((m) => /r.a/i.test(m.title))).toBe(true);
    const res = await list({ query: 'r_a' });
    expect((res.body as ListBody).data.pagination.total).toBe(0);
  });

  it('environment= filters like environment: in the query', async () => {
    const res = await list({ environment: 'staging', query: 'is:unresolved', limit: '50' });
    const expected = model
      .filter((m) => hasTag(m, 'environment', 'staging') && m.status === 'UNRESOLVED')
      .sort(SORTS.lastSeen);
    expect((res.body as ListBody).data.issues.map((i) => i.id)).toEqual(expected.map((m) => m.id));
    const none = await list({ environment: 'nowhere' });
    expect((none.body as ListBody).data.pagination.total).toBe(0);
  });

  const badQueries: [string, number, string][] = [
    ['is:open', 3, 'Unknown "is:" value "open": use unresolved, resolved, ignored, assigned or unassigned'],
    ['browser:Chrome level:loud', 21, 'Unknown level "loud": use fatal, error, warning, info or debug'],
    ['"checkout', 0, 'Unclosed quote'],
    ['firstSeen:yesterday', 10, '"firstSeen:" takes a time like -24h, +7d (units m, h, d, w) or >2026-11-01'],
    ['url:', 4, 'Missing value after "url:"'],
    ['!', 0, 'Nothing to negate after "!"'],
  ];
  it.each(badQueries)('a bad query %j is 400 with the position and the reason', async (query, position, message) => {
    const res = await list({ query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: ['query', 'query'], message, position }],
    });
  });

  it("GET environments lists the project's environments with their events, most first; 404 to another organization", async () => {
    const counts = new Map<string, number>();
    for (const m of model)
      for (const e of m.events) if (e.environment) counts.set(e.environment, (counts.get(e.environment) ?? 0) + 1);
    const expected = [...counts]
      .map(([name, events]) => ({ name, events }))
      .sort((a, b) => b.events - a.events || a.name.localeCompare(b.name));
    const res = await owner.get(`/api/v1/projects/${projectId}/environments`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expected);
    const { client: intruder } = await signUp();
    expect((await intruder.get(`/api/v1/projects/${projectId}/environments`)).status).toBe(404);
  });

  it('another organization: 404 on this project with any query, and its own project finds none of these issues', async () => {
    const { client: intruder } = await signUp();
    const own = await createProject(intruder, 'Elsewhere');
    for (const query of ['', 'browser:Chrome', 'user:u1', 'checkout']) {
      const res = await list({ query }, intruder);
      expect(res.status).toBe(404);
      const mine = await list({ query, limit: '50' }, intruder, own.id);
      expect(mine.status).toBe(200);
      expect((mine.body as ListBody).data).toEqual({
        issues: [],
        pagination: { page: 1, limit: 50, total: 0, pages: 0 },
      });
    }
  });
});
