// Erasing a person's metric points (#61, docs/erasure.md): the points whose own attributes name them (user.id,
// user.email, user.name, client.address, as the SDKs set them from the scope's user) go a batch at a time, each batch
// with what its points added to the rollups taken back out in the same transaction; when all are gone, the extremes
// and last values of the minutes and hours they were in are recomputed from the points left. Series hold no user
// attribute (lib/ingest/items/metrics/series.ts), so they stay.
import { withPgTransaction } from '@/lib/pg';
import { repairRollups, takeBackPoints } from '@/lib/metrics-store/erase-rollups';
import type { RollupPoint } from '@/lib/metrics-store/types';
import { MATCH } from './erasure-match';
import { BATCH_SIZE, q } from './erasure-counts';

type Deleted = Omit<RollupPoint, 'timeMs'> & { project_id: string; time_ms: number };

const ERASE = `WITH d AS (
    DELETE FROM metric_points t USING (SELECT tableoid, ctid FROM metric_points WHERE ${MATCH.metrics} LIMIT ${BATCH_SIZE}) v
     WHERE t.tableoid = v.tableoid AND t.ctid = v.ctid
    RETURNING t.series, t.project, t.timestamp, t.value, t.histogram)
  SELECT d.series::text AS series, d.project, extract(epoch FROM d.timestamp)::float8 * 1000 AS time_ms, d.value,
         d.histogram, s.type, s.project_id
    FROM d JOIN projects p ON p.number = d.project JOIN metric_series s ON s.project_id = p.id AND s.id = d.series`;

/** Deletes the person's points (`params`: the erasure's matchParams), counting each for its project. */
export async function eraseMetricPoints(
  params: unknown[],
  add: (projectId: string, n: number) => void,
  onBatch: () => Promise<void>,
): Promise<void> {
  // The minutes the points were in (their hours follow from them), for the repair.
  const minutes = new Map<string, { series: string; timeMs: number }>();
  for (;;) {
    const rows = await withPgTransaction(async (c) => {
      const deleted = await q<Deleted>(c, ERASE, params);
      await takeBackPoints(
        c,
        deleted.map((d) => ({ ...d, timeMs: d.time_ms })),
      );
      return deleted.map((d) => ({ project_id: d.project_id, series: d.series, timeMs: d.time_ms }));
    });
    for (const r of rows) {
      add(r.project_id, 1);
      const minute = Math.floor(r.timeMs / 60_000) * 60_000;
      minutes.set(`${r.series}|${minute}`, { series: r.series, timeMs: minute });
    }
    if (rows.length === 0) break;
    await onBatch();
    if (rows.length < BATCH_SIZE) break;
  }
  await repairRollups([...minutes.values()]);
}
