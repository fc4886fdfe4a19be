// What every Insights read shares (#62): the project (by its number, as the spans table stores it), the range and
// the conditions on the stored rows. Spans are read as Explore reads them (lib/explore/datasets/spans.ts): by the
// span's own start within the range, and by receipt within the range and an hour either side, so the day
// partitions outside it are never opened.
import type pg from 'pg';
import { notFound } from '@/lib/errors';
import { clock } from '@/lib/clock';
import { RECEIVED_SLACK_MS } from '@/lib/explore/compile';
import { withReadSession } from '@/lib/read-session';
import { readPool } from '@/lib/replica';
import { spanIdSql } from '@/lib/traces/span-keys';
import type { InsightPeriod, InsightSample, InsightsRange } from '@/lib/zod/insights';

export type InsightsInput = { orgId: string; projectId: string; statsPeriod: InsightPeriod; environment?: string };

const PERIOD_MS: Record<InsightPeriod, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '14d': 14 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export type Scope = {
  range: InsightsRange;
  /** $1..$6: project number, receipt bounds, start bounds, environment (null: every one). */
  values: unknown[];
};

/** The project of the caller's organization and the range; 404 for a project that is not theirs. */
export async function insightsScope(input: InsightsInput): Promise<Scope> {
  const { rows } = await readPool().query<{ number: number }>(
    'SELECT number FROM projects WHERE id = $1 AND org_id = $2',
    [input.projectId, input.orgId],
  );
  if (rows.length === 0) throw notFound('Project');
  const untilMs = clock.now().getTime();
  const sinceMs = untilMs - PERIOD_MS[input.statsPeriod];
  return {
    range: {
      statsPeriod: input.statsPeriod,
      since: new Date(sinceMs).toISOString(),
      until: new Date(untilMs).toISOString(),
      minutes: PERIOD_MS[input.statsPeriod] / 60_000,
    },
    values: [
      rows[0].number,
      new Date(sinceMs - RECEIVED_SLACK_MS),
      new Date(untilMs + RECEIVED_SLACK_MS),
      new Date(sinceMs),
      new Date(untilMs),
      input.environment ?? null,
    ],
  };
}

/** INSIGHTS_STATEMENT_TIMEOUT_MS (default 30,000): the longest one Insights statement may run. */
function timeoutMs(): number {
  const n = Number(process.env.INSIGHTS_STATEMENT_TIMEOUT_MS);
  return Number.isInteger(n) && n >= 100 ? n : 30_000;
}

/**
 * `fn` in a read-only transaction on the read pool, with room for its percentiles' sorts in memory (work_mem) and
 * its statements stopped after the timeout (a clear 400 rather than a page that never loads).
 */
export function insightsSession<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const ms = timeoutMs();
  return withReadSession(
    {
      timeoutMs: ms,
      workMem: '64MB',
      parallel: true,
      stoppedMessage: `The read ran into its ${ms / 1000} s limit and was stopped: pick a shorter range`,
    },
    fn,
  );
}

/** The stored rows of the project in the range (`b`), before their spans are unnested. */
export const ROWS_IN_SCOPE = `b.project = $1 AND b.received_at >= $2 AND b.received_at < $3
  AND ($6::text IS NULL OR b.environment = $6::text)`;
/** A span (`s`) in the range. */
export const SPAN_IN_RANGE = `s.start >= $4 AND s.start < $5`;

/** The row's data bags as jsonb once per row (as Explore's spans dataset reads them), and one span's value of a key. */
export const DATA_BAGS = `CROSS JOIN LATERAL (SELECT b.data::jsonb AS d OFFSET 0) dj`;
export const dataOf = (key: string) => `(dj.d -> ${spanIdSql('s.span_id')} -> '${key}')`;

export const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
export const samples = (v: unknown) => (v as InsightSample[]).map((s) => ({ ...s, durationMs: round(s.durationMs)! }));
