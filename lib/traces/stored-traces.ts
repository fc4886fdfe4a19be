// Which trace ids have something stored in an organization (#60): a link to a trace is shown only where the trace
// view has something to show (its transactions, spans or error events), each found by its trace id index.
import { readPool } from '@/lib/replica';

const HEX32 = /^[0-9a-f]{32}$/;

/** The ids among `traceIds` with a transaction, span or error event in one of the organization's projects. */
export async function storedTraceIds(orgId: string, traceIds: (string | null)[]): Promise<Set<string>> {
  const ids = [...new Set(traceIds.filter((t): t is string => typeof t === 'string' && HEX32.test(t)))];
  if (!ids.length) return new Set();
  const [transactions, spans, events] = await Promise.all([
    readPool().query<{ id: string }>(
      `SELECT DISTINCT trace_id AS id FROM transactions
        WHERE trace_id = ANY($2::text[]) AND project_id IN (SELECT id FROM projects WHERE org_id = $1)`,
      [orgId, ids],
    ),
    readPool().query<{ id: string }>(
      `SELECT DISTINCT replace(trace_id::text, '-', '') AS id FROM spans
        WHERE trace_id = ANY($2::uuid[]) AND project IN (SELECT number FROM projects WHERE org_id = $1)`,
      [orgId, ids],
    ),
    readPool().query<{ id: string }>(
      `SELECT DISTINCT contexts -> 'trace' ->> 'trace_id' AS id FROM events
        WHERE (contexts -> 'trace' ->> 'trace_id') = ANY($2::text[]) AND project_id IN (SELECT id FROM projects WHERE org_id = $1)`,
      [orgId, ids],
    ),
  ]);
  return new Set([...transactions.rows, ...spans.rows, ...events.rows].map((r) => r.id));
}
