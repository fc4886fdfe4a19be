// Rollups written by the ingest batch statement (hourly counts, minute counts, tag values, distinct users)
// against a recount from the raw events, after randomized bursts through the real ingest path.
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { pool } from '@/lib/pg';
import { handleIngest, type IngestResponse } from '@/lib/ingest/protocols/native';
import { MAX_TAG_KEYS_PER_ISSUE, MAX_TAG_VALUES_PER_KEY } from '@/lib/ingest/store/rollup-keys';
import { errorEnvelope, transactionEnvelope } from './ingest-helpers';

type Account = Awaited<ReturnType<typeof signUp>>;
let account: Account;

beforeAll(async () => {
  account = await signUp();
  await setPlan(account.orgId, 'PRO');
});
afterEach(() => clock.reset());

/** A fresh project (and key, so a fresh rate-limit bucket) with an ingest function through handleIngest. */
async function freshProject() {
  const p = await createProject(account.client, `P ${Math.random()}`);
  const key = p.keys[0].publicKey;
  const ingest = (body: unknown): Promise<IngestResponse> =>
    handleIngest({
      projectId: p.id,
      method: 'POST',
      headers: { 'x-ingest-auth': `ingest_key=${key}` },
      searchParams: new URLSearchParams(),
      body: Buffer.from(JSON.stringify(body)),
    });
  return { project: p, ingest };
}

/** An event's fields with the `route` tag /r/i. */
const route = (i: number) => ({ tags: { route: `/r/${i}` } });

/**
 * Events with `route` values /r/0 … /r/(count − 1), one value each, sent 40 at a time (each burst several batches);
 * every one answered 200.
 */
async function sendRoutes(ingest: (body: unknown) => Promise<IngestResponse>, count: number): Promise<void> {
  for (let start = 0; start < count; start += 40) {
    const n = Math.min(40, count - start);
    const res = await Promise.all(Array.from({ length: n }, (_, i) => ingest(errorEnvelope(route(start + i)))));
    expect(res.every((r) => r.status === 200)).toBe(true);
  }
}

const q = async <T>(text: string, values: unknown[]) =>
  (await pool().query<T & Record<string, unknown>>(text, values)).rows;

/** Every rollup of the project's issues, and the same figures recounted from its raw events. */
async function rollupsAndRecount(projectId: string) {
  const issues = `(SELECT id FROM issues WHERE project_id = $1)`;
  // The user key as ingest derives it, written again here from the stored user_context.
  const userKey = `CASE WHEN e.user_context ->> 'id' IS NOT NULL THEN 'id:' || (e.user_context ->> 'id')
                        WHEN e.user_context ->> 'email' IS NOT NULL THEN 'email:' || lower(e.user_context ->> 'email') END`;
  // Tag pairs per event: environment and release from their columns, then the tags map without those keys.
  const pairs = `SELECT e.issue_id, 'environment' AS key, e.environment AS value FROM events e WHERE e.project_id = $1 AND e.environment IS NOT NULL
    UNION ALL SELECT e.issue_id, 'release', e.release FROM events e WHERE e.project_id = $1 AND e.release IS NOT NULL
    UNION ALL SELECT e.issue_id, t.key, t.value FROM events e, jsonb_each_text(coalesce(e.tags, '{}')) t
      WHERE e.project_id = $1 AND NOT (t.key = 'environment' AND e.environment IS NOT NULL) AND NOT (t.key = 'release' AND e.release IS NOT NULL)`;
  const [
    hourly,
    hourlyRecount,
    minutes,
    minutesRecount,
    users,
    usersRecount,
    userCounts,
    userCountsRecount,
    tagValues,
    tagValuesRecount,
    tagKeys,
    tagKeysRecount,
    eventCounts,
    eventCountsRecount,
  ] = await Promise.all([
    q(`SELECT issue_id, hour, count FROM issue_hourly_counts WHERE issue_id IN ${issues} ORDER BY 1, 2`, [projectId]),
    q(
      `SELECT issue_id, date_bin('1 hour', timestamp, TIMESTAMPTZ '1970-01-01Z') AS hour, count(*)::int AS count
       FROM events WHERE project_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [projectId],
    ),
    q(`SELECT minute, count FROM project_minute_counts WHERE project_id = $1 ORDER BY 1`, [projectId]),
    q(
      `SELECT date_bin('1 minute', received_at, TIMESTAMPTZ '1970-01-01Z') AS minute, count(*)::int AS count
       FROM events WHERE project_id = $1 GROUP BY 1 ORDER BY 1`,
      [projectId],
    ),
    q(`SELECT issue_id, user_hash FROM issue_users WHERE issue_id IN ${issues} ORDER BY 1, 2`, [projectId]),
    q(
      `SELECT DISTINCT e.issue_id, md5(${userKey})::uuid AS user_hash FROM events e WHERE e.project_id = $1 AND ${userKey} IS NOT NULL ORDER BY 1, 2`,
      [projectId],
    ),
    q(`SELECT issue_id, users FROM issue_user_counts WHERE issue_id IN ${issues} ORDER BY 1`, [projectId]),
    q(
      `SELECT e.issue_id, count(DISTINCT ${userKey})::int AS users FROM events e WHERE e.project_id = $1 AND ${userKey} IS NOT NULL GROUP BY 1 ORDER BY 1`,
      [projectId],
    ),
    q(`SELECT issue_id, key, value, count FROM issue_tag_values WHERE issue_id IN ${issues} ORDER BY 1, 2, 3`, [
      projectId,
    ]),
    q(`SELECT issue_id, key, value, count(*)::int AS count FROM (${pairs}) p GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, [
      projectId,
    ]),
    // A key's events are read as its values' counts plus its "other" bucket (the key row is not written per event).
    q(
      `SELECT k.issue_id, k.key, (k.other + (SELECT coalesce(sum(v.count), 0) FROM issue_tag_values v WHERE v.issue_id = k.issue_id AND v.key = k.key))::int AS events,
              k.distinct_values, k.other
       FROM issue_tag_keys k WHERE k.issue_id IN ${issues} ORDER BY 1, 2`,
      [projectId],
    ),
    q(
      `SELECT issue_id, key, count(*)::int AS events, count(DISTINCT value)::int AS distinct_values, 0 AS other
       FROM (${pairs}) p GROUP BY 1, 2 ORDER BY 1, 2`,
      [projectId],
    ),
    q(`SELECT id AS issue_id, event_count FROM issues WHERE project_id = $1 ORDER BY 1`, [projectId]),
    q(`SELECT issue_id, count(*)::int AS event_count FROM events WHERE project_id = $1 GROUP BY 1 ORDER BY 1`, [
      projectId,
    ]),
  ]);
  return {
    rollups: { hourly, minutes, users, userCounts, tagValues, tagKeys, eventCounts },
    recount: {
      hourly: hourlyRecount,
      minutes: minutesRecount,
      users: usersRecount,
      userCounts: userCountsRecount,
      tagValues: tagValuesRecount,
      tagKeys: tagKeysRecount,
      eventCounts: eventCountsRecount,
    },
  };
}

const BASE = Date.parse('2026-05-04T10:00:00.000Z');

const arbEvent = fc.record({
  type: fc.constantFrom('TypeError', 'RangeError', 'SyntaxError'),
  hoursAgo: fc.integer({ min: 0, max: 72 }),
  msInHour: fc.integer({ min: 0, max: 3_599_999 }),
  environment: fc.option(fc.constantFrom('production', 'staging'), { nil: undefined }),
  release: fc.option(fc.constantFrom('1.0.0', '1.0.1', '2.0.0'), { nil: undefined }),
  tags: fc.option(
    fc.dictionary(
      fc.constantFrom('browser', 'route', 'environment', 'release', 'os', 'ü'),
      fc.constantFrom('Chrome', 'Firefox', '/a', '/b', '', 'é😀'),
      { maxKeys: 4 },
    ),
    { nil: undefined },
  ),
  user: fc.option(
    fc.oneof(
      fc.record({ id: fc.constantFrom('u1', 'u2', 'u3', 'U1') }),
      fc.record({ email: fc.constantFrom('a@x.io', 'A@X.io', 'b@x.io') }),
      fc.record({ id: fc.constantFrom('u1', 'u4'), email: fc.constantFrom('a@x.io', 'c@x.io') }),
      fc.constant({}),
    ),
    { nil: undefined },
  ),
  // A few shared ids, so some envelopes repeat an earlier event_id and must not count twice.
  eventId: fc.option(fc.constantFrom(...['a', 'b', 'c', 'd'].map((c) => c.repeat(32))), { nil: undefined, freq: 3 }),
  transaction: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

describe('rollups equal a recount from raw events', () => {
  it('after randomized bursts through the ingest path (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(arbEvent, { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 3 }),
        async (bursts) => {
          const { project, ingest } = await freshProject();
          // Receipt times a minute apart between bursts: the minute rollup gets several buckets.
          for (const [b, burst] of bursts.entries()) {
            clock.set(BASE + b * 61_000);
            const results = await Promise.all(
              burst.map((e) => {
                const timestamp = BASE - e.hoursAgo * 3_600_000 + e.msInHour - 3_600_000;
                if (e.transaction) return ingest(transactionEnvelope({ timestamp }));
                const exception = { ...errorEnvelope().exception, type: e.type };
                return ingest(
                  errorEnvelope({
                    exception,
                    timestamp,
                    environment: e.environment,
                    release: e.release,
                    tags: e.tags,
                    user: e.user,
                    ...(e.eventId ? { event_id: e.eventId } : {}),
                  }),
                );
              }),
            );
            expect(results.map((r) => r.status)).toEqual(burst.map(() => 200));
          }
          const { rollups, recount } = await rollupsAndRecount(project.id);
          expect(rollups).toEqual(recount);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a hostile client cannot grow the tag rollup past its caps; the counts still add up', async () => {
    const { project, ingest } = await freshProject();
    const extra = 30;
    // One value per event for `route`, more than the per-key cap, sent in bursts of several batches.
    await sendRoutes(ingest, MAX_TAG_VALUES_PER_KEY + extra);
    // Then 50 new keys per event (the per-event cap), 3 events: 150 more keys than the issue had.
    for (let k = 0; k < 3; k++) {
      const tags = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${k}-${i}`, 'v']));
      expect((await ingest(errorEnvelope({ tags }))).status).toBe(200);
    }
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: project.id } });
    const routeKey = await db.issueTagKey.findUniqueOrThrow({
      where: { issueId_key: { issueId: issue.id, key: 'route' } },
    });
    const routeValues = await db.issueTagValue.findMany({ where: { issueId: issue.id, key: 'route' } });
    expect(routeValues).toHaveLength(MAX_TAG_VALUES_PER_KEY);
    expect(routeKey).toMatchObject({ distinctValues: MAX_TAG_VALUES_PER_KEY, other: extra });
    // Every event carrying the key is counted once: in its value's count or in `other`.
    expect(routeValues.reduce((s, v) => s + v.count, 0) + routeKey.other).toBe(MAX_TAG_VALUES_PER_KEY + extra);
    const keys = await db.issueTagKey.count({ where: { issueId: issue.id } });
    expect(keys).toBe(MAX_TAG_KEYS_PER_ISSUE);
    // Per event at most 50 pairs reached the rollup.
    expect(await db.issueTagValue.count({ where: { issueId: issue.id, key: { startsWith: 'k0-' } } })).toBe(50);
  });

  it('a key near its cap keeps counting the values it knows; only new values past the cap go to `other`', async () => {
    const { project, ingest } = await freshProject();
    // Two short of the cap, in batches small enough that each has room for all its values (no value is looked up).
    await sendRoutes(ingest, MAX_TAG_VALUES_PER_KEY - 2);
    // Then, together: two values the issue knows and three new ones. The key has room for two of the new ones.
    const burst = [route(0), route(1), route(1000), route(1001), route(1002)];
    const res = await Promise.all(burst.map((e) => ingest(errorEnvelope(e))));
    expect(res.every((r) => r.status === 200)).toBe(true);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: project.id } });
    const key = await db.issueTagKey.findUniqueOrThrow({ where: { issueId_key: { issueId: issue.id, key: 'route' } } });
    const values = await db.issueTagValue.findMany({ where: { issueId: issue.id, key: 'route' } });
    expect(values).toHaveLength(MAX_TAG_VALUES_PER_KEY);
    expect(key).toMatchObject({ distinctValues: MAX_TAG_VALUES_PER_KEY, other: 1 });
    const count = (v: string) => values.find((x) => x.value === v)?.count;
    expect([count('/r/0'), count('/r/1')]).toEqual([2, 2]);
    expect(values.filter((v) => v.value.startsWith('/r/100'))).toHaveLength(2);
    expect(values.reduce((s, v) => s + v.count, 0) + key.other).toBe(MAX_TAG_VALUES_PER_KEY - 2 + burst.length);
  });
});

describe('read paths use the rollups', () => {
  it('issue list: users and a 24-hour sparkline beside the spec fields; detail: users; tags endpoint', async () => {
    const { project, ingest } = await freshProject();
    const now = Date.parse('2026-05-04T10:30:00.000Z');
    clock.set(now);
    const sends = [
      { timestamp: now - 60_000, user: { id: 'u1' }, tags: { browser: 'Chrome' }, environment: 'production' },
      { timestamp: now - 120_000, user: { id: 'u1' }, tags: { browser: 'Firefox' }, environment: 'production' },
      { timestamp: now - 2 * 3_600_000, user: { email: 'x@y.io' }, tags: { browser: 'Chrome' }, release: '1.2.3' },
      { timestamp: now - 30 * 3_600_000, user: undefined, tags: { browser: 'Chrome' } },
    ];
    for (const s of sends) expect((await ingest(errorEnvelope(s))).status).toBe(200);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: project.id } });

    const list = await account.client.get(`/api/v1/projects/${project.id}/issues`);
    const item = list.body.data.issues[0];
    expect(item).toMatchObject({ id: issue.id, eventCount: 4, users: 2 });
    const sparkline = new Array(24).fill(0);
    sparkline[23] = 2;
    sparkline[21] = 1;
    expect(item.sparkline).toEqual(sparkline);

    const detail = await account.client.get(`/api/v1/projects/${project.id}/issues/${issue.id}`);
    expect(detail.body.data.users).toBe(2);
    expect(detail.body.data.events).toHaveLength(4);

    const tags = await account.client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/tags`);
    expect(tags.status).toBe(200);
    expect(tags.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Issue tags fetched' });
    expect(tags.body.data).toEqual({
      users: 2,
      tags: [
        {
          key: 'browser',
          events: 4,
          distinctValues: 2,
          other: 0,
          values: [
            { value: 'Chrome', count: 3 },
            { value: 'Firefox', count: 1 },
          ],
        },
        { key: 'environment', events: 2, distinctValues: 1, other: 0, values: [{ value: 'production', count: 2 }] },
        { key: 'release', events: 1, distinctValues: 1, other: 0, values: [{ value: '1.2.3', count: 1 }] },
      ],
    });
  });

  it('the tags endpoint answers 404 to another organization and for an unknown issue', async () => {
    const { project, ingest } = await freshProject();
    expect((await ingest(errorEnvelope({ tags: { a: 'b' } }))).status).toBe(200);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: project.id } });
    const intruder = await signUp();
    const own = await createProject(intruder.client, 'Mine');
    for (const url of [
      `/api/v1/projects/${project.id}/issues/${issue.id}/tags`,
      `/api/v1/projects/${own.id}/issues/${issue.id}/tags`,
    ]) {
      const res = await intruder.client.get(url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Issue not found' });
    }
    const unknown = await account.client.get(`/api/v1/projects/${project.id}/issues/nope/tags`);
    expect(unknown.status).toBe(404);
  });

  it("the event list total is the issue's count; a page past it is empty", async () => {
    const { project, ingest } = await freshProject();
    await Promise.all(Array.from({ length: 7 }, (_, i) => ingest(errorEnvelope({ timestamp: BASE + i }))));
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: project.id } });
    const url = `/api/v1/projects/${project.id}/issues/${issue.id}/events`;
    const page2 = await account.client.get(url, { query: { page: 2, limit: 3 } });
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 3, total: 7, pages: 3 });
    expect(page2.body.data.events.map((e: { timestamp: string }) => e.timestamp)).toEqual(
      [3, 2, 1].map((i) => new Date(BASE + i).toISOString()),
    );
    const far = await account.client.get(url, { query: { page: 1e12, limit: 50 } });
    expect(far.status).toBe(200);
    expect(far.body.data.events).toEqual([]);
    expect(far.body.data.pagination.total).toBe(7);
  });
});
