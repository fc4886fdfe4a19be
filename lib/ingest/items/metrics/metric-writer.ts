// Metric points on the shared group commit (#61). A batch of requests: their points are taken from their
// organizations' monthly metric quota (one statement, before the transaction), then written in one transaction: the
// projects' rows locked FOR KEY SHARE (a project deleted meanwhile refuses its points, and gives their quota back),
// cumulative OTLP points turned into what they added (./cumulative.ts), the series not yet written today upserted,
// every point in one binary COPY, and last the rollups: one row per series and minute and per series and hour,
// added to in place (lib/metrics-store/rollup-sql.ts), in one order so concurrent batches never deadlock. The rollups
// go in the points' transaction, so they always equal what the points hold (docs/metrics.md has the measurements).
import type pg from 'pg';
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import { BinaryRows, copyRows } from '@/lib/ingest/store/copy-rows';
import { withPgTransaction } from '@/lib/pg';
import { clock } from '@/lib/clock';
import { foldPoints, HOUR_MS, MINUTE_MS } from '@/lib/metrics-store/rollup-math';
import { upsertRollups } from '@/lib/metrics-store/rollup-sql';
import type { RollupPoint } from '@/lib/metrics-store/types';
import type { CountOutcome } from '../kind';
import { applyCumulative } from './cumulative';
import type { MetricPoint } from './metric-point';
import { claimMetricQuota, returnMetricQuota } from './quota';
import { seriesOf, type PointSeries } from './series';

export type MetricsKey = { projectId: string; projectNumber: number; orgId: string };
type Item = { key: MetricsKey; points: MetricPoint[] };
type Outcome = { stored: number; overQuota: number; repeats: number } | 'unauthorized';

export const POINT_TARGET =
  'metric_points (timestamp, series, value, span_id, trace_id, project, attributes, histogram)';
const FIELDS = 8;
// Microseconds from the Unix epoch to PostgreSQL's (2000-01-01), for timestamps kept to the microsecond.
const PG_EPOCH_US = 946_684_800_000_000;
const TWO_32 = 4_294_967_296;

/** A timestamptz field from epoch milliseconds with their fraction (microseconds kept). */
function timeUs(out: BinaryRows, ms: number): void {
  const us = Math.round(ms * 1000) - PG_EPOCH_US;
  const hi = Math.floor(us / TWO_32);
  const b = Buffer.allocUnsafe(8);
  b.writeInt32BE(hi, 0);
  b.writeUInt32BE(us - hi * TWO_32, 4);
  out.bytes(b);
}

/** One point as a row of POINT_TARGET's columns. */
function addPoint(out: BinaryRows, project: number, p: MetricPoint, s: PointSeries): void {
  out.row(FIELDS);
  timeUs(out, p.timestampMs);
  out.bytes(s.id);
  if (p.value === null) out.null();
  else out.float8(p.value);
  if (p.spanId === null) out.null();
  else out.hex(p.spanId);
  if (p.traceId === null) out.null();
  else out.hex(p.traceId);
  out
    .int4(project)
    .jsonb(s.own ? JSON.stringify(s.own) : null)
    .jsonb(p.histogram ? JSON.stringify(p.histogram) : null);
}

// Series written today by this process, by id: a series is upserted once a day (its last_seen), not per point.
const g = globalThis as unknown as { trackerMetricSeries?: Map<string, number> };
const written = (g.trackerMetricSeries ??= new Map());
const MAX_REMEMBERED = 100_000;

type SeriesRow = { projectId: string; s: PointSeries; p: MetricPoint };

async function upsertSeries(client: pg.ClientBase, rows: SeriesRow[], day: number): Promise<void> {
  const fresh = rows.filter((r) => written.get(r.s.idText) !== day);
  if (fresh.length === 0) return;
  // In id order: two batches adding the same new series wait for each other instead of deadlocking.
  fresh.sort((a, b) => (BigInt(a.s.idText) < BigInt(b.s.idText) ? -1 : 1));
  await client.query(
    `INSERT INTO metric_series AS m (project_id, id, name, type, unit, attributes)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
     ON CONFLICT (project_id, id) DO UPDATE SET last_seen = EXCLUDED.last_seen WHERE m.last_seen < EXCLUDED.last_seen`,
    [
      fresh.map((r) => r.projectId),
      fresh.map((r) => r.s.idText),
      fresh.map((r) => r.p.name),
      fresh.map((r) => r.p.type),
      fresh.map((r) => r.p.unit),
      fresh.map((r) => JSON.stringify(r.s.attributes)),
    ],
  );
}

/** Writes the kept points of live projects; returns the repeats found per item (cumulative streams). */
async function writePoints(client: pg.ClientBase, items: Item[], live: Set<string>): Promise<number[]> {
  const flat = items.flatMap((i) =>
    live.has(i.key.projectId) ? i.points.map((point) => ({ project: i.key.projectNumber, point, item: i })) : [],
  );
  const points = await applyCumulative(client, flat);
  const repeats = items.map(() => 0);
  const series = new Map<string, SeriesRow>();
  const rollup: RollupPoint[] = [];
  const out = new BinaryRows();
  points.forEach((p, i) => {
    const { item, project } = flat[i];
    if (p === 'repeat') {
      repeats[items.indexOf(item)]++;
      return;
    }
    const s = seriesOf(item.key.projectId, p);
    if (!series.has(s.idText)) series.set(s.idText, { projectId: item.key.projectId, s, p });
    addPoint(out, project, p, s);
    rollup.push({
      series: s.idText,
      project,
      type: p.type,
      timeMs: p.timestampMs,
      value: p.value,
      histogram: p.histogram,
    });
  });
  const day = Math.floor(clock.nowMs() / 86_400_000);
  await upsertSeries(client, [...series.values()], day);
  if (out.rows > 0) await copyRows(client, POINT_TARGET, out);
  await upsertRollups(client, 'metric_minutes', foldPoints(rollup, MINUTE_MS));
  await upsertRollups(client, 'metric_hours', foldPoints(rollup, HOUR_MS));
  for (const r of series.values()) {
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(r.s.idText, day);
  }
  return repeats;
}

async function write(items: Item[]): Promise<Outcome[]> {
  const want = new Map<string, number>();
  for (const i of items) want.set(i.key.orgId, (want.get(i.key.orgId) ?? 0) + i.points.length);
  const granted = await claimMetricQuota(want);
  const kept = items.map((i) => {
    const n = Math.min(granted.get(i.key.orgId) ?? 0, i.points.length);
    granted.set(i.key.orgId, (granted.get(i.key.orgId) ?? 0) - n);
    return { key: i.key, points: i.points.slice(0, n) };
  });
  const giveBack = (which: (i: number) => boolean) => {
    const back = new Map<string, number>();
    kept.forEach((k, i) => which(i) && back.set(k.key.orgId, (back.get(k.key.orgId) ?? 0) + k.points.length));
    return returnMetricQuota(back);
  };
  let live: Set<string>;
  let repeats: number[];
  try {
    [live, repeats] = await withPgTransaction(async (client) => {
      const ids = [...new Set(kept.filter((k) => k.points.length > 0).map((k) => k.key.projectId))];
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM projects WHERE id = ANY($1) ORDER BY id FOR KEY SHARE',
        [ids],
      );
      const found = new Set(rows.map((r) => r.id));
      return [found, await writePoints(client, kept, found)] as const;
    });
  } catch (err) {
    await giveBack(() => true);
    throw err;
  }
  await giveBack((i) => kept[i].points.length > 0 && !live.has(kept[i].key.projectId));
  return items.map((item, i) =>
    kept[i].points.length > 0 && !live.has(item.key.projectId)
      ? 'unauthorized'
      : {
          stored: kept[i].points.length - repeats[i],
          overQuota: item.points.length - kept[i].points.length,
          repeats: repeats[i],
        },
  );
}

const metricWriter: BatchWriter<Item, Outcome> = {
  name: 'metrics',
  // An item is a request's points (often a hundred): batches of 10 requests let two or three go in at once.
  maxBatch: 10,
  write,
  ...refusedWhenProjectGone,
};
const submit = groupCommit(metricWriter);

/** Stores a request's points, counting each as accepted, over quota or a repeat. */
export async function storeMetrics(key: MetricsKey, points: MetricPoint[], count: CountOutcome): Promise<void> {
  if (points.length === 0) return;
  const r = await submit({ key, points });
  if (r === 'unauthorized') return;
  const counted = (outcome: 'accepted' | 'over_quota' | 'filtered', reason: string, quantity: number) =>
    count({ projectId: key.projectId, category: 'trace_metric', outcome, reason, quantity });
  counted('accepted', '', r.stored);
  counted('over_quota', 'metric_quota', r.overQuota);
  counted('filtered', 'duplicate_point', r.repeats);
}
