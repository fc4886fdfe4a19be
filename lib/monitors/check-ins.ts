// Cron monitors (#32): check-ins in. A check-in creates or updates its monitor from its config, records the run and
// settles the monitor's state (./runs.ts) with its row locked, so several instances (and a check-in racing the minute
// job) never count a run twice. Failures become an issue of the monitor ("Monitor failure: nightly-backup missed")
// after failure_issue_threshold failures in a row, resolved after recovery_threshold good runs in a row.
import { clock } from '@/lib/clock';
import { db, type Tx } from '@/lib/db';
import { checkInTime } from './checkin-time';
import {
  afterRuns,
  lastCheckin,
  runtimeMs,
  settle,
  type FailureEvents,
  type MonitorRow,
  type RunResults,
} from './runs';
import { nextRun, saneDate } from './schedule';
import type { CheckIn } from './types';

/** A project's monitors are capped: check-ins can create them, and the public key that sends check-ins is public. */
export const MAX_MONITORS = 1_000;

/**
 * Applies one check-in: creates or updates the monitor from its config, records the run, moves the monitor's state.
 * An SDK sends a job's in_progress (with the config) and its end as two requests that may arrive in either order:
 * with `placeholder`, a check-in for a monitor not known yet creates it unscheduled (its config arrives with the other
 * request), so no run is lost; the plain HTTP check-in does not create monitors.
 */
export async function processCheckIn(
  projectId: string,
  c: CheckIn,
  opts: { events: FailureEvents; placeholder?: boolean },
): Promise<'stored' | 'unknown_monitor'> {
  const placeholder = opts.placeholder ?? true;
  const now = clock.now();
  const result = await db.$transaction(async (tx) => {
    let monitor = await lockMonitor(tx, projectId, c.slug);
    // Uptime monitors are run by us; a check-in under their slug is not theirs.
    if (monitor?.kind === 'uptime') return null;
    if (!monitor && !c.config && placeholder) {
      if ((await tx.monitor.count({ where: { projectId: projectId } })) >= MAX_MONITORS) return null;
      await tx.$executeRaw`
        INSERT INTO monitors (project_id, slug, schedule_type, schedule) VALUES (${projectId}, ${c.slug}, 'unscheduled', '')
        ON CONFLICT (project_id, slug) DO NOTHING`;
      monitor = await lockMonitor(tx, projectId, c.slug);
    }
    if (c.config) {
      const cfg = {
        scheduleType: c.config.scheduleType,
        schedule: c.config.schedule,
        timezone: c.config.timezone,
        ...(c.config.checkinMargin !== undefined ? { checkinMargin: c.config.checkinMargin } : {}),
        ...(c.config.maxRuntime !== undefined ? { maxRuntime: c.config.maxRuntime } : {}),
        ...(c.config.failureIssueThreshold !== undefined
          ? { failureIssueThreshold: c.config.failureIssueThreshold }
          : {}),
        ...(c.config.recoveryThreshold !== undefined ? { recoveryThreshold: c.config.recoveryThreshold } : {}),
      };
      if (!monitor) {
        // Two first check-ins at once: one inserts, the other finds it (a failed insert would abort the transaction).
        await tx.$executeRaw`
          INSERT INTO monitors (project_id, slug, schedule_type, schedule, timezone, checkin_margin, max_runtime, failure_issue_threshold, recovery_threshold, next_expected_at)
          VALUES (${projectId}, ${c.slug}, ${cfg.scheduleType}, ${cfg.schedule}, ${cfg.timezone}, ${cfg.checkinMargin ?? 1}, ${cfg.maxRuntime ?? 30},
                  ${cfg.failureIssueThreshold ?? 1}, ${cfg.recoveryThreshold ?? 1}, ${nextRun(c.config, now)})
          ON CONFLICT (project_id, slug) DO NOTHING`;
        monitor = await lockMonitor(tx, projectId, c.slug);
      } else if (
        monitor.schedule !== cfg.schedule ||
        monitor.scheduleType !== cfg.scheduleType ||
        monitor.timezone !== cfg.timezone
      ) {
        monitor = await tx.monitor.update({
          where: { id: monitor.id },
          data: { ...cfg, nextExpectedAt: nextRun(c.config, now) },
        });
      } else {
        monitor = await tx.monitor.update({ where: { id: monitor.id }, data: cfg });
      }
    }
    if (!monitor) return null;
    return applyRun(tx, monitor, c, now);
  });
  if (!result) return 'unknown_monitor';
  await afterRuns(opts.events, result);
  return 'stored';
}

async function lockMonitor(tx: Tx, projectId: string, slug: string): Promise<MonitorRow | null> {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM monitors WHERE project_id = ${projectId} AND slug = ${slug} FOR UPDATE`;
  return rows[0] ? tx.monitor.findUnique({ where: { id: rows[0].id } }) : null;
}

async function applyRun(tx: Tx, monitor: MonitorRow, c: CheckIn, now: Date): Promise<RunResults> {
  const at = checkInTime(c.sentAt, now);
  const existing = await tx.monitorCheckin.findUnique({ where: { id: c.id } });
  if (existing && existing.monitorId !== monitor.id) return { failures: [], recoveries: [] };
  if (c.status === 'in_progress') {
    // A start that arrives after its run's end changes nothing of the run.
    if (!existing) {
      await tx.monitorCheckin.create({
        data: {
          id: c.id,
          monitorId: monitor.id,
          status: 'in_progress',
          environment: c.environment,
          expectedAt: saneDate(monitor.nextExpectedAt),
          startedAt: at,
        },
      });
    }
    await tx.monitor.update({
      where: { id: monitor.id },
      data: { ...lastCheckin(monitor, at), ...advance(monitor, at) },
    });
    return { failures: [], recoveries: [] };
  }
  // A finished run: the one that started (in_progress), or a run reported only at its end.
  if (existing && existing.status !== 'in_progress') return { failures: [], recoveries: [] };
  const durationMs = c.durationMs ?? (existing ? runtimeMs(existing.startedAt, at) : null);
  // A run reported only at its end is ordered by that check-in, as Sentry orders it.
  const startedAt = existing?.startedAt ?? at;
  if (existing) {
    await tx.monitorCheckin.update({
      where: { id: c.id },
      data: { status: c.status, durationMs, finishedAt: at, environment: c.environment ?? existing.environment },
    });
  } else {
    await tx.monitorCheckin.create({
      data: {
        id: c.id,
        monitorId: monitor.id,
        status: c.status,
        durationMs,
        environment: c.environment,
        expectedAt: saneDate(monitor.nextExpectedAt),
        startedAt,
        finishedAt: at,
      },
    });
  }
  return settle(tx, monitor, {
    id: c.id,
    startedAt,
    status: c.status,
    at,
    extra: existing ? {} : advance(monitor, at),
  });
}

/**
 * A run that came (at `at`): the next expected run is the first one after the run it answered. After its time, a run
 * answers it; before, within the margin and nearer to it than to the run before (a margin as long as the interval
 * would otherwise make every run answer the next one), it answers it early, and the next is the one after that time,
 * not after `at`: that was the same time again, so the slot was also recorded missed, two outcomes for one slot (#60).
 */
function advance(monitor: MonitorRow, at: Date) {
  if (monitor.scheduleType === 'unscheduled') return {};
  // One stored before dates were bounded (past year 9999) is recomputed.
  const due = saneDate(monitor.nextExpectedAt);
  if (!due || at >= due) return { nextExpectedAt: nextRun(monitor, at) };
  const early = due.getTime() - at.getTime();
  const after = nextRun(monitor, due);
  const interval = after ? after.getTime() - due.getTime() : Infinity;
  return early <= monitor.checkinMargin * 60_000 && early < interval / 2 ? { nextExpectedAt: after } : {};
}
