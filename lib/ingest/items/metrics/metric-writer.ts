// Metric points on the shared group commit (#61). A batch of requests: their points are taken from their
// organizations' monthly metric quota (one statement, before the transaction), then written in one transaction (the
// points' statement trigger checks and locks their projects: a project deleted meanwhile refuses the batch, which is
// then written item by item, and what was refused gives its quota back): cumulative OTLP points turned into what they added (./cumulative.ts), the series not yet written today upserted,
// every point in one binary COPY, and what they add to each series' minute as waiting rollup rows, another COPY
// (insert-only: concurrent batches never wait on each other's rows). A fold (lib/metrics-store/rollup-fold.ts) adds
// the waiting rows to the minute and hour rollups a few seconds later, and reads add the waiting rows meanwhile, so
// the rollups always equal what the points hold (docs/metrics.md has the measurements that chose this).
import type pg from 'pg';
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import { BinaryRows, copyRows } from '@/lib/ingest/store/copy-rows';
import { withPgTransaction } from '@/lib/pg';
import { clock } from '@/lib/clock';
import { MINUTE_MS, RollupFold } from '@/lib/metrics-store/rollup-math';
import { foldSoon } from '@/lib/metrics-store/rollup-fold';
import { copyPendingRollups } from './pending-rollups';
import type { CountOutcome } from '../kind';
import { applyCumulative } from './cumulative';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import type { MetricItem, MetricPoint } from './metric-point';
import { claimMetricQuota, returnMetricQuota } from './quota';
import { seriesIdOfSet, type SeriesId } from './series';

export type MetricsKey = { projectId: string; projectNumber: number; orgId: string };
type Item = { key: MetricsKey; items: MetricItem[] };
type Outcome = { stored: number; overQuota: number; repeats: number } | 'unauthorized';

export const POINT_TARGET =
  'metric_points (timestamp, series, value, span_id, trace_id, project, attributes, histogram)';
const FIELDS = 8;

/** One point as a row of POINT_TARGET's columns. */
function addPoint(out: BinaryRows, p: MetricPoint, s: { project: number; id: Buffer }): void {
  out.row(FIELDS).timeUs(p.timestampMs).bytes(s.id);
  if (p.value === null) out.null();
  else out.float8(p.value);
  if (p.spanId === null) out.null();
  else out.hex(p.spanId);
  if (p.traceId === null) out.null();
  else out.hex(p.traceId);
  out
    .int4(s.project)
    .text(p.own ? JSON.stringify(p.own) : null)
    .text(p.histogram ? JSON.stringify(p.histogram) : null);
}

// Series written today by this process, by id: a series is upserted once a day (its last_seen), not per point.
const g = globalThis as unknown as { trackerMetricSeries?: Map<string, number> };
const written = (g.trackerMetricSeries ??= new Map());
const MAX_REMEMBERED = 100_000;

type SeriesRow = SeriesId & { projectId: string; p: MetricPoint; attributes: JsonObject };

async function upsertSeries(client: pg.ClientBase, rows: SeriesRow[], day: number): Promise<void> {
  const fresh = rows.filter((r) => written.get(r.idText) !== day);
  if (fresh.length === 0) return;
  // In id order: two batches adding the same new series wait for each other instead of deadlocking.
  fresh.sort((a, b) => (BigInt(a.idText) < BigInt(b.idText) ? -1 : 1));
  await client.query(
    `INSERT INTO metric_series AS m (project_id, id, name, type, unit, attributes)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
     ON CONFLICT (project_id, id) DO UPDATE SET last_seen = EXCLUDED.last_seen WHERE m.last_seen < EXCLUDED.last_seen`,
    [
      fresh.map((r) => r.projectId),
      fresh.map((r) => r.idText),
      fresh.map((r) => r.p.name),
      fresh.map((r) => r.p.type),
      fresh.map((r) => r.p.unit),
      fresh.map((r) => JSON.stringify(r.attributes)),
    ],
  );
}

/** A request part's series, by the number of its attribute set and the point's name, type and unit. */
class SeriesOfItem {
  private readonly bySet: Map<string, SeriesId>[];

  constructor(
    private readonly projectId: string,
    private readonly item: MetricItem,
  ) {
    this.bySet = item.sets.map(() => new Map());
  }

  of(p: MetricPoint): SeriesId {
    const forSet = this.bySet[p.set];
    const key = `${p.name}\u0000${p.type}\u0000${p.unit}`;
    let s = forSet.get(key);
    if (!s) {
      s = seriesIdOfSet(this.projectId, p, { set: this.item.sets[p.set], made: this.item.made?.[p.set] });
      forSet.set(key, s);
    }
    return s;
  }
}

/** Writes the points and what they add to the rollups; returns the repeats found per item (cumulative streams). */
async function writePoints(client: pg.ClientBase, items: Item[]): Promise<number[]> {
  const points: MetricPoint[] = [];
  const projects: number[] = [];
  for (const i of items)
    for (const m of i.items)
      for (const p of m.points) {
        points.push(p);
        projects.push(i.key.projectNumber);
      }
  const stored = await applyCumulative(client, { points, projects });
  const repeats = items.map(() => 0);
  const series = new Map<string, SeriesRow>();
  const minutes = new RollupFold(MINUTE_MS);
  const out = new BinaryRows();
  let n = 0;
  items.forEach((i, item) => {
    for (const m of i.items) {
      const of = new SeriesOfItem(i.key.projectId, m);
      for (let k = 0; k < m.points.length; k++) {
        const p = stored[n++];
        if (p === 'repeat') {
          repeats[item]++;
          continue;
        }
        const s = of.of(p);
        if (!series.has(s.idText))
          series.set(s.idText, { ...s, projectId: i.key.projectId, p, attributes: m.sets[p.set] });
        addPoint(out, p, { project: i.key.projectNumber, id: s.id });
        minutes.add(s.idText, i.key.projectNumber, p);
      }
    }
  });
  const day = Math.floor(clock.nowMs() / 86_400_000);
  await upsertSeries(client, [...series.values()], day);
  if (out.rows > 0) await copyRows(client, POINT_TARGET, out);
  await copyPendingRollups(client, minutes.rows());
  for (const r of series.values()) {
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(r.idText, day);
  }
  return repeats;
}

/** An item's first `n` points, across its parts. */
function firstPoints(items: MetricItem[], n: number): MetricItem[] {
  const out: MetricItem[] = [];
  for (const m of items) {
    if (n <= 0) break;
    out.push(m.points.length <= n ? m : { ...m, points: m.points.slice(0, n) });
    n -= m.points.length;
  }
  return out;
}

const pointsOf = (items: MetricItem[]) => items.reduce((n, m) => n + m.points.length, 0);

async function write(items: Item[]): Promise<Outcome[]> {
  const want = new Map<string, number>();
  for (const i of items) want.set(i.key.orgId, (want.get(i.key.orgId) ?? 0) + pointsOf(i.items));
  const granted = await claimMetricQuota(want);
  const kept = items.map((i) => {
    const n = Math.min(granted.get(i.key.orgId) ?? 0, pointsOf(i.items));
    granted.set(i.key.orgId, (granted.get(i.key.orgId) ?? 0) - n);
    return { key: i.key, items: firstPoints(i.items, n), n };
  });
  let repeats: number[];
  try {
    repeats = await withPgTransaction((client) => writePoints(client, kept));
  } catch (err) {
    // Not stored (a project deleted meanwhile refuses the batch, which is then written item by item): nothing taken.
    const back = new Map<string, number>();
    for (const k of kept) back.set(k.key.orgId, (back.get(k.key.orgId) ?? 0) + k.n);
    await returnMetricQuota(back);
    throw err;
  }
  if (kept.some((k) => k.n > 0)) foldSoon();
  return items.map((item, i) => ({
    stored: kept[i].n - repeats[i],
    overQuota: pointsOf(item.items) - kept[i].n,
    repeats: repeats[i],
  }));
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
export async function storeMetrics(key: MetricsKey, items: MetricItem[], count: CountOutcome): Promise<void> {
  if (pointsOf(items) === 0) return;
  const r = await submit({ key, items });
  if (r === 'unauthorized') return;
  const counted = (outcome: 'accepted' | 'over_quota' | 'filtered', reason: string, quantity: number) =>
    count({ projectId: key.projectId, category: 'trace_metric', outcome, reason, quantity });
  counted('accepted', '', r.stored);
  counted('over_quota', 'metric_quota', r.overQuota);
  counted('filtered', 'duplicate_point', r.repeats);
}
