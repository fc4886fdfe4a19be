// Insights › Queues (#62): messaging spans of a project in a range (`queue.publish` and `queue.process`), per
// destination (`messaging.destination.name` in the span's data), as Sentry's Queues page: messages published and
// processed, a minute, the average publish and process durations, the average time a message waited before it was
// processed (`messaging.message.receive.latency`, when the SDK recorded it) and the processing errors.
import { numberOfJsonb } from '@/lib/explore/datasets/sql';
import type { QueueAnswer } from '@/lib/zod/insights';
import {
  DATA_BAGS,
  dataOf,
  insightsScope,
  insightsSession,
  round,
  ROWS_IN_SCOPE,
  SPAN_IN_RANGE,
  type InsightsInput,
} from './scope';

export const QUEUE_OPS = ['queue.publish', 'queue.process'] as const;
export const QUEUES_LIMIT = 50;

type Row = {
  destination: string | null;
  published: number;
  processed: number;
  publish_avg: number | null;
  process_avg: number | null;
  latency: number | null;
  errors: number;
};

export async function insightQueues(input: InsightsInput): Promise<QueueAnswer> {
  const { range, values } = await insightsScope(input);
  const { rows } = await insightsSession((client) =>
    client.query<Row>(
      `WITH messages AS MATERIALIZED (
       SELECT s.op, s.duration, s.status, ${dataOf('messaging.destination.name')} #>> '{}' AS destination,
              ${numberOfJsonb(dataOf('messaging.message.receive.latency'))} AS latency
         FROM spans b ${DATA_BAGS}
              CROSS JOIN LATERAL unnest(b.span_ids, b.starts, b.durations, b.ops, b.statuses)
              AS s(span_id, start, duration, op, status)
        WHERE ${ROWS_IN_SCOPE} AND b.ops && $7::text[] AND ${SPAN_IN_RANGE} AND s.op = ANY($7::text[])
     )
     SELECT destination,
            count(*) FILTER (WHERE op = 'queue.publish')::int AS published,
            count(*) FILTER (WHERE op = 'queue.process')::int AS processed,
            avg(duration) FILTER (WHERE op = 'queue.publish')::float8 AS publish_avg,
            avg(duration) FILTER (WHERE op = 'queue.process')::float8 AS process_avg,
            avg(latency) FILTER (WHERE op = 'queue.process')::float8 AS latency,
            count(*) FILTER (WHERE op = 'queue.process' AND status IS NOT NULL
                               AND status NOT IN ('ok', 'cancelled', 'unknown'))::int AS errors
       FROM messages GROUP BY destination ORDER BY count(*) DESC, destination LIMIT ${QUEUES_LIMIT}`,
      [...values, QUEUE_OPS],
    ),
  );
  return {
    ...range,
    rows: rows.map((r) => ({
      destination: r.destination,
      published: r.published,
      processed: r.processed,
      throughput: (r.published + r.processed) / range.minutes,
      publishAvgMs: round(r.publish_avg),
      processAvgMs: round(r.process_avg),
      receiveLatencyMs: round(r.latency),
      processErrors: r.errors,
    })),
  };
}
