// The transactions a continuous profile chunk sampled (#60). A chunk names no transaction: the profiler id ties them
// (a transaction's root span names the profiler that ran during it, `sentry.profiler_id`), so a chunk's transactions
// are those whose root span names its profiler and whose time overlaps it. Read from the project's transactions by
// time (their index), each checked against its root span by trace id (the spans' index).
import { readPool } from '@/lib/replica';
import { spanIdSql } from '@/lib/traces/span-keys';

export type ChunkWindow = { id: string; profilerId: string | null; startedAt: Date; endedAt: Date };
/** The first transaction a chunk sampled (by start), its trace, and how many it sampled. */
export type ChunkTransaction = { transaction: string; traceId: string | null; transactionCount: number };

/** A transaction lasts at most this long (as the transaction page reads them): one overlapping a chunk ends by then. */
const LONGEST_TRANSACTION = '1 hour';
/** Transactions read per chunk at most: a chunk is about a minute of a busy service. */
const PER_CHUNK = 500;

export async function chunkTransactions(
  projectId: string,
  chunks: ChunkWindow[],
): Promise<Map<string, ChunkTransaction>> {
  const windows = chunks.filter((c) => c.profilerId !== null);
  if (!windows.length) return new Map();
  const { rows } = await readPool().query<{ id: string; name: string; traceId: string | null; n: number }>(
    `SELECT DISTINCT ON (w.id) w.id, t.name, t.trace_id AS "traceId", count(*) OVER (PARTITION BY w.id)::int AS n
       FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[]) AS w(id, pid, s, e)
       CROSS JOIN LATERAL (
         SELECT name, trace_id, timestamp, duration FROM transactions
          WHERE project_id = $1 AND timestamp >= w.s AND timestamp <= w.e + interval '${LONGEST_TRANSACTION}'
            AND trace_id IS NOT NULL
          ORDER BY timestamp LIMIT ${PER_CHUNK}
       ) t
      WHERE t.timestamp - make_interval(secs => t.duration / 1000) <= w.e
        AND EXISTS (
          SELECT 1 FROM spans b
           WHERE b.trace_id = t.trace_id::uuid AND b.project = (SELECT number FROM projects WHERE id = $1) AND b.segment_index IS NOT NULL
             AND b.data -> ${spanIdSql('b.span_ids[b.segment_index]')} ->> 'sentry.profiler_id' = w.pid)
      ORDER BY w.id, t.timestamp - make_interval(secs => t.duration / 1000)`,
    [
      projectId,
      windows.map((c) => c.id),
      windows.map((c) => c.profilerId),
      windows.map((c) => c.startedAt),
      windows.map((c) => c.endedAt),
    ],
  );
  return new Map(rows.map((r) => [r.id, { transaction: r.name, traceId: r.traceId, transactionCount: r.n }]));
}
