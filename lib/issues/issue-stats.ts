import { clock } from '@/lib/clock';
import { notFound } from '@/lib/errors';
import { readDb } from '@/lib/replica';

const DAY_MS = 86_400_000;

/**
 * Events per UTC day over the last `days` days (today included), zero-filled, summed from the issue's hourly
 * rollup (at most 24 × days index rows, whatever the number of events).
 * A bucket is an exact 24-hour span so the result does not depend on the session time zone.
 */
export async function issueStats({
  orgId,
  projectId,
  issueId,
  days,
}: {
  orgId: string;
  projectId: string;
  issueId: string;
  days: number;
}) {
  const issue = await readDb().issue.findFirst({
    where: { id: issueId, projectId, project: { orgId } },
    select: { id: true },
  });
  if (!issue) throw notFound('Issue');
  const todayStart = Math.floor(clock.nowMs() / DAY_MS) * DAY_MS;
  const start = new Date(todayStart - (days - 1) * DAY_MS);
  const rows = await readDb().$queryRaw<{ date: string; count: number }[]>`
    SELECT to_char(b.day_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, coalesce(sum(h.count), 0)::int AS count
    FROM (
      SELECT ${start}::timestamptz + g * interval '24 hours' AS day_start
      FROM generate_series(0, ${days}::int - 1) AS g
    ) AS b
    LEFT JOIN issue_hourly_counts h
      ON h.issue_id = ${issue.id} AND h.hour >= b.day_start AND h.hour < b.day_start + interval '24 hours'
    GROUP BY b.day_start
    ORDER BY b.day_start`;
  return { days, buckets: rows };
}
