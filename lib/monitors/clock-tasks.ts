// The minute job's part of cron monitors (#32): every monitor whose expected run is past its margin gets a missed run,
// and every run in progress past its max runtime times out.
import crypto from 'node:crypto';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { afterRuns, runtimeMs, settle, type Failure, type FailureEvents } from './runs';
import { LATEST_DATE, nextRun, saneDate } from './schedule';

const MAX_MISSED_PER_RUN = 10;

/**
 * The minute job: every monitor whose expected run is past its margin gets a missed run (several if several were
 * missed, at most ten, then it skips ahead), and every run in progress past its max runtime times out. Rows are
 * taken with SKIP LOCKED, so instances racing each find a monitor once. `projectIds` keeps a run to those projects'
 * monitors (tests that move the clock share one database with other files running this at other times).
 */
export async function detectMonitorFailures(
  events: FailureEvents,
  now = clock.now(),
  projectIds?: string[],
): Promise<{ missed: number; timedOut: number }> {
  const scoped = (column: string) =>
    projectIds ? Prisma.sql`AND ${Prisma.raw(column)} = ANY(${projectIds}::text[])` : Prisma.empty;
  let missed = 0;
  let timedOut = 0;
  const failures: Failure[] = [];
  await db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM monitors WHERE kind = 'cron' AND (next_expected_at + make_interval(mins => checkin_margin) <= ${now} OR next_expected_at > ${LATEST_DATE})
       ${scoped('project_id')} ORDER BY id FOR UPDATE SKIP LOCKED`;
    for (const { id } of due) {
      let monitor = await tx.monitor.findUniqueOrThrow({ where: { id } });
      // A next run stored before dates were bounded (past year 9999) is recomputed, not counted as missed.
      if (!saneDate(monitor.nextExpectedAt)) {
        await tx.monitor.update({ where: { id }, data: { nextExpectedAt: nextRun(monitor, now) } });
        continue;
      }
      for (
        let i = 0;
        i < MAX_MISSED_PER_RUN &&
        monitor.nextExpectedAt &&
        monitor.nextExpectedAt.getTime() + monitor.checkinMargin * 60_000 <= now.getTime();
        i++
      ) {
        const expected = monitor.nextExpectedAt;
        const runId = crypto.randomUUID().replace(/-/g, '');
        await tx.monitorCheckin.create({
          data: {
            id: runId,
            monitorId: id,
            status: 'missed',
            expectedAt: expected,
            startedAt: expected,
            finishedAt: expected,
          },
        });
        const r = await settle(tx, monitor, {
          id: runId,
          startedAt: expected,
          status: 'missed',
          at: expected,
          extra: { nextExpectedAt: nextRun(monitor, expected) },
        });
        failures.push(...r.failures);
        missed++;
        monitor = await tx.monitor.findUniqueOrThrow({ where: { id } });
      }
      if (
        monitor.nextExpectedAt &&
        monitor.nextExpectedAt.getTime() + monitor.checkinMargin * 60_000 <= now.getTime()
      ) {
        await tx.monitor.update({ where: { id }, data: { nextExpectedAt: nextRun(monitor, now) } });
      }
    }
    const running = await tx.$queryRaw<{ id: string; monitor_id: string; started_at: Date }[]>`
      SELECT c.id, c.monitor_id, c.started_at FROM monitor_checkins c JOIN monitors m ON m.id = c.monitor_id
       WHERE c.status = 'in_progress' AND c.started_at + make_interval(mins => m.max_runtime) <= ${now}
       ${scoped('m.project_id')} ORDER BY c.monitor_id, c.id FOR UPDATE OF c, m SKIP LOCKED`;
    for (const c of running) {
      const monitor = await tx.monitor.findUniqueOrThrow({ where: { id: c.monitor_id } });
      await tx.monitorCheckin.update({
        where: { id: c.id },
        data: { status: 'timeout', finishedAt: now, durationMs: runtimeMs(c.started_at, now) },
      });
      const r = await settle(tx, monitor, {
        id: c.id,
        startedAt: c.started_at,
        status: 'timeout',
        at: now,
        extra: {},
      });
      failures.push(...r.failures);
      timedOut++;
    }
  });
  await afterRuns(events, { failures, recoveries: [] });
  return { missed, timedOut };
}
