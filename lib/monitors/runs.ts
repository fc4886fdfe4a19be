// A monitor's runs (#32): each finished run (ok, or a failure) settles the monitor's state with its row locked, and
// what follows after the transaction: a failure past the threshold is an event of the monitor's issue, a recovery
// resolves it, and an incident's beginning and end fire the project's MONITOR alert rules. Used by check-ins
// (./check-ins.ts), the minute job's missed and timed-out runs (./clock-tasks.ts) and uptime checks (./uptime.ts).
import { clock } from '@/lib/clock';
import { db, type Tx } from '@/lib/db';
import { logger } from '@/lib/log';
import { statusChange } from '@/lib/issues/update-issue-status';
import { fireMonitorAlerts } from '@/lib/alerts/monitor-alerts';
import { failureVerb } from './run-words';

export type MonitorRow = NonNullable<Awaited<ReturnType<typeof db.monitor.findFirst>>>;
/** A failed run past the threshold; `opened` when it began the monitor's incident (the one that alerts). */
export type Failure = {
  monitor: MonitorRow;
  kind: 'error' | 'missed' | 'timeout';
  at: Date;
  detail: string | null;
  opened: boolean;
};
export type Recovery = { monitor: MonitorRow };
export type RunResults = { failures: Failure[]; recoveries: Recovery[] };

/**
 * Where a failure's event goes: ingest's events kind, wired by the caller (the check-ins kind, the minute job), so
 * the event is scrubbed, grouped and stored as any event is. Takes our envelope's error event (its fingerprint names
 * the monitor) and answers the issue it landed in, or null when it was not stored.
 */
export type FailureEvents = (projectId: string, event: MonitorFailureEvent) => Promise<string | null>;
export type MonitorFailureEvent = {
  exception: {
    type: string;
    value: string;
    stacktrace: { frames: { filename: string; function: string; lineno: number }[] };
  };
  level: 'error';
  timestamp: number;
  fingerprint: string[];
  tags: Record<string, string>;
};

/** The later of the monitor's last check-in and this one (check-ins may arrive out of order). */
export const lastCheckin = (monitor: MonitorRow, at: Date) => ({
  lastCheckinAt: monitor.lastCheckinAt && monitor.lastCheckinAt > at ? monitor.lastCheckinAt : at,
});

/** How long a run took, within the 32-bit milliseconds a check-in stores (a run past max_runtime may end later). */
const MAX_DURATION_MS = 2_147_483_647;
export const runtimeMs = (startedAt: Date, end: Date) =>
  Math.min(Math.max(end.getTime() - startedAt.getTime(), 0), MAX_DURATION_MS);

/** A finished run, already written: its id, when it started (what orders runs), how it ended and when. */
export type SettledRun = {
  id: string;
  startedAt: Date;
  status: 'ok' | 'error' | 'missed' | 'timeout';
  at: Date;
  /** More columns of the monitor to write with it (the next expected run). */
  extra: object;
  detail?: string | null;
};

/**
 * Counts a finished run (ok, or a failure) on the monitor, with its row locked, and says what follows: an issue event,
 * and whether an incident began (failures reached the threshold) or ended (good runs reached the recovery threshold).
 * Runs are ordered by their start, not by when their check-ins arrived: the monitor's status is that of its newest
 * finished run. A run older than a finished run of the other kind (an ok behind a failure, or the reverse) is history
 * only; one older than runs of its own kind only lengthens their streak.
 */
export async function settle(tx: Tx, monitor: MonitorRow, run: SettledRun): Promise<RunResults> {
  const { status, at, extra, detail = null } = run;
  const failures: Failure[] = [];
  const recoveries: Recovery[] = [];
  const ok = status === 'ok';
  const later = { monitorId: monitor.id, id: { not: run.id }, startedAt: { gt: run.startedAt } };
  const contrary = await tx.monitorCheckin.findFirst({
    where: { ...later, status: ok ? { notIn: ['ok', 'in_progress'] } : 'ok' },
    select: { id: true },
  });
  const seen = ok || status === 'error' ? lastCheckin(monitor, at) : {};
  if (contrary) {
    await tx.monitor.update({ where: { id: monitor.id }, data: { ...seen, ...extra } });
    return { failures, recoveries };
  }
  const newer = await tx.monitorCheckin.findFirst({
    where: { ...later, status: { not: 'in_progress' } },
    select: { id: true },
  });
  // Behind newer runs of its own kind, the status stays theirs.
  const state = newer ? {} : { status };
  if (ok) {
    let updated = await tx.monitor.update({
      where: { id: monitor.id },
      data: { ...state, consecutiveOk: { increment: 1 }, consecutiveFailures: 0, ...seen, ...extra },
    });
    if (updated.incidentSince && updated.consecutiveOk >= updated.recoveryThreshold) {
      updated = await tx.monitor.update({ where: { id: monitor.id }, data: { incidentSince: null } });
      recoveries.push({ monitor: updated });
    }
  } else {
    let updated = await tx.monitor.update({
      where: { id: monitor.id },
      data: { ...state, consecutiveFailures: { increment: 1 }, consecutiveOk: 0, ...seen, ...extra },
    });
    if (!updated.muted && updated.consecutiveFailures >= updated.failureIssueThreshold) {
      const opened = updated.incidentSince === null;
      if (opened) updated = await tx.monitor.update({ where: { id: monitor.id }, data: { incidentSince: at } });
      failures.push({ monitor: updated, kind: status, at, detail, opened });
    }
  }
  return { failures, recoveries };
}

/**
 * After the runs' transaction: each failure past the threshold is an event of the monitor's issue, each recovery
 * resolves it, and an incident's beginning and end fire the project's MONITOR alert rules. Whether a run began or
 * ended an incident was decided with the monitor's row locked, so each fires once whichever instance ran it.
 */
export async function afterRuns(events: FailureEvents, { failures, recoveries }: RunResults): Promise<void> {
  for (const f of failures) {
    const issueId = await recordFailure(events, f);
    if (f.opened) await fireMonitorAlerts({ ...f.monitor, issueId }, 'failing', f);
  }
  for (const { monitor } of recoveries) {
    await resolveIssueOf(monitor);
    await fireMonitorAlerts(monitor, 'recovered', null);
  }
}

/** Stores the failure as an event of the monitor's issue; returns the issue. */
async function recordFailure(events: FailureEvents, f: Failure): Promise<string | null> {
  const what = failureVerb(f.kind);
  const issueId = await events(f.monitor.projectId, {
    exception: {
      type: 'Monitor failure',
      value: f.detail ? `${f.monitor.slug} ${what}: ${f.detail}` : `${f.monitor.slug} ${what}`,
      stacktrace: { frames: [{ filename: `monitor:${f.monitor.slug}`, function: f.kind, lineno: 1 }] },
    },
    level: 'error',
    timestamp: f.at.getTime(),
    fingerprint: ['monitor', f.monitor.id],
    tags: { 'monitor.slug': f.monitor.slug, 'monitor.status': f.kind },
  });
  if (!issueId) {
    logger.warn({ monitorId: f.monitor.id }, 'monitor failure not stored');
    return f.monitor.issueId;
  }
  if (issueId !== f.monitor.issueId) await db.monitor.update({ where: { id: f.monitor.id }, data: { issueId } });
  return issueId;
}

async function resolveIssueOf(monitor: MonitorRow): Promise<void> {
  const issueId = monitor.issueId;
  if (!issueId) return;
  await db.$transaction(async (tx) => {
    const [issue] = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status::text AS status FROM issues WHERE id = ${issueId} FOR UPDATE`;
    if (!issue || issue.status === 'RESOLVED') return;
    // The columns any resolve writes (a pending release wait or ignore condition cleared too), without an actor.
    await tx.issue.update({ where: { id: issueId }, data: { ...statusChange('RESOLVED'), updatedAt: clock.now() } });
    await tx.issueActivity.create({
      data: {
        issueId,
        type: 'STATUS',
        fromStatus: issue.status as 'UNRESOLVED',
        toStatus: 'RESOLVED',
        createdAt: clock.now(),
      },
    });
  });
}
