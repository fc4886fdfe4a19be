// #43: schedules, durations and dates from a public key's holder or a signed-in user are bounded before they are
// stored (an IANA time zone, an interval of at most a year, a crontab cron-parser reads, margins and runtimes within
// Sentry's bounds, every date within year 9999): a 400 naming the field on the REST API and the HTTP check-in, a
// check-in refused as invalid in an envelope (the event beside it stored). A row stored before these checks still
// reads as 200, and control characters in the HTTP check-in's query or path are a 400, not a 500.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { failureEvents } from '@/lib/ingest/items/check-ins';
import { detectMonitorFailures } from '@/lib/monitors/clock-tasks';
import { parseCheckIn } from '@/lib/ingest/items/check-ins/parse-checkin';
import { signUp } from '../support/accounts';
import type { TestClient } from '../support/client';
import { createProject } from '../support/fixtures';

const CONTROL = 'Must not contain control characters';
const TIMEZONE = 'Not an IANA time zone (e.g. Europe/Berlin or UTC)';
const INTERVAL = 'An interval schedule is a positive number and a unit (minute, hour, day, week, month, year)';
const INTERVAL_RANGE =
  'An interval is at most a year (527,040 minute, 8,784 hour, 366 day, 52 week, 12 month or 1 year)';
const CRONTAB_FIELDS =
  'A crontab schedule has five fields (minute hour day-of-month month day-of-week) or is @yearly, @annually, @monthly, @weekly, @daily or @hourly';
const MARGIN = 'A check-in margin is 0 to 40,320 minutes (28 days)';
const RUNTIME = 'A max runtime is 1 to 40,320 minutes (28 days)';
const FAILURES = 'A failure threshold is 1 to 720 runs';
const RECOVERIES = 'A recovery threshold is 1 to 720 runs';
const DURATION = 'A duration is 0 to 2,073,600 seconds (24 days)';
const invalid = (error: { path: (string | number)[]; message: string }[]) => ({
  statusCode: 400,
  status: 'failed',
  message: 'Validation error',
  error,
});

let client: TestClient;
let project: Awaited<ReturnType<typeof createProject>>;
let key: string;
const monitorsUrl = () => `/api/v1/projects/${project.id}/monitors`;
const monitorCount = () => db.monitor.count({ where: { projectId: project.id } });

beforeAll(async () => {
  const s = await signUp();
  client = s.client;
  project = await createProject(client, 'Hostile');
  key = project.keys[0].publicKey;
});

describe('the monitors REST API refuses absurd schedules and bounds (400 naming the field, nothing stored)', () => {
  const cron = { slug: 'bad', scheduleType: 'crontab', schedule: '0 3 * * *' };
  const every = { slug: 'bad', scheduleType: 'interval', schedule: '5 minute' };
  it.each([
    ['timezone Mars/Phobos (crontab)', { ...cron, timezone: 'Mars/Phobos' }, ['timezone'], TIMEZONE],
    ['timezone Mars/Phobos (interval)', { ...every, timezone: 'Mars/Phobos' }, ['timezone'], TIMEZONE],
    ['a UTC offset as time zone', { ...cron, timezone: '+05:00' }, ['timezone'], TIMEZONE],
    ['an Intl-private zone', { ...cron, timezone: 'SystemV/AST4' }, ['timezone'], TIMEZONE],
    ['interval 999999 year', { ...every, schedule: '999999 year' }, ['schedule'], INTERVAL_RANGE],
    ['interval 999999 month', { ...every, schedule: '999999 month' }, ['schedule'], INTERVAL_RANGE],
    ['interval 13 month', { ...every, schedule: '13 month' }, ['schedule'], INTERVAL_RANGE],
    ['interval 367 day', { ...every, schedule: '367 day' }, ['schedule'], INTERVAL_RANGE],
    ['interval 0 minute', { ...every, schedule: '0 minute' }, ['schedule'], INTERVAL],
    ['interval 99999999 minute', { ...every, schedule: '99999999 minute' }, ['schedule'], INTERVAL],
    ['crontab garbage', { ...cron, schedule: 'every day at noon' }, ['schedule'], CRONTAB_FIELDS],
    ['crontab with seconds', { ...cron, schedule: '* * * * * *' }, ['schedule'], CRONTAB_FIELDS],
    [
      'crontab out of range',
      { ...cron, schedule: '99 * * * *' },
      ['schedule'],
      'Not a crontab schedule: Constraint error, got value 99 expected range 0-59',
    ],
    [
      'crontab that never runs',
      { ...cron, schedule: '0 0 30 2 *' },
      ['schedule'],
      'Not a crontab schedule: Invalid explicit day of month definition',
    ],
    ['checkin margin 10^9', { ...cron, checkinMargin: 1e9 }, ['checkinMargin'], MARGIN],
    ['checkin margin negative', { ...cron, checkinMargin: -1 }, ['checkinMargin'], MARGIN],
    ['max runtime 10^12', { ...cron, maxRuntime: 1e12 }, ['maxRuntime'], RUNTIME],
    ['max runtime 0', { ...cron, maxRuntime: 0 }, ['maxRuntime'], RUNTIME],
    ['failure threshold 10^6', { ...cron, failureIssueThreshold: 1e6 }, ['failureIssueThreshold'], FAILURES],
    ['recovery threshold 0.5', { ...cron, recoveryThreshold: 0.5 }, ['recoveryThreshold'], RECOVERIES],
    [
      'uptime every 999999 year',
      { slug: 'bad', kind: 'uptime', url: 'https://example.com/', schedule: '999999 year' },
      ['schedule'],
      INTERVAL_RANGE,
    ],
    [
      'uptime timeout 10^9 ms',
      { slug: 'bad', kind: 'uptime', url: 'https://example.com/', timeoutMs: 1e9 },
      ['timeoutMs'],
      'Timeout must be 1,000 to 30,000 ms',
    ],
  ])('%s', async (_label, body, path, message) => {
    const res = await client.post(monitorsUrl(), body);
    expect([res.status, res.body]).toEqual([400, invalid([{ path, message }])]);
    expect(await monitorCount()).toBe(0);
  });

  it('the edges are accepted: an IANA alias, Etc/GMT+5, 12 month, 1 year, 366 day, margin and runtime at 28 days', async () => {
    const made: string[] = [];
    for (const [slug, body] of [
      ['kolkata', { scheduleType: 'crontab', schedule: '0 3 * * *', timezone: 'Asia/Kolkata' }],
      ['etc', { scheduleType: 'crontab', schedule: '@daily', timezone: 'Etc/GMT+5' }],
      ['months', { scheduleType: 'interval', schedule: '12 month' }],
      [
        'year',
        {
          scheduleType: 'interval',
          schedule: '1 year',
          checkinMargin: 40_320,
          maxRuntime: 40_320,
          failureIssueThreshold: 720,
        },
      ],
      ['days', { scheduleType: 'interval', schedule: '366 day' }],
    ] as const) {
      const res = await client.post(monitorsUrl(), { slug, ...body });
      expect(res.status, res.text).toBe(201);
      expect(Date.parse(res.body.data.nextExpectedAt)).toBeLessThanOrEqual(Date.now() + 367 * 86_400_000);
      made.push(res.body.data.id);
    }
    await db.monitor.deleteMany({ where: { id: { in: made } } });
  });

  it('an update is held to the same ranges and changes nothing when refused', async () => {
    const made = await client.post(monitorsUrl(), { slug: 'edit-me', scheduleType: 'interval', schedule: '10 minute' });
    expect(made.status).toBe(201);
    const url = `${monitorsUrl()}/${made.body.data.id}`;
    const before = await db.monitor.findUniqueOrThrow({ where: { id: made.body.data.id } });
    for (const [body, path, message] of [
      [{ timezone: 'Mars/Phobos' }, ['timezone'], TIMEZONE],
      [{ schedule: '999999 month' }, ['schedule'], INTERVAL_RANGE],
      [{ scheduleType: 'crontab' }, ['schedule'], CRONTAB_FIELDS],
      [{ checkinMargin: 1e9 }, ['checkinMargin'], MARGIN],
    ] as const) {
      const res = await client.patch(url, body);
      expect([res.status, res.body]).toEqual([400, invalid([{ path: [...path], message }])]);
    }
    expect(await db.monitor.findUniqueOrThrow({ where: { id: made.body.data.id } })).toEqual(before);
    await db.monitor.delete({ where: { id: made.body.data.id } });
  });
});

describe('a check_in item with a hostile monitor_config is refused as invalid by the parser', () => {
  const base = { check_in_id: 'a'.repeat(32), monitor_slug: 'envelope-job', status: 'ok' };
  const config = (over: Record<string, unknown>) => ({
    ...base,
    monitor_config: { schedule: { type: 'crontab', value: '0 * * * *' }, ...over },
  });
  const CASES: [string, Record<string, unknown>, (string | number)[], string][] = [
    ['timezone Mars/Phobos', config({ timezone: 'Mars/Phobos' }), ['monitor_config', 'timezone'], TIMEZONE],
    [
      'interval 999999 year',
      config({ schedule: { type: 'interval', value: 999_999, unit: 'year' } }),
      ['monitor_config', 'schedule'],
      INTERVAL_RANGE,
    ],
    [
      'interval 999999 month',
      config({ schedule: { type: 'interval', value: 999_999, unit: 'month' } }),
      ['monitor_config', 'schedule'],
      INTERVAL_RANGE,
    ],
    [
      'interval 0 minute',
      config({ schedule: { type: 'interval', value: 0, unit: 'minute' } }),
      ['monitor_config', 'schedule', 'value'],
      INTERVAL,
    ],
    [
      'crontab garbage',
      config({ schedule: { type: 'crontab', value: 'whenever' } }),
      ['monitor_config', 'schedule'],
      CRONTAB_FIELDS,
    ],
    ['checkin_margin 10^9', config({ checkin_margin: 1e9 }), ['monitor_config', 'checkin_margin'], MARGIN],
    ['max_runtime 10^9', config({ max_runtime: 1e9 }), ['monitor_config', 'max_runtime'], RUNTIME],
    ['duration of a year', { ...base, duration: 365 * 86_400 }, ['duration'], DURATION],
    ['a NUL in environment', { ...base, environment: 'prod\u0000' }, ['environment'], CONTROL],
    ['a NUL in check_in_id', { ...base, check_in_id: 'abc\u0000' }, ['check_in_id'], CONTROL],
  ];

  it.each(CASES)('%s: the exact FieldIssue', (_label, payload, path, message) => {
    expect(parseCheckIn(payload, ['items', 1])).toEqual([{ path: ['items', 1, ...path], message }]);
  });

  it.each(CASES)(
    '%s: in an envelope the check-in is counted invalid, no monitor is made, the error event beside it is stored',
    async (_label, payload, path) => {
      const eventId = crypto.randomUUID().replace(/-/g, '');
      const event = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        level: 'error',
        exception: {
          values: [
            {
              type: 'Error',
              value: `beside ${_label}`,
              stacktrace: { frames: [{ filename: 'job.js', function: 'run', lineno: 1 }] },
            },
          ],
        },
      };
      const body = [
        JSON.stringify({ event_id: eventId }),
        '{"type":"event"}',
        JSON.stringify(event),
        '{"type":"check_in"}',
        JSON.stringify(payload),
      ].join('\n');
      const res = await client.post(`/api/${project.number}/envelope/`, body, {
        headers: { 'x-sentry-auth': `Sentry sentry_key=${key}, sentry_version=7` },
      });
      expect([res.status, res.body]).toEqual([200, { id: eventId }]);
      expect(await db.event.count({ where: { projectId: project.id, eventId } })).toBe(1);
      expect(await db.monitor.count({ where: { projectId: project.id, slug: 'envelope-job' } })).toBe(0);
      const stats = (await client.get(`/api/v1/projects/${project.id}/stats`)).body.data as {
        rows: { category: string; outcome: string; reason: string; quantity: number }[];
      };
      const reason = `validation: ${path.filter((p) => typeof p === 'string').join('.')}`;
      expect(stats.rows.some((r) => r.category === 'monitor' && r.outcome === 'invalid' && r.reason === reason)).toBe(
        true,
      );
    },
  );
});

describe('the HTTP check-in route', () => {
  let monitorId: string;
  beforeAll(async () => {
    const made = await client.post(monitorsUrl(), { slug: 'curl-job', scheduleType: 'interval', schedule: '1 hour' });
    monitorId = made.body.data.id;
  });
  const checkins = () => db.monitorCheckin.count({ where: { monitorId } });

  it.each([
    [
      'environment=%00',
      'curl-job',
      { status: 'ok', environment: '\u0000' },
      [{ path: ['query', 'environment'], message: CONTROL }],
    ],
    [
      'check_in_id=%00',
      'curl-job',
      { status: 'ok', check_in_id: '\u0000' },
      [{ path: ['query', 'check_in_id'], message: CONTROL }],
    ],
    ['status=%00', 'curl-job', { status: '\u0000' }, [{ path: ['query', 'status'], message: CONTROL }]],
    [
      'an escape in a query name',
      'curl-job',
      { status: 'ok', 'x\u001b': '1' },
      [{ path: ['query', 'x\u001b'], message: CONTROL }],
    ],
    ['a NUL in the slug segment', 'curl-job%00', { status: 'ok' }, [{ path: ['params', 'slug'], message: CONTROL }]],
    [
      'status=bogus',
      'curl-job',
      { status: 'bogus' },
      [{ path: ['query', 'status'], message: 'Status must be in_progress, ok or error' }],
    ],
    [
      'duration of a year',
      'curl-job',
      { status: 'ok', duration: String(365 * 86_400) },
      [{ path: ['query', 'duration'], message: DURATION }],
    ],
    [
      'duration not a number',
      'curl-job',
      { status: 'ok', duration: 'soon' },
      [{ path: ['query', 'duration'], message: DURATION }],
    ],
  ])('%s → 400 naming it, nothing stored', async (_label, slug, query, error) => {
    const res = await client.get(`/api/${project.number}/cron/${slug}/${key}/`, { query });
    expect([res.status, res.body]).toEqual([400, invalid(error)]);
    expect(await checkins()).toBe(0);
  });

  it('a NUL in the key or project segment → 400, before any lookup', async () => {
    const res = await client.get(`/api/${project.number}/cron/curl-job/${key}%00/`, { query: { status: 'ok' } });
    expect([res.status, res.body]).toEqual([400, invalid([{ path: ['params', 'key'], message: CONTROL }])]);
    const num = await client.get(`/api/${project.number}%00/cron/curl-job/${key}/`, { query: { status: 'ok' } });
    expect([num.status, num.body]).toEqual([400, invalid([{ path: ['params', 'projectNumber'], message: CONTROL }])]);
    expect(await checkins()).toBe(0);
  });

  it('a good check-in still answers 202', async () => {
    const res = await client.get(`/api/${project.number}/cron/curl-job/${key}/`, {
      query: { status: 'ok', duration: '12.5', environment: 'production' },
    });
    expect([res.status, res.body.message]).toEqual([202, 'Check-in accepted']);
    expect(
      await db.monitorCheckin.findMany({
        where: { monitorId },
        select: { status: true, durationMs: true, environment: true },
      }),
    ).toEqual([{ status: 'ok', durationMs: 12_500, environment: 'production' }]);
  });
});

describe('a row stored before the checks still reads', () => {
  it('the Monitors list answers 200 over next_expected_at in year 85,360, a Mars time zone and a 999999 month interval; a check-in and the minute job recompute it', async () => {
    const s = await signUp();
    const p = await createProject(s.client, 'Legacy rows');
    const [absurd] = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO monitors (project_id, slug, schedule_type, schedule, timezone, next_expected_at)
      VALUES (${p.id}, 'from-before', 'interval', '999999 month', 'Mars/Phobos', '85360-01-01T00:00:00Z'::timestamptz) RETURNING id`;
    const [farOff] = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO monitors (project_id, slug, schedule_type, schedule, timezone, next_expected_at)
      VALUES (${p.id}, 'far-off', 'interval', '5 minute', 'UTC', '85360-01-01T00:00:00Z'::timestamptz) RETURNING id`;
    await db.$executeRaw`
      INSERT INTO monitor_checkins (id, monitor_id, status, expected_at, started_at, finished_at)
      VALUES ('old-run', ${absurd.id}, 'ok', '85360-01-01T00:00:00Z'::timestamptz, now(), now())`;
    const list = await s.client.get(`/api/v1/projects/${p.id}/monitors`);
    expect(list.status, list.text).toBe(200);
    expect(
      list.body.data.map((m: { slug: string; nextExpectedAt: string | null; timezone: string }) => [
        m.slug,
        m.nextExpectedAt,
        m.timezone,
      ]),
    ).toEqual([
      ['far-off', null, 'UTC'],
      ['from-before', null, 'Mars/Phobos'],
    ]);
    expect(list.body.data[1].runs).toMatchObject([{ id: 'old-run', expectedAt: null }]);

    // Muting does not touch the schedule, so it is not refused for the one stored before.
    expect((await s.client.patch(`/api/v1/projects/${p.id}/monitors/${absurd.id}`, { muted: true })).status).toBe(200);
    // A check-in answers 202; the absurd schedule has no next run (null), the sane one gets one again from the minute job.
    const ping = await s.client.get(`/api/${p.number}/cron/from-before/${p.keys[0].publicKey}/`, {
      query: { status: 'ok' },
    });
    expect([ping.status, ping.body.message]).toEqual([202, 'Check-in accepted']);
    await detectMonitorFailures(failureEvents(), undefined, [p.id]);
    const after = await db.monitor.findMany({
      where: { projectId: p.id },
      orderBy: { slug: 'asc' },
      select: { slug: true, nextExpectedAt: true },
    });
    expect(after[0].slug).toBe('far-off');
    expect(after[0].nextExpectedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(after[1]).toEqual({ slug: 'from-before', nextExpectedAt: null });
    expect(farOff.id).toBeTruthy();
  });
});
