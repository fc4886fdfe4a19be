// Cron monitors (#32): check-ins in, missed and timed-out runs found by the minute job, failures as an issue of the
// monitor ("Monitor failure: nightly-backup missed", one event per failed run) opened after failure_issue_threshold
// failures in a row and resolved after recovery_threshold good runs in a row. Every state change of a monitor happens
// with its row locked, so several instances (and a check-in racing the job) never count a run twice.
import crypto from 'node:crypto';
import { clock } from '@/lib/clock';
import { db, type Tx } from '@/lib/db';
import { withCustomParts } from '@/lib/ingest/enrich/grouping/fingerprint';
import { events } from '@/lib/ingest/items/events';
import { newStoreContext } from '@/lib/ingest/items/kind';
import { resolveIngestKey, type IngestKey } from '@/lib/ingest/admit/resolve-key';
import { validateUnit } from '@/lib/envelope/validate-envelope';
import { logger } from '@/lib/log';
import { statusChange } from '@/lib/issues/update-issue-status';
import type { CheckIn } from './parse-checkin';
import { fireMonitorAlerts } from '@/lib/alerts/monitor-alerts';
import { checkInTime } from './checkin-time';
import { LATEST_DATE, nextRun, saneDate } from './schedule';

type MonitorRow = NonNullable<Awaited<ReturnType<typeof db.monitor.findFirst>>>;
/** A failed run past the threshold; `opened` when it began the monitor's incident (the one that alerts). */
type Failure = {
  monitor: MonitorRow;
  kind: 'error' | 'missed' | 'timeout';
  at: Date;
  detail: string | null;
  opened: boolean;
};
type Recovery = { monitor: MonitorRow };
export type RunResults = { failures: Failure[]; recoveries: Recovery[] };

/** The issue fingerprint of a monitor's failures. */
export const monitorFingerprint = (monitorId: string) => withCustomParts('', ['monitor', monitorId]);

/** A project's monitors are capped: check-ins can create them, and the public key that sends check-ins is public. */
export const MAX_MONITORS = 1_000;

/**
 * Applies one check-in: creates or updates the monitor from its config, records the run, moves the monitor's state.
 * An SDK sends a job's in_progress (with the config) and its end as two requests that may arrive in either order:
 * with `placeholder`, a check-in for a monitor not known yet creates it unscheduled (its config arrives with the other
 * request), so no run is lost; the plain HTTP check-in does not create monitors.
 */
export async function processCheckIn(
  key: IngestKey,
  c: CheckIn,
  opts: { placeholder?: boolean } = { placeholder: true },
): Promise<'stored' | 'unknown_monitor'> {
  const now = clock.now();
  const result = await db.$transaction(async (tx) => {
    let monitor = await lockMonitor(tx, key.projectId, c.slug);
    // Uptime monitors are run by us; a check-in under their slug is not theirs.
    if (monitor?.kind === 'uptime') return null;
    if (!monitor && !c.config && opts.placeholder) {
      if ((await tx.monitor.count({ where: { projectId: key.projectId } })) >= MAX_MONITORS) return null;
      await tx.$executeRaw`
        INSERT INTO monitors (project_id, slug, schedule_type, schedule) VALUES (${key.projectId}, ${c.slug}, 'unscheduled', '')
        ON CONFLICT (project_id, slug) DO NOTHING`;
      monitor = await lockMonitor(tx, key.projectId, c.slug);
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
          VALUES (${key.projectId}, ${c.slug}, ${cfg.scheduleType}, ${cfg.schedule}, ${cfg.timezone}, ${cfg.checkinMargin ?? 1}, ${cfg.maxRuntime ?? 30},
                  ${cfg.failureIssueThreshold ?? 1}, ${cfg.recoveryThreshold ?? 1}, ${nextRun(c.config, now)})
          ON CONFLICT (project_id, slug) DO NOTHING`;
        monitor = await lockMonitor(tx, key.projectId, c.slug);
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
  await afterRuns(key, result.failures, result.recoveries);
  return 'stored';
}

async function lockMonitor(tx: Tx, projectId: string, slug: string): Promise<MonitorRow | null> {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM monitors WHERE project_id = ${projectId} AND slug = ${slug} FOR UPDATE`;
  return rows[0] ? tx.monitor.findUnique({ where: { id: rows[0].id } }) : null;
}

/** The later of the monitor's last check-in and this one (check-ins may arrive out of order). */
const lastCheckin = (monitor: MonitorRow, at: Date) => ({
  lastCheckinAt: monitor.lastCheckinAt && monitor.lastCheckinAt > at ? monitor.lastCheckinAt : at,
});

async function applyRun(
  tx: Tx,
  monitor: MonitorRow,
  c: CheckIn,
  now: Date,
): Promise<{ failures: Failure[]; recoveries: Recovery[] }> {
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

/** A run that came (at `at`): the next expected run is the first one after it. */
function advance(monitor: MonitorRow, at: Date) {
  if (monitor.scheduleType === 'unscheduled') return {};
  // One stored before dates were bounded (past year 9999) is recomputed.
  const due = saneDate(monitor.nextExpectedAt);
  // A run within the margin before its time, or after it, answers that expected run.
  const answered = due && at.getTime() >= due.getTime() - monitor.checkinMargin * 60_000;
  return answered || !due ? { nextExpectedAt: nextRun(monitor, at) } : {};
}

/** How long a run took, within the 32-bit milliseconds a check-in stores (a run past max_runtime may end later). */
const MAX_DURATION_MS = 2_147_483_647;
const runtimeMs = (startedAt: Date, end: Date) =>
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

/** The project's ingest key (any enabled one): monitor failures are stored as events through ingest. */
async function keyOf(projectId: string): Promise<IngestKey | null> {
  const k = await db.projectKey.findFirst({ where: { projectId, enabled: true }, select: { publicKey: true } });
  return k ? resolveIngestKey(k.publicKey, projectId) : null;
}

/**
 * After the runs' transaction: each failure past the threshold is an event of the monitor's issue, each recovery
 * resolves it, and an incident's beginning and end fire the project's MONITOR alert rules. Whether a run began or
 * ended an incident was decided with the monitor's row locked, so each fires once whichever instance ran it.
 */
export async function afterRuns(key: IngestKey | null, failures: Failure[], recoveries: Recovery[]): Promise<void> {
  for (const f of failures) {
    const issueId = await recordFailure(key, f);
    if (f.opened) await fireMonitorAlerts({ ...f.monitor, issueId }, 'failing', f);
  }
  for (const { monitor } of recoveries) {
    await resolveIssueOf(monitor);
    await fireMonitorAlerts(monitor, 'recovered', null);
  }
}

/** Stores the failure as an event of the monitor's issue; returns the issue. */
async function recordFailure(key: IngestKey | null, f: Failure): Promise<string | null> {
  const k = key ?? (await keyOf(f.monitor.projectId));
  if (!k) return f.monitor.issueId;
  const what = f.kind === 'error' ? 'failed' : f.kind;
  const envelope = {
    exception: {
      type: 'Monitor failure',
      value: f.detail ? `${f.monitor.slug} ${what}: ${f.detail}` : `${f.monitor.slug} ${what}`,
      stacktrace: { frames: [{ filename: `monitor:${f.monitor.slug}`, function: f.kind, lineno: 1 }] },
    },
    level: 'error',
    timestamp: f.at.getTime(),
    fingerprint: ['monitor', f.monitor.id],
    tags: { 'monitor.slug': f.monitor.slug, 'monitor.status': f.kind },
  };
  const v = validateUnit(envelope, { path: [], hadEscapes: false, grouping: 'native' });
  if (!v.ok) return f.monitor.issueId;
  // Through the events kind, as any event is: scrubbed (a failing site's answer is in the detail), grouped, stored.
  const ctx = newStoreContext();
  await events.store(k, [v.unit], ctx);
  const { outcome } = ctx;
  if (outcome.kind !== 'stored') {
    logger.warn({ monitorId: f.monitor.id, outcome: outcome.kind }, 'monitor failure not stored');
    return f.monitor.issueId;
  }
  const issue = await db.issue.findUnique({
    where: { projectId_fingerprint: { projectId: f.monitor.projectId, fingerprint: monitorFingerprint(f.monitor.id) } },
    select: { id: true },
  });
  if (issue) await db.monitor.update({ where: { id: f.monitor.id }, data: { issueId: issue.id } });
  return issue?.id ?? f.monitor.issueId;
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

const MAX_MISSED_PER_RUN = 10;

/**
 * The minute job: every monitor whose expected run is past its margin gets a missed run (several if several were
 * missed, at most ten, then it skips ahead), and every run in progress past its max runtime times out. Rows are
 * taken with SKIP LOCKED, so instances racing each find a monitor once.
 */
export async function detectMonitorFailures(now = clock.now()): Promise<{ missed: number; timedOut: number }> {
  let missed = 0;
  let timedOut = 0;
  const failures: Failure[] = [];
  await db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM monitors WHERE kind = 'cron' AND (next_expected_at + make_interval(mins => checkin_margin) <= ${now} OR next_expected_at > ${LATEST_DATE})
       ORDER BY id FOR UPDATE SKIP LOCKED`;
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
       ORDER BY c.monitor_id, c.id FOR UPDATE OF c, m SKIP LOCKED`;
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
  await afterRuns(null, failures, []);
  return { missed, timedOut };
}
