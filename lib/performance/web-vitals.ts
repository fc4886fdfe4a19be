import { notFound } from '@/lib/errors';
import type { VitalName, VitalResult, WebVitals } from '@/lib/zod/performance';
import { rateVital } from './rating';
import { PERFORMANCE_SAMPLE_SIZE, performanceWindow, receivedFloor } from './window';
import { readDb } from '@/lib/replica';

type Row = {
  project_found: boolean;
  sample_count: number;
  lcp: number | null;
  lcp_samples: number;
  cls: number | null;
  cls_samples: number;
  fcp: number | null;
  fcp_samples: number;
  ttfb: number | null;
  ttfb_samples: number;
};

const VITALS: VitalName[] = ['lcp', 'cls', 'fcp', 'ttfb'];

/**
 * p75 of each vital over the same sample as the transactions list (the window's most recent 5,000
 * transactions), in one SQL statement; percentile_cont skips rows where the vital is null.
 */
export function webVitals({
  orgId,
  projectId,
  days,
  environment,
}: {
  orgId: string;
  projectId: string;
  days: number;
  environment?: string;
}): Promise<WebVitals> {
  return vitalsOver({ orgId, projectId, window: performanceWindow(days), only: { environment } });
}

/** The same over any window, optionally of one transaction name and environment (the transaction page). */
export async function vitalsOver({
  orgId,
  projectId,
  window: { since, until },
  only = {},
}: {
  orgId: string;
  projectId: string;
  window: { since: Date; until: Date };
  only?: { name?: string; environment?: string };
}): Promise<WebVitals> {
  const name = only.name ?? null;
  const environment = only.environment ?? null;
  const [row] = await readDb().$queryRaw<Row[]>`
    WITH sample AS (
      SELECT t.lcp, t.cls, t.fcp, t.ttfb
      FROM transactions t
      -- project_id as a one-value range, not "=", so it stays in the sort key below: then only the
      -- (project_id, timestamp) index yields this order, never the timestamp-only one that would walk
      -- past every other project's rows in the window.
      WHERE t.project_id >= ${projectId} AND t.project_id <= ${projectId}
        AND EXISTS (SELECT 1 FROM projects WHERE id = ${projectId} AND org_id = ${orgId})
        AND t.timestamp >= ${since}::timestamptz AND t.timestamp <= ${until}::timestamptz
        AND t.received_at >= ${receivedFloor(since)}::timestamptz
        AND (${name}::text IS NULL OR t.name = ${name}::text)
        AND (${environment}::text IS NULL OR t.environment = ${environment}::text)
      ORDER BY t.project_id, t.timestamp DESC
      LIMIT ${PERFORMANCE_SAMPLE_SIZE}::int
    )
    SELECT
      EXISTS (SELECT 1 FROM projects WHERE id = ${projectId} AND org_id = ${orgId}) AS project_found,
      count(*)::int AS sample_count,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY lcp) AS lcp, count(lcp)::int AS lcp_samples,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY cls) AS cls, count(cls)::int AS cls_samples,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY fcp) AS fcp, count(fcp)::int AS fcp_samples,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY ttfb) AS ttfb, count(ttfb)::int AS ttfb_samples
    FROM sample`;
  if (!row?.project_found) throw notFound('Project');
  const vitals = Object.fromEntries(
    VITALS.map((name): [VitalName, VitalResult] => {
      const p75 = row[name];
      const samples = row[`${name}_samples`];
      return [name, p75 === null || samples === 0 ? null : { p75, rating: rateVital(name, p75), samples }];
    }),
  ) as Record<VitalName, VitalResult>;
  return { vitals, sampleCount: row.sample_count };
}
