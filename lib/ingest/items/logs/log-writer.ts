// Logs on the shared group commit (#34, #51): one item is one request's log rows, scrubbed like events (value rules
// on the message, key and value rules on attributes, by the kind's `fields`), counted as accepted log items after
// their batch has committed. Not counted against the monthly event quota. A batch goes in one transaction: its
// projects' rows locked FOR KEY SHARE (a project deleted meanwhile refuses its items; one deleted later takes its
// lines with it, by the trigger of the logs migration: no per-line foreign-key check), then every line in one COPY.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { withPgTransaction } from '@/lib/pg';
import { compactAttributes } from './compact';
import { copyField, copyRows } from '@/lib/ingest/store/copy-rows';
import { spanIdNumber } from '@/lib/ingest/items/spans';
import type { LogRow } from './parse-logs';

type Item = { projectId: string; logs: LogRow[] };
type Outcome = 'stored' | 'unauthorized';

const TARGET =
  'logs (timestamp, span_id, trace_id, severity_number, project_id, level, body, template, environment, release, attributes)';

/** The COPY text of one line. */
export function copyLine(projectId: string, l: LogRow): string {
  const attributes = compactAttributes(l.attributes, l);
  return `${[
    l.timestamp.toISOString(),
    l.spanId === null ? null : spanIdNumber(l.spanId),
    l.traceId,
    l.severityNumber,
    projectId,
    l.level,
    l.body,
    l.template,
    l.environment,
    l.release,
    attributes ? JSON.stringify(attributes) : null,
  ]
    .map(copyField)
    .join('\t')}\n`;
}

async function write(items: Item[]): Promise<Outcome[]> {
  return withPgTransaction(async (client) => {
    const ids = [...new Set(items.map((i) => i.projectId))];
    const { rows } = await client.query<{ id: string }>('SELECT id FROM projects WHERE id = ANY($1) FOR KEY SHARE', [
      ids,
    ]);
    const live = new Set(rows.map((r) => r.id));
    let text = '';
    for (const i of items) if (live.has(i.projectId)) for (const l of i.logs) text += copyLine(i.projectId, l);
    if (text) await copyRows(client, TARGET, text);
    return items.map((i) => (live.has(i.projectId) ? 'stored' : 'unauthorized'));
  });
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
