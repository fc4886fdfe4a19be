import { auditRetentionDays } from '@/lib/audit/record-audit';
import { pool } from '@/lib/pg';
import { storeOf, type StoredRef } from '@/lib/attachments/store';
import { MAX_STATS_DAYS } from '@/lib/zod/stats';
import { clock } from '@/lib/clock';
import { logger } from '@/lib/log';
import { MAX_WINDOW_MINUTES } from '@/lib/zod/alerts';
import type { Plan } from '@/lib/generated/prisma/enums';
import { dropPartitionsBefore } from './partitions';
import { metricCutoffs, purgeMetricRollups, purgeMetricStreams } from './purge-metrics';

const DAY_MS = 24 * 60 * 60 * 1000;
const PLANS = ['FREE', 'PRO'] as const;

export function retentionDays(plan: Plan): number {
  const raw = plan === 'PRO' ? process.env.RETENTION_DAYS_PRO : process.env.RETENTION_DAYS_FREE;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : plan === 'PRO' ? 90 : 30;
}

/** How long a client event_id is remembered for de-duplication (DEDUP_WINDOW_DAYS, default 7). */
export function dedupWindowDays(): number {
  const n = Number(process.env.DEDUP_WINDOW_DAYS);
  return Number.isInteger(n) && n > 0 ? n : 7;
}

export type PurgeResult = Record<Plan, { events: number; transactions: number; cutoff: string }> & {
  droppedPartitions: string[];
};

// Table names are constants, never input.
const TABLES = {
  events: 'events',
  transactions: 'transactions',
  spans: 'spans',
  logs: 'logs',
  metric_points: 'metric_points',
} as const;

async function purgeTable(
  table: keyof typeof TABLES,
  plan: Plan,
  cutoff: Date,
  batchSize: number,
  orgIds: string[] | null,
): Promise<number> {
  let total = 0;
  // Small batches keep each transaction short so ingest never waits on a long delete. The received_at bound
  // prunes the scan to the partitions that straddle a plan's cutoff (and the default one).
  // Spans, logs and metric points have no row id: a row is its partition and place (tableoid, ctid). Spans and
  // metric points name their project by its number (#51, #61).
  const keyed = table === 'events' || table === 'transactions';
  const project = table === 'spans' || table === 'metric_points' ? 'p.number = t.project' : 'p.id = t.project_id';
  const sql = `DELETE FROM ${TABLES[table]} d USING (
       SELECT ${keyed ? 't.id, t.received_at' : 't.tableoid, t.ctid'} FROM ${TABLES[table]} t
       JOIN projects p ON ${project}
       JOIN organizations o ON o.id = p.org_id
       WHERE o.plan = $1::plan AND t.received_at < $2 AND ($4::text[] IS NULL OR o.id = ANY($4))
       LIMIT $3) v
     WHERE ${keyed ? 'd.id = v.id AND d.received_at = v.received_at' : 'd.tableoid = v.tableoid AND d.ctid = v.ctid AND d.received_at < $2'}`;
  for (;;) {
    const { rowCount } = await pool().query(sql, [plan, cutoff, batchSize, orgIds]);
    total += rowCount ?? 0;
    if (!rowCount || rowCount < batchSize) return total;
  }
}

/**
 * Ages events and transactions out by receipt time (FREE 30 days, PRO 90, RETENTION_DAYS_FREE /
 * RETENTION_DAYS_PRO). Daily partitions entirely past every plan's retention are detached and dropped whole;
 * rows are deleted, in batches, only where plans differ (a FREE row older than 30 days sits in a partition a
 * PRO organization still needs) and in the partition that straddles a cutoff. Issues and their counts stay.
 * `orgIds` limits the purge to some organizations (all when omitted; partitions are then left alone).
 * Also forgets event_ids older than the de-duplication window and minute counts older than the longest alert window.
 */
export async function purgeOldData(opts: { batchSize?: number; orgIds?: string[] } = {}): Promise<PurgeResult> {
  const batchSize = opts.batchSize ?? 5000;
  const orgIds = opts.orgIds ?? null;
  const now = clock.nowMs();
  const cutoffOf = (plan: Plan) => new Date(now - retentionDays(plan) * DAY_MS);
  const everyPlanCutoff = new Date(Math.min(...PLANS.map((p) => cutoffOf(p).getTime())));
  const metricsOf = (plan: Plan) => metricCutoffs(plan, retentionDays(plan), now);
  // Metric points are kept for days, not months: their partitions go past every plan's own period.
  const everyPlanPoints = new Date(Math.min(...PLANS.map((p) => metricsOf(p).points.getTime())));
  const droppedPartitions = orgIds
    ? []
    : [
        ...(await dropPartitionsBefore(everyPlanCutoff)),
        ...(await dropPartitionsBefore(everyPlanPoints, undefined, ['metric_points'])),
      ];
  const result = { droppedPartitions } as PurgeResult;
  for (const plan of PLANS) {
    const cutoff = cutoffOf(plan);
    const events = await purgeTable('events', plan, cutoff, batchSize, orgIds);
    const transactions = await purgeTable('transactions', plan, cutoff, batchSize, orgIds);
    result[plan] = { events, transactions, cutoff: cutoff.toISOString() };
    // Spans and logs age out like transactions.
    await purgeTable('spans', plan, cutoff, batchSize, orgIds);
    await purgeTable('logs', plan, cutoff, batchSize, orgIds);
    await purgeTable('metric_points', plan, metricsOf(plan).points, batchSize, orgIds);
    await purgeMetricRollups(plan, metricsOf(plan), orgIds);
    // Release health, feedback (and attachments, below) age out with the events; the rollups are small: one
    // statement each. Day columns compare with the cutoff's UTC day.
    const cutoffDay = cutoff.toISOString().slice(0, 10);
    for (const [table, column, before] of [
      ['session_hourly', 'hour', cutoff],
      ['session_daily', 'day', cutoffDay],
      ['session_release_users', 'last_day', cutoffDay],
      ['feedback', 'created_at', cutoff],
      // A replay whose last segment is past the cutoff (its segments' attachments, below, are older still).
      ['replays', 'finished_at', cutoff],
      // Profiles and their per-function hours age out like transactions (their frames are shared, and stay).
      ['profiles', 'started_at', cutoff],
      ['profile_function_hours', 'hour', cutoff],
      ['profile_function_pending', 'hour', cutoff],
    ] as const) {
      await deleteProjectRowsBefore(table, column, before, plan, orgIds);
    }
    // Attachment bytes in S3 go before their rows.
    await purgeAttachments(plan, cutoff, batchSize, orgIds);
  }
  if (!orgIds) {
    await pool().query('DELETE FROM event_ids WHERE received_at < $1', [new Date(now - dedupWindowDays() * DAY_MS)]);
    // A session not updated for two days is over: its state is no longer needed to count its updates once.
    await pool().query('DELETE FROM session_states WHERE updated_at < $1', [new Date(now - 2 * DAY_MS)]);
    await purgeMetricStreams(now);
    await pool().query('DELETE FROM project_minute_counts WHERE minute < $1', [
      new Date(now - MAX_WINDOW_MINUTES * 60_000 - 60_000),
    ]);
    // Sent-once records (#49): a workflow job is retried within a day, a week's report claimed during its week.
    await pool().query('DELETE FROM notification_deliveries WHERE created_at < $1', [new Date(now - 7 * DAY_MS)]);
    await pool().query('DELETE FROM weekly_report_deliveries WHERE sent_at < $1', [new Date(now - 56 * DAY_MS)]);
    // The audit log keeps its own period (#48).
    await pool().query('DELETE FROM audit_log WHERE created_at < $1', [new Date(now - auditRetentionDays() * DAY_MS)]);
    // The Stats page reads at most MAX_STATS_DAYS days of outcomes.
    await pool().query('DELETE FROM outcomes WHERE day < $1::date', [
      new Date(now - MAX_STATS_DAYS * DAY_MS).toISOString().slice(0, 10),
    ]);
  }
  logger.info({ retention: result }, 'retention: removed old events and transactions');
  return result;
}

async function purgeAttachments(plan: Plan, cutoff: Date, batchSize: number, orgIds: string[] | null): Promise<void> {
  for (;;) {
    const { rows } = await pool().query<StoredRef>(
      `SELECT a.id, a.project_id AS "projectId", a.storage FROM attachments a JOIN projects p ON p.id = a.project_id JOIN organizations o ON o.id = p.org_id
        WHERE o.plan = $1::plan AND a.created_at < $2 AND ($3::text[] IS NULL OR o.id = ANY($3)) LIMIT $4`,
      [plan, cutoff, orgIds, batchSize],
    );
    if (rows.length === 0) return;
    let gone = rows;
    const inS3 = rows.filter((r) => r.storage === 's3');
    if (inS3.length) {
      try {
        await storeOf(inS3[0]).removeBytes(inS3);
      } catch (err) {
        // S3 no longer configured or unreachable: keep those rows (their objects stay findable), purge the rest.
        logger.warn(
          { err: (err as Error).message, count: inS3.length },
          'attachments in S3 kept: their objects could not be deleted',
        );
        gone = rows.filter((r) => r.storage !== 's3');
      }
    }
    await pool().query('DELETE FROM attachments WHERE id = ANY($1)', [gone.map((r) => r.id)]);
    if (gone.length < rows.length) return;
    if (rows.length < batchSize) return;
  }
}

/** Deletes the rows of a per-project table (named here, never from input) older than `before` in `plan`'s organizations. */
async function deleteProjectRowsBefore(
  table: string,
  column: string,
  before: Date | string,
  plan: Plan,
  orgIds: string[] | null,
): Promise<void> {
  await pool().query(
    `DELETE FROM ${table} t USING projects p, organizations o
      WHERE p.id = t.project_id AND o.id = p.org_id AND o.plan = $1::plan AND t.${column} < $2 AND ($3::text[] IS NULL OR o.id = ANY($3))`,
    [plan, before, orgIds],
  );
}
