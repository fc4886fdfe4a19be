// #61: Explore's refusals, tenancy and saved queries. Every bad query gets its exact status and body (an unknown
// field, an aggregate that does not suit its field or dataset, more than three group-bys, a bad interval or range, a
// malformed filter, a statement stopped by the time limit); another organization's saved query is a 404 and stays as
// it was; a project of another organization in a query is a 404 on every route; saved queries are shared in the
// organization, changed only by their author or an ADMIN/OWNER, and each change is in the audit log.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { inviteAndJoin } from '../support/teams';
import type { TestClient } from '../support/client';

const EXPLORE = '/api/v1/organization/explore';
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
let stranger: Awaited<ReturnType<typeof signUp>>;

const invalid = (error: unknown[]) => ({ statusCode: 400, status: 'failed', message: 'Validation error', error });

/** Log lines written as the logs kind stores them (ingest is not what this test is about). */
async function logLines(project: string, lines: [string, string][]) {
  for (const [level, body] of lines)
    await pool().query(
      `INSERT INTO logs (timestamp, project_id, level, body) VALUES (now() - interval '1 minute', $1, $2, $3)`,
      [project, level, body],
    );
}

beforeAll(async () => {
  owner = await signUp();
  projectId = (await createProject(owner.client, 'Shop')).id;
  await logLines(projectId, [
    ['info', 'paid'],
    ['error', 'declined'],
  ]);
  stranger = await signUp();
  await logLines((await createProject(stranger.client, 'Elsewhere')).id, [['info', 'not yours']]);
});
afterEach(() => {
  delete process.env.EXPLORE_STATEMENT_TIMEOUT_MS;
});

describe('refusals', () => {
  it.each([
    [
      'an unknown field',
      { dataset: 'transactions', groupBy: 'browser' },
      [
        {
          path: ['query', 'groupBy', 0],
          message:
            'Unknown field "browser" for transactions: use project, transaction, transaction.duration, transaction.status, environment, release, trace, measurements.lcp, measurements.fcp, measurements.ttfb, measurements.cls',
        },
      ],
    ],
    [
      'p95 of a text field',
      { dataset: 'spans', aggregate: 'p95(span.op)' },
      [
        {
          path: ['query', 'aggregates', 0],
          message: 'p95() needs a number: "span.op" of spans is text (count_unique() counts its values)',
        },
      ],
    ],
    [
      'failure_rate() of log lines',
      { dataset: 'logs', aggregate: 'failure_rate()' },
      [{ path: ['query', 'aggregates', 0], message: 'failure_rate() is for transactions and spans, not logs' }],
    ],
    [
      'an unknown function',
      { dataset: 'logs', aggregate: 'count(),median(x)' },
      [
        {
          path: ['query', 'aggregates', 1],
          message:
            'Unknown function "median": use count, count_unique, sum, avg, min, max, p50, p75, p90, p95, p99, failure_rate, epm, spm',
        },
      ],
    ],
    [
      'four group-bys',
      { dataset: 'logs', groupBy: 'severity,release,environment,trace' },
      [{ path: ['query', 'groupBy'], message: 'At most 3 group-by fields' }],
    ],
    [
      'an interval that is no interval',
      { dataset: 'logs', interval: '5 minutes' },
      [{ path: ['query', 'interval'], message: 'An interval is a number and a unit (s, m, h, d), e.g. 5m or 1h' }],
    ],
    [
      'an interval making too many buckets',
      { dataset: 'logs', statsPeriod: '14d', interval: '5m' },
      [
        {
          path: ['query', 'interval'],
          message: 'An interval of 5m makes 4,032 buckets over this range: at most 200 (use 2h or more)',
        },
      ],
    ],
    [
      'a range past the most one query reads',
      { dataset: 'logs', statsPeriod: '120d' },
      [{ path: ['query', 'statsPeriod'], message: 'The range is longer than 90 days, the most one query reads' }],
    ],
    [
      'an end before the start',
      { dataset: 'logs', start: '2026-12-02T00:00:00Z', end: '2026-12-01T00:00:00Z' },
      [{ path: ['query', 'end'], message: 'The range must be at least a minute long (end after start)' }],
    ],
    [
      'a start without an end',
      { dataset: 'logs', start: '2026-12-02T00:00:00Z' },
      [{ path: ['query', 'end'], message: 'Give both start and end' }],
    ],
    [
      'an unknown dataset',
      { dataset: 'traces' },
      [
        {
          path: ['query', 'dataset'],
          message: 'Unknown dataset "traces": use spans, transactions, logs, errors, metrics',
        },
      ],
    ],
    [
      'a malformed filter',
      { dataset: 'logs', query: 'severity:error body:"open' },
      [{ path: ['query', 'query'], message: 'Unclosed quote', position: 20 }],
    ],
    [
      'a text field compared as a number',
      { dataset: 'logs', query: 'severity:error message:>3' },
      [{ path: ['query', 'query'], message: '"message" is text: only numbers compare with >', position: 15 }],
    ],
    [
      'top series that are no number',
      { dataset: 'logs', topN: 'five' },
      [{ path: ['query', 'topN'], message: 'Top series: a whole number' }],
    ],
  ])('%s', async (_what, query, error) => {
    const res = await owner.client.get(EXPLORE, { query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(error));
  });

  it('a range past what the plan keeps', async () => {
    await setPlan(owner.orgId, 'FREE');
    const res = await owner.client.get(EXPLORE, { query: { dataset: 'logs', statsPeriod: '45d' } });
    expect(res.body).toEqual(
      invalid([
        {
          path: ['query', 'statsPeriod'],
          message: "The range reaches back past 30 days, as long as this organization's plan keeps data",
        },
      ]),
    );
  });

  it('samples of a group that does not fit the query', async () => {
    for (const [group, error] of [
      ['{"a":1}', [{ path: ['query', 'group'], message: 'A group is a JSON array of up to 3 strings or nulls' }]],
      [
        '["info","x"]',
        [{ path: ['query', 'group'], message: 'The group has 2 values and the query groups by 1 fields' }],
      ],
    ] as const) {
      const res = await owner.client.get(`${EXPLORE}/samples`, {
        query: { dataset: 'logs', groupBy: 'severity', group },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid([...error]));
    }
  });

  it('a statement past the time limit is stopped and says which limit it met', async () => {
    process.env.EXPLORE_STATEMENT_TIMEOUT_MS = '200';
    // Another session holds the spans table: the query waits on it until its time limit stops it.
    const holder = await pool().connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE spans IN ACCESS EXCLUSIVE MODE');
      const res = await owner.client.get(EXPLORE, { query: { dataset: 'spans', groupBy: 'span.op' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        status: 'failed',
        message:
          'The query ran into the 0.2 s limit of one Explore query and was stopped: narrow the time range, pick fewer projects or add a filter',
      });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // Without the lock the same query answers.
    expect((await owner.client.get(EXPLORE, { query: { dataset: 'spans', groupBy: 'span.op' } })).status).toBe(200);
  });
});

describe('tenancy', () => {
  it('reads only the organization’s own projects', async () => {
    const mine = await owner.client.get(EXPLORE, { query: { dataset: 'logs', groupBy: 'message' } });
    expect(mine.body.data.table.map((r: { message: string }) => r.message).sort()).toEqual(['declined', 'paid']);
    const theirs = await stranger.client.get(EXPLORE, { query: { dataset: 'logs', groupBy: 'message' } });
    expect(theirs.body.data.table).toEqual([{ message: 'not yours', 'count()': 1 }]);
  });

  it('a project of another organization in a query is not found, on every route', async () => {
    const foreign = { dataset: 'logs', project: projectId };
    const notFound = { statusCode: 404, status: 'failed', message: 'Project not found' };
    expect((await stranger.client.get(EXPLORE, { query: foreign })).body).toEqual(notFound);
    expect((await stranger.client.get(`${EXPLORE}/samples`, { query: foreign })).body).toEqual(notFound);
    const save = await stranger.client.post(`${EXPLORE}/saved`, {
      name: 'Theirs',
      query: { dataset: 'logs', projects: [projectId] },
    });
    expect(save.status).toBe(404);
    expect(save.body).toEqual(notFound);
    expect((await stranger.client.get(`${EXPLORE}/saved`)).body.data).toEqual([]);
    // Its own project by id is fine.
    const own = await owner.client.get(EXPLORE, { query: foreign });
    expect(own.body.data.table).toEqual([{ 'count()': 2 }]);
  });

  it('another organization’s saved query is not found, and nothing of it changes', async () => {
    const saved = await owner.client.post(`${EXPLORE}/saved`, { name: 'Errors', query: { dataset: 'logs' } });
    const id = saved.body.data.id as string;
    const before = (await owner.client.get(`${EXPLORE}/saved/${id}`)).body.data;
    const notFound = { statusCode: 404, status: 'failed', message: 'Saved query not found' };
    expect((await stranger.client.get(`${EXPLORE}/saved/${id}`)).body).toEqual(notFound);
    expect((await stranger.client.patch(`${EXPLORE}/saved/${id}`, { name: 'Mine now' })).body).toEqual(notFound);
    expect((await stranger.client.delete(`${EXPLORE}/saved/${id}`)).body).toEqual(notFound);
    expect((await owner.client.get(`${EXPLORE}/saved/${id}`)).body.data).toEqual(before);
  });
});

describe('saved queries', () => {
  let member: { client: TestClient };
  let admin: { client: TestClient };
  beforeAll(async () => {
    member = await inviteAndJoin(owner.client, 'MEMBER');
    admin = await inviteAndJoin(owner.client, 'ADMIN');
  });

  it('are shared in the organization; their author or an ADMIN changes them; the audit log has each change', async () => {
    const query = { dataset: 'spans', aggregates: ['p95(span.duration)'], groupBy: ['span.op'], statsPeriod: '7d' };
    const res = await member.client.post(`${EXPLORE}/saved`, { name: ' Slow spans ', query, chart: 'bar' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Slow spans',
      chart: 'bar',
      canEdit: true,
      query: { ...query, query: '', projects: [], topN: 5, limit: 100 },
    });
    const id = res.body.data.id as string;
    // Everyone in the organization sees it; only its author and ADMINs and OWNERs may change it.
    const listed = (await owner.client.get(`${EXPLORE}/saved`)).body.data.find((s: { id: string }) => s.id === id);
    expect(listed).toMatchObject({ name: 'Slow spans', canEdit: true });
    const other = await inviteAndJoin(owner.client, 'MEMBER', 'another member');
    expect((await other.client.get(`${EXPLORE}/saved/${id}`)).body.data.canEdit).toBe(false);
    const forbidden = { statusCode: 403, status: 'failed', message: 'This action requires the ADMIN role' };
    expect((await other.client.patch(`${EXPLORE}/saved/${id}`, { name: 'x' })).body).toEqual(forbidden);
    expect((await other.client.delete(`${EXPLORE}/saved/${id}`)).body).toEqual(forbidden);

    const renamed = await member.client.patch(`${EXPLORE}/saved/${id}`, {
      name: 'Slow spans, 14 days',
      query: { ...query, statsPeriod: '14d' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.query.statsPeriod).toBe('14d');
    expect((await admin.client.patch(`${EXPLORE}/saved/${id}`, { chart: 'area' })).body.data.chart).toBe('area');
    expect((await admin.client.delete(`${EXPLORE}/saved/${id}`)).status).toBe(200);
    expect((await member.client.get(`${EXPLORE}/saved/${id}`)).status).toBe(404);

    const log = await owner.client.get('/api/v1/organization/audit-log', { query: { action: 'explore' } });
    const mine = (log.body.data.entries as { action: string; targetId: string; changes: unknown }[]).filter(
      (e) => e.targetId === id,
    );
    expect(mine.map((e) => e.action)).toEqual([
      'explore.query_deleted',
      'explore.query_updated',
      'explore.query_updated',
      'explore.query_saved',
    ]);
    expect(mine[2].changes).toEqual({
      name: { from: 'Slow spans', to: 'Slow spans, 14 days' },
      query: {
        from: { ...query, query: '', projects: [], topN: 5, limit: 100 },
        to: { ...query, statsPeriod: '14d', query: '', projects: [], topN: 5, limit: 100 },
      },
    });
  });

  it.each([
    [{ name: '', query: { dataset: 'logs' } }, [{ path: ['name'], message: 'A name of 1 to 100 characters' }]],
    [
      { name: 'x', query: { dataset: 'logs' }, chart: 'pie' },
      [{ path: ['chart'], message: 'Chart: line, area or bar' }],
    ],
    [
      { name: 'x', query: { dataset: 'logs', groupBy: ['a', 'b', 'c', 'd'] } },
      [{ path: ['query', 'groupBy'], message: 'At most 3 group-by fields' }],
    ],
    [
      { name: 'x', query: { dataset: 'transactions', aggregates: ['sum(user.id)'] } },
      [
        {
          path: ['query', 'aggregates', 0],
          message:
            'Unknown field "user.id" for transactions: use project, transaction, transaction.duration, transaction.status, environment, release, trace, measurements.lcp, measurements.fcp, measurements.ttfb, measurements.cls',
        },
      ],
    ],
  ])('refuses to save %j', async (body, error) => {
    const res = await owner.client.post(`${EXPLORE}/saved`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(error));
  });
});
