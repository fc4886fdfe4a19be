// What a batch's points add to their series' minutes (#61), written beside the points in their transaction as
// waiting rollup rows (metric_rollup_pending), one binary COPY: insert-only, so concurrent batches never wait on
// each other. lib/metrics-store/rollup-fold.ts adds them to the minute and hour rollups.
import type pg from 'pg';
import { BinaryRows, copyRows, ELEMENT } from '@/lib/ingest/store/copy-rows';
import type { RollupRow } from '@/lib/metrics-store/rollup-math';
import { sketchPairs } from '@/lib/metrics-store/sketch';

const TARGET = 'metric_rollup_pending (series, minute, project, count, sum, min, max, last, last_at, sketch)';

export async function copyPendingRollups(client: pg.ClientBase, rows: RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const out = new BinaryRows();
  for (const r of rows) {
    out.row(10).int8(r.series).time(r.bucketMs).int4(r.project).int8(r.count).float8(r.sum);
    for (const v of [r.min, r.max, r.last]) {
      if (v === null) out.null();
      else out.float8(v);
    }
    out.timeUs(r.lastAtMs);
    const pairs = r.sketch ? sketchPairs(r.sketch) : null;
    if (!pairs) out.null();
    else out.array(ELEMENT.int8, pairs.length, (i) => out.int8(pairs[i]));
  }
  await copyRows(client, TARGET, out);
}
