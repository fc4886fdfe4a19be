// #60: one outcome per expected run. A run that starts within the margin before its time answers that time; it used
// to leave the monitor expecting the same time, which the minute job then also recorded as missed, so one slot was
// both "timeout" and "missed" and the issue said "missed" where the card said "Timed out".
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { failureEvents } from '@/lib/ingest/items/check-ins';
import { processCheckIn } from '@/lib/monitors/check-ins';
import { detectMonitorFailures } from '@/lib/monitors/clock-tasks';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

afterEach(() => clock.reset());

const at = (iso: string) => clock.set(Date.parse(`2026-11-20T${iso}Z`));
// Check-in ids are global (an SDK's uuid): each name here is its own id in this run, never another file's (one that
// reused `'d'.repeat(32)` in the shared database made this file's run belong to another monitor, and it was not stored).
const ids = new Map<string, string>();
const idOf = (name: string) =>
  ids.get(name) ?? (ids.set(name, crypto.randomUUID().replaceAll('-', '')), ids.get(name)!);
const checkIn = (projectId: string, name: string, status: 'in_progress' | 'ok') =>
  processCheckIn(
    projectId,
    { id: idOf(name), slug: 'report', status, durationMs: null, environment: null, config: null, sentAt: null },
    { events: failureEvents() },
  );

async function setup(schedule: string) {
  const s = await signUp();
  const project = await createProject(s.client, 'Jobs');
  at('10:00:10');
  const made = await s.client.post(`/api/v1/projects/${project.id}/monitors`, {
    slug: 'report',
    scheduleType: 'crontab',
    schedule,
    checkinMargin: 1,
    maxRuntime: 1,
  });
  expect(made.status, made.text).toBe(201);
  const slots = async () =>
    (
      await db.monitorCheckin.findMany({
        where: { monitorId: made.body.data.id },
        orderBy: { startedAt: 'asc' },
        select: { status: true, expectedAt: true },
      })
    ).map((r) => [r.expectedAt?.toISOString().slice(11, 19), r.status]);
  const monitor = async () =>
    (await s.client.get(`/api/v1/projects/${project.id}/monitors`)).body.data[0] as {
      status: string;
      issueId: string | null;
      nextExpectedAt: string;
      runs: { status: string }[];
    };
  return { ...s, project, slots, monitor };
}

describe('one outcome per expected run', () => {
  it('a run started just before its minute and never finished times out; that minute is not also missed', async () => {
    const t = await setup('* * * * *');
    // Due 10:01; the job starts 0.5 s early (a scheduler's clock) and hangs.
    at('10:00:59.500');
    expect(await checkIn(t.project.id, 'a', 'in_progress')).toBe('stored');
    expect((await t.monitor()).nextExpectedAt).toBe('2026-11-20T10:02:00.000Z');
    // 10:03: the run is past its max runtime (1 min) and 10:02 past its margin (1 min): one timeout, one missed. Each
    // run is kept to this test's project: other files share the database and run the minute job at other times.
    at('10:03:00');
    expect(await detectMonitorFailures(failureEvents(), undefined, [t.project.id])).toEqual({ missed: 1, timedOut: 1 });
    expect(await t.slots()).toEqual([
      ['10:01:00', 'timeout'],
      ['10:02:00', 'missed'],
    ]);
    const m = await t.monitor();
    expect(m.runs.map((r) => r.status)).toEqual(['missed', 'timeout']);
    // One event a failed run, in the card's words: "timed out", not "timeout".
    const events = (await t.client.get(`/api/v1/projects/${t.project.id}/issues/${m.issueId}/events`)).body.data
      .events as { message: string | null }[];
    expect(events.map((e) => e.message).sort()).toEqual(['report missed', 'report timed out']);
  });

  it('runs a second after their minute each answer that minute; one that is late by most of a minute too', async () => {
    const t = await setup('* * * * *');
    for (const [time, id] of [
      ['10:01:01', 'b'],
      ['10:02:01', 'c'],
      ['10:03:45', 'd'],
    ]) {
      at(time);
      expect(await checkIn(t.project.id, id, 'ok')).toBe('stored');
    }
    at('10:04:30');
    await detectMonitorFailures(failureEvents(), undefined, [t.project.id]);
    expect(await t.slots()).toEqual([
      ['10:01:00', 'ok'],
      ['10:02:00', 'ok'],
      ['10:03:00', 'ok'],
    ]);
    // Nothing at 10:04: missed once the margin passes, and only it.
    at('10:05:00');
    await detectMonitorFailures(failureEvents(), undefined, [t.project.id]);
    expect((await t.slots()).slice(3)).toEqual([['10:04:00', 'missed']]);
  });

  it('an hourly job that starts 20 s early answers its hour, the next expected an hour later', async () => {
    const t = await setup('0 * * * *');
    at('10:59:40');
    await checkIn(t.project.id, 'e', 'in_progress');
    at('11:00:30');
    await checkIn(t.project.id, 'e', 'ok');
    at('11:10:00');
    await detectMonitorFailures(failureEvents(), undefined, [t.project.id]);
    expect(await t.slots()).toEqual([['11:00:00', 'ok']]);
    expect((await t.monitor()).nextExpectedAt).toBe('2026-11-20T12:00:00.000Z');
  });
});
