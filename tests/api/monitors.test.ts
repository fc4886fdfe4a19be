// #32: cron monitors. The real @sentry/node's withMonitor (a job that succeeds, one that throws, one that overruns
// its max runtime), a raw HTTP check-in, and the detection of missed runs on a clock the test controls: crontab in a
// time zone across a DST change, an interval, several instances racing (one detection each), an issue per incident
// resolved on recovery.
import * as Sentry from '@sentry/node';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { failureEvents } from '@/lib/ingest/items/check-ins';
import { detectMonitorFailures } from '@/lib/monitors/clock-tasks';
import { nextRun } from '@/lib/monitors/schedule';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

afterEach(() => clock.reset());

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Jobs');
  const monitors = async () =>
    (await s.client.get(`/api/v1/projects/${project.id}/monitors`)).body.data as {
      id: string;
      slug: string;
      status: string;
      nextExpectedAt: string;
      issueId: string | null;
      runs: { status: string; durationMs: number | null }[];
    }[];
  return { ...s, project, monitors };
}

describe('schedules', () => {
  it.each([
    [
      'crontab in UTC',
      { scheduleType: 'crontab', schedule: '0 3 * * *', timezone: 'UTC' },
      '2026-11-20T10:00:00Z',
      '2026-11-21T03:00:00.000Z',
    ],
    [
      'crontab in Berlin',
      { scheduleType: 'crontab', schedule: '0 3 * * *', timezone: 'Europe/Berlin' },
      '2026-11-20T10:00:00Z',
      '2026-11-21T02:00:00.000Z',
    ],
    [
      'New York on the night clocks go forward (02:30 does not exist)',
      { scheduleType: 'crontab', schedule: '30 2 * * *', timezone: 'America/New_York' },
      '2026-03-08T06:00:00Z',
      '2026-03-08T07:30:00.000Z',
    ],
    [
      'New York the day after',
      { scheduleType: 'crontab', schedule: '30 2 * * *', timezone: 'America/New_York' },
      '2026-03-08T08:00:00Z',
      '2026-03-09T06:30:00.000Z',
    ],
    [
      'New York when clocks go back',
      { scheduleType: 'crontab', schedule: '0 12 * * *', timezone: 'America/New_York' },
      '2026-11-01T00:00:00Z',
      '2026-11-01T17:00:00.000Z',
    ],
    [
      'every 5 minutes',
      { scheduleType: 'interval', schedule: '5 minute', timezone: 'UTC' },
      '2026-11-20T10:00:00Z',
      '2026-11-20T10:05:00.000Z',
    ],
  ])('%s', (_label, schedule, after, expected) => {
    expect(nextRun(schedule, new Date(after))?.toISOString()).toBe(expected);
  });
});

describe('check-ins from the real @sentry/node', () => {
  it('withMonitor: a job that succeeds, one that throws, one that overruns its max runtime', async () => {
    const t = await setup();
    const server = await startSentryServer();
    try {
      Sentry.init({
        dsn: server.dsn((t.project.keys[0] as { sentryDsn?: string }).sentryDsn!),
        release: 'jobs@1',
        defaultIntegrations: false,
      });
      const config = {
        schedule: { type: 'crontab' as const, value: '0 * * * *' },
        checkinMargin: 5,
        maxRuntime: 1,
        timezone: 'UTC',
        failureIssueThreshold: 1,
        recoveryThreshold: 1,
      };
      await Sentry.withMonitor('nightly-backup', async () => undefined, config);
      // One run after the other, as a scheduler runs them (their check-ins otherwise race each other here).
      expect(await Sentry.flush(5000)).toBe(true);
      await expect(
        Sentry.withMonitor(
          'nightly-backup',
          async () => {
            throw new Error('disk full');
          },
          config,
        ),
      ).rejects.toThrow('disk full');
      // A run that starts and never reports back.
      Sentry.captureCheckIn({ monitorSlug: 'slow-report', status: 'in_progress' }, { ...config, maxRuntime: 1 });
      expect(await Sentry.flush(5000)).toBe(true);

      let [backup, slow] = await t.monitors();
      expect(backup).toMatchObject({ slug: 'nightly-backup', status: 'error' });
      expect(backup.runs.map((r) => r.status)).toEqual(['error', 'ok']);
      expect(backup.issueId).not.toBeNull();
      const issue = (await t.client.get(`/api/v1/projects/${t.project.id}/issues/${backup.issueId}`)).body.data;
      expect(issue).toMatchObject({
        title: 'Monitor failure: nightly-backup failed',
        status: 'UNRESOLVED',
        eventCount: 1,
      });
      expect(slow.runs.map((r) => r.status)).toEqual(['in_progress']);

      // Two minutes later the overrunning run times out.
      clock.set(Date.now() + 2 * 60_000);
      expect(await detectMonitorFailures(failureEvents(), undefined, [t.project.id])).toMatchObject({ timedOut: 1 });
      [backup, slow] = await t.monitors();
      expect(slow).toMatchObject({ status: 'timeout', runs: [{ status: 'timeout' }] });
      expect((await t.client.get(`/api/v1/projects/${t.project.id}/issues/${slow.issueId}`)).body.data.title).toBe(
        'Monitor failure: slow-report timed out',
      );

      // The backup succeeds again: its issue is resolved (recovery threshold 1).
      clock.reset();
      await Sentry.withMonitor('nightly-backup', async () => undefined, config);
      expect(await Sentry.flush(5000)).toBe(true);
      expect((await t.client.get(`/api/v1/projects/${t.project.id}/issues/${backup.issueId}`)).body.data.status).toBe(
        'RESOLVED',
      );
    } finally {
      await Sentry.close(2000);
      await server.close();
    }
  });
});

describe('missed runs', () => {
  it('a raw HTTP check-in, then runs that do not come: one missed each, several instances racing find each once', async () => {
    const t = await setup();
    clock.set(Date.parse('2026-11-20T10:00:30Z'));
    const made = await t.client.post(`/api/v1/projects/${t.project.id}/monitors`, {
      slug: 'sync',
      scheduleType: 'interval',
      schedule: '10 minute',
      checkinMargin: 2,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.nextExpectedAt).toBe('2026-11-20T10:10:30.000Z');
    const key = t.project.keys[0].publicKey;
    const raw = await t.client.get(`/api/${t.project.number}/cron/sync/${key}/`, { query: { status: 'ok' } });
    expect([raw.status, raw.body.message]).toEqual([202, 'Check-in accepted']);
    expect((await t.client.get(`/api/${t.project.number}/cron/nope/${key}/`, { query: { status: 'ok' } })).status).toBe(
      404,
    );
    expect(
      (await t.client.get(`/api/${t.project.number}/cron/sync/wrong-key/`, { query: { status: 'ok' } })).status,
    ).toBe(401);

    // 10:00:30 check-in → next at 10:10:30; nothing comes. At 10:12:00 (inside the margin) nothing is missed yet.
    clock.set(Date.parse('2026-11-20T10:12:00Z'));
    expect(await detectMonitorFailures(failureEvents(), undefined, [t.project.id])).toEqual({ missed: 0, timedOut: 0 });
    // At 10:13:00 one run was missed: three instances race, one finds it.
    clock.set(Date.parse('2026-11-20T10:13:00Z'));
    const raced = await Promise.all([
      detectMonitorFailures(failureEvents(), undefined, [t.project.id]),
      detectMonitorFailures(failureEvents(), undefined, [t.project.id]),
      detectMonitorFailures(failureEvents(), undefined, [t.project.id]),
    ]);
    expect(raced.reduce((n, r) => n + r.missed, 0)).toBe(1);
    let [sync] = await t.monitors();
    expect(sync).toMatchObject({ status: 'missed', nextExpectedAt: '2026-11-20T10:20:30.000Z' });
    expect(sync.runs.map((r) => r.status)).toEqual(['missed', 'ok']);
    const issue = (await t.client.get(`/api/v1/projects/${t.project.id}/issues/${sync.issueId}`)).body.data;
    expect(issue).toMatchObject({ title: 'Monitor failure: sync missed', eventCount: 1 });
    // Another missed run: the same issue, a second event.
    clock.set(Date.parse('2026-11-20T10:23:00Z'));
    expect((await detectMonitorFailures(failureEvents(), undefined, [t.project.id])).missed).toBe(1);
    [sync] = await t.monitors();
    expect((await t.client.get(`/api/v1/projects/${t.project.id}/issues/${sync.issueId}`)).body.data.eventCount).toBe(
      2,
    );
  });

  it('bad monitors and check-ins: 400 naming the field; another organization gets 404', async () => {
    const t = await setup();
    for (const [body, field] of [
      [{ slug: 'a', scheduleType: 'crontab', schedule: 'every day' }, 'schedule'],
      [{ slug: 'a b', scheduleType: 'crontab', schedule: '0 3 * * *' }, 'slug'],
      [{ slug: 'a', scheduleType: 'weekly', schedule: '1 week' }, 'scheduleType'],
      [{ slug: 'a', scheduleType: 'interval', schedule: 'ten minutes' }, 'schedule'],
    ] as const) {
      const res = await t.client.post(`/api/v1/projects/${t.project.id}/monitors`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.map((e: { path: string[] }) => e.path.join('.'))).toEqual([field]);
    }
    const ok = await t.client.post(`/api/v1/projects/${t.project.id}/monitors`, {
      slug: 'nightly',
      scheduleType: 'crontab',
      schedule: '0 3 * * *',
    });
    const stranger = await signUp();
    expect((await stranger.client.get(`/api/v1/projects/${t.project.id}/monitors`)).status).toBe(404);
    expect(
      (await stranger.client.patch(`/api/v1/projects/${t.project.id}/monitors/${ok.body.data.id}`, { muted: true }))
        .status,
    ).toBe(404);
    expect((await db.monitor.findUniqueOrThrow({ where: { id: ok.body.data.id } })).muted).toBe(false);
  });
});
