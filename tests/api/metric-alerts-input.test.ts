// #62: metric alert rules refused with their exact 400 (an unknown field, an aggregate that does not suit the
// dataset, a window out of range, thresholds in the wrong order…), changed and muted through PATCH, and out of
// reach of another organization (404 on every route, nothing changed).
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

const invalid = (error: unknown[]) => ({ statusCode: 400, status: 'failed', message: 'Validation error', error });
const GOOD = {
  name: 'Checkout p95',
  query: { dataset: 'spans', query: 'transaction:"POST /checkout"', aggregates: ['p95(span.duration)'] },
  warningThreshold: 500,
  criticalThreshold: 800,
  windowMinutes: 5,
  notifyEmail: 'oncall@example.com',
};
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId: string;

beforeAll(async () => {
  owner = await signUp();
  projectId = (await createProject(owner.client, 'Shop')).id;
});

describe('bad metric alert rules', () => {
  it.each([
    [
      'an unknown field',
      { query: { dataset: 'transactions', aggregates: ['p95(browser)'] } },
      [
        {
          path: ['query', 'aggregates', 0],
          message:
            'Unknown field "browser" for transactions: use project, transaction, transaction.duration, transaction.status, environment, release, trace, measurements.lcp, measurements.fcp, measurements.ttfb, measurements.cls',
        },
      ],
    ],
    [
      'an aggregate the dataset does not have',
      { query: { dataset: 'logs', aggregates: ['failure_rate()'] } },
      [{ path: ['query', 'aggregates', 0], message: 'failure_rate() is for transactions and spans, not logs' }],
    ],
    [
      'a number aggregate of a text field',
      { query: { dataset: 'spans', aggregates: ['p95(span.op)'] } },
      [
        {
          path: ['query', 'aggregates', 0],
          message: 'p95() needs a number: "span.op" of spans is text (count_unique() counts its values)',
        },
      ],
    ],
    [
      'an unknown dataset',
      { query: { dataset: 'widgets', aggregates: ['count()'] } },
      [
        {
          path: ['query', 'dataset'],
          message: 'Unknown dataset "widgets": use spans, transactions, logs, errors, metrics',
        },
      ],
    ],
    [
      'two aggregates',
      { query: { dataset: 'spans', aggregates: ['count()', 'p95(span.duration)'] } },
      [{ path: ['query', 'aggregates'], message: 'A metric alert reads one aggregate, e.g. ["p95(span.duration)"]' }],
    ],
    [
      'a window of 0',
      { windowMinutes: 0 },
      [{ path: ['windowMinutes'], message: 'Window must be 1 to 1440 minutes (a minute to a day)' }],
    ],
    [
      'a window over a day',
      { windowMinutes: 1441 },
      [{ path: ['windowMinutes'], message: 'Window must be 1 to 1440 minutes (a minute to a day)' }],
    ],
    [
      'a warning above the critical threshold',
      { warningThreshold: 900 },
      [
        {
          path: ['warningThreshold'],
          message: 'An alert above a threshold warns first: the warning threshold must be below the critical one',
        },
      ],
    ],
    [
      'a "below" rule warning below its critical threshold',
      { direction: 'below', warningThreshold: 5, criticalThreshold: 10 },
      [
        {
          path: ['warningThreshold'],
          message: 'An alert below a threshold warns first: the warning threshold must be above the critical one',
        },
      ],
    ],
    [
      'a resolve threshold above the warning one',
      { resolveThreshold: 600 },
      [{ path: ['resolveThreshold'], message: 'The resolve threshold must be at or below the warning threshold' }],
    ],
    [
      'no critical threshold',
      { criticalThreshold: undefined },
      [{ path: ['criticalThreshold'], message: 'The critical threshold must be a number' }],
    ],
    [
      'a comparison that is neither a day nor a week',
      { comparison: '1h' },
      [{ path: ['comparison'], message: 'Comparison must be 1d, 1w or null' }],
    ],
    [
      'nowhere to deliver',
      { notifyEmail: null },
      [{ path: ['notifyEmail'], message: 'Give an email address or a webhook URL (or both)' }],
    ],
  ])('%s: 400 with its exact body', async (_label, fields, error) => {
    const res = await owner.client.post(`/api/v1/projects/${projectId}/metric-alerts`, { ...GOOD, ...fields });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(invalid(error));
  });

  it('PATCH checks the merged rule, mutes it, and the generic route does not change it', async () => {
    const res = await owner.client.post(`/api/v1/projects/${projectId}/metric-alerts`, GOOD);
    expect(res.status, res.text).toBe(201);
    const path = `/api/v1/projects/${projectId}/metric-alerts/${res.body.data.id}`;
    const bad = await owner.client.patch(path, { criticalThreshold: 400 });
    expect(bad.body).toEqual(
      invalid([
        {
          path: ['warningThreshold'],
          message: 'An alert above a threshold warns first: the warning threshold must be below the critical one',
        },
      ]),
    );
    const until = '2030-01-01T00:00:00.000Z';
    const muted = await owner.client.patch(path, { mutedUntil: until });
    expect(muted.status).toBe(200);
    expect(muted.body.data).toMatchObject({ mutedUntil: until, criticalThreshold: 800, warningThreshold: 500 });
    const generic = await owner.client.patch(`/api/v1/projects/${projectId}/alerts/${res.body.data.id}`, {
      name: 'Renamed',
    });
    expect(generic.body).toEqual(
      invalid([
        { path: ['type'], message: 'A metric alert is changed at /api/v1/projects/:projectId/metric-alerts/:alertId' },
      ]),
    );
  });
});

describe('another organization', () => {
  it('gets 404 on every metric alert route and changes nothing', async () => {
    const res = await owner.client.post(`/api/v1/projects/${projectId}/metric-alerts`, {
      ...GOOD,
      name: 'Not yours',
    });
    const id = res.body.data.id;
    const before = await db.alertRule.findUniqueOrThrow({ where: { id } });
    const stranger = await signUp();
    const theirs = (await createProject(stranger.client, 'Theirs')).id;
    const attempts = [
      () => stranger.client.get(`/api/v1/projects/${projectId}/metric-alerts`),
      () => stranger.client.post(`/api/v1/projects/${projectId}/metric-alerts`, GOOD),
      () => stranger.client.patch(`/api/v1/projects/${projectId}/metric-alerts/${id}`, { mutedUntil: null }),
      // The rule's id under the stranger's own project.
      () => stranger.client.patch(`/api/v1/projects/${theirs}/metric-alerts/${id}`, { criticalThreshold: 1 }),
      () => stranger.client.get(`/api/v1/projects/${projectId}/metric-alerts/incidents`),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(404);
    expect(await db.alertRule.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.alertRule.count({ where: { projectId: theirs } })).toBe(0);
    expect((await stranger.client.get(`/api/v1/projects/${theirs}/metric-alerts/incidents`)).body.data).toEqual([]);
  });
});
