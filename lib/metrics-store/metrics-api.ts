// The project metrics API (#61): a project's metrics, a metric's raw points, and its rollups per interval with the
// percentiles of distributions, read with the store's typed reads (./index.ts) within the caller's organization.
import type { z } from 'zod';
import { clock } from '@/lib/clock';
import { notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { readPool } from '@/lib/replica';
import {
  METRIC_INTERVALS,
  type listMetricsQuery,
  type metricPointsQuery,
  type metricRollupsQuery,
} from '@/lib/zod/metrics';
import { listMetrics } from './list-metrics';
import type { AttributeFilter, MetricScope } from './query-sql';
import { readMetricPoints } from './read-points';
import { bucketQuantile, readMetricRollups } from './read-rollups';
import { HOUR_MS, MINUTE_MS } from './rollup-math';

/** The percentiles the API answers for a distribution's buckets. */
export const PERCENTILES = { p50: 0.5, p75: 0.75, p90: 0.9, p95: 0.95, p99: 0.99 } as const;

async function scopeOf(t: ProjectTenant): Promise<MetricScope> {
  const { rows } = await readPool().query('SELECT 1 FROM projects WHERE id = $1 AND org_id = $2', [
    t.projectId,
    t.orgId,
  ]);
  if (rows.length === 0) throw notFound('Project');
  return { orgId: t.orgId, projectIds: [t.projectId] };
}

/** `key:value` as the one filter it is. */
function filtersOf(attribute: string | undefined): AttributeFilter[] {
  if (!attribute) return [];
  const i = attribute.indexOf(':');
  return [{ key: attribute.slice(0, i), op: 'in', values: [attribute.slice(i + 1)] }];
}

export async function listProjectMetrics(t: ProjectTenant, q: z.infer<typeof listMetricsQuery>) {
  const scope = await scopeOf(t);
  return listMetrics(scope, { since: new Date(clock.nowMs() - q.days * 86_400_000), search: q.search });
}

export async function projectMetricPoints(t: ProjectTenant, q: z.infer<typeof metricPointsQuery>) {
  const scope = await scopeOf(t);
  const to = new Date(clock.nowMs() + MINUTE_MS);
  return readMetricPoints(scope, {
    name: q.name,
    from: new Date(to.getTime() - q.hours * HOUR_MS),
    to,
    filters: filtersOf(q.attribute),
    traceId: q.traceId,
    cursor: q.cursor,
    limit: q.limit,
  });
}

/** The smallest interval that draws the range in at most 300 points. */
const defaultInterval = (hours: number) =>
  METRIC_INTERVALS.find((s) => (hours * 3600) / s <= 300) ?? METRIC_INTERVALS[METRIC_INTERVALS.length - 1];

export async function projectMetricRollups(t: ProjectTenant, q: z.infer<typeof metricRollupsQuery>) {
  const scope = await scopeOf(t);
  const intervalSeconds = q.interval ?? defaultInterval(q.hours);
  // The range ends after the current interval's start, on an interval boundary (whole hours read the hour rollups).
  const step = Math.min(intervalSeconds * 1000, HOUR_MS);
  const to = new Date(Math.ceil((clock.nowMs() + 1) / step) * step);
  const from = new Date(to.getTime() - q.hours * HOUR_MS);
  const buckets = await readMetricRollups(scope, {
    name: q.name,
    from,
    to,
    intervalSeconds,
    filters: filtersOf(q.attribute),
    groupBy: q.groupBy,
    sketch: true,
  });
  return {
    name: q.name,
    from: from.toISOString(),
    to: to.toISOString(),
    intervalSeconds,
    groupBy: q.groupBy,
    buckets: buckets.map((b) => {
      const { sketch: _sketch, ...rest } = b;
      const percentiles = Object.entries(PERCENTILES).map(([k, v]) => [k, bucketQuantile(b, v)]);
      return { ...rest, avg: b.count > 0 ? b.sum / b.count : null, ...Object.fromEntries(percentiles) };
    }),
  };
}
