// Logs on the shared group commit (#34, #51): one item is one request's log rows, scrubbed like events (value rules
// on the message, key and value rules on attributes, by the kind's `fields`), counted as accepted log items after
// their batch has committed. Not counted against the monthly event quota. A batch goes in one transaction: its
// projects' rows locked FOR KEY SHARE (a project deleted meanwhile refuses its items; one deleted later takes its
// lines with it, by the trigger of the logs migration: no per-line foreign-key check), then every line in one
// binary COPY.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import type { CountOutcome } from '../kind';
import { withPgTransaction } from '@/lib/pg';
import { compactAttributes } from '@/lib/logs/compact';
import { BinaryRows, copyRows } from '@/lib/ingest/store/copy-rows';
import type { LogRow } from './parse-logs';

type Item = { projectId: string; logs: LogRow[] };
type Outcome = 'stored' | 'unauthorized';

export const LOG_TARGET =
  'logs (timestamp, span_id, trace_id, severity_number, project_id, level, body, template, environment, release, attributes)';
const FIELDS = 11;

/** One line as a row of LOG_TARGET's columns. */
export function addLine(out: BinaryRows, projectId: string, l: LogRow): void {
  const attributes = compactAttributes(l.attributes, l);
  out.row(FIELDS).time(l.timestamp.getTime());
  if (l.spanId === null) out.null();
  else out.hex(l.spanId);
  if (l.traceId === null) out.null();
  else out.hex(l.traceId);
  if (l.severityNumber === null) out.null();
  else out.int2(l.severityNumber);
  out
    .text(projectId)
    .text(l.level)
    .text(l.body)
    .text(l.template)
    .text(l.environment)
    .text(l.release)
    .jsonb(attributes ? JSON.stringify(attributes) : null);
}

async function write(items: Item[]): Promise<Outcome[]> {
  return withPgTransaction(async (client) => {
    const ids = [...new Set(items.map((i) => i.projectId))];
    const { rows } = await client.query<{ id: string }>('SELECT id FROM projects WHERE id = ANY($1) FOR KEY SHARE', [
      ids,
    ]);
    const live = new Set(rows.map((r) => r.id));
    const out = new BinaryRows();
    for (const i of items) if (live.has(i.projectId)) for (const l of i.logs) addLine(out, i.projectId, l);
    if (out.rows > 0) await copyRows(client, LOG_TARGET, out);
    return items.map((i) => (live.has(i.projectId) ? 'stored' : 'unauthorized'));
  });
}

const logWriter: BatchWriter<Item, Outcome> = {
  name: 'logs',
  // An item is a request's lines (often a hundred): batches of 10 requests let two or three go in at once.
  maxBatch: 10,
  write,
  ...refusedWhenProjectGone,
};
const submit = groupCommit(logWriter);

export async function storeLogs(key: IngestKey, logs: LogRow[], count: CountOutcome): Promise<void> {
  if (logs.length === 0) return;
  if ((await submit({ projectId: key.projectId, logs })) === 'stored')
    count({
      projectId: key.projectId,
      category: 'log_item',
      outcome: 'accepted',
      reason: '',
      quantity: logs.length,
    });
}
