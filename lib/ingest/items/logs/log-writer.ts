// Logs on the shared group commit (#34): one item is one request's log rows, scrubbed like events (value rules on
// the message, key and value rules on attributes), counted as accepted log items. Not counted against the monthly
// event quota.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import type { LogRow } from './parse-logs';

type Item = { projectId: string; logs: LogRow[] };
type Outcome = 'stored' | 'unauthorized';

const SQL = `
INSERT INTO logs (project_id, timestamp, level, severity_number, body, template, attributes, trace_id, span_id, environment, release)
SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::int[], $5::text[], $6::text[], $7::jsonb[], $8::text[], $9::text[], $10::text[], $11::text[])`;

async function write(items: Item[]): Promise<Outcome[]> {
  const rows = items.flatMap((i) => i.logs.map((l) => ({ projectId: i.projectId, l })));
  const col = <V>(f: (r: (typeof rows)[number]) => V) => rows.map(f);
  await pool().query(SQL, [
    col((r) => r.projectId),
    col((r) => r.l.timestamp),
    col((r) => r.l.level),
    col((r) => r.l.severityNumber),
    col((r) => r.l.body),
    col((r) => r.l.template),
    col((r) => (r.l.attributes ? JSON.stringify(r.l.attributes) : null)),
    col((r) => r.l.traceId),
    col((r) => r.l.spanId),
    col((r) => r.l.environment),
    col((r) => r.l.release),
  ]);
  return items.map(() => 'stored');
}

const logWriter: BatchWriter<Item, Outcome> = {
  name: 'logs',
  write,
  ...refusedWhenProjectGone,
};
const submit = groupCommit(logWriter);

export async function storeLogs(key: IngestKey, logs: LogRow[]): Promise<void> {
  if (logs.length === 0) return;
  if ((await submit({ projectId: key.projectId, logs })) === 'stored')
    recordOutcome({
      projectId: key.projectId,
      category: 'log_item',
      outcome: 'accepted',
      reason: '',
      quantity: logs.length,
    });
}
