// Spans on the shared group commit (#34, #51): one item is one envelope's spans, scrubbed by the spans kind's
// declaration (./index.ts), written with their envelope's batch in one statement. Compact rows (the spans table's
// migration of #51): a segment's name, environment, release and its spans' data bags go once on its carrier row.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import { copyField, copyRows } from '@/lib/ingest/store/copy-rows';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { withPgTransaction } from '@/lib/pg';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import type { SpanRow } from './parse-spans';
import { spanGroup } from './normalize';
import { key64, memo, spanIdNumber, transactionKey } from './span-keys';

type Item = { projectId: string; spans: SpanRow[] };
type Outcome = 'stored' | 'unauthorized';

const TARGET = `spans (project, txn_key, group_key, trace_id, span_id, parent_span_id, segment_id, start, duration, is_segment,
                       op, description, status, transaction, environment, release, data)`;

const groupKey = memo(key64);
const groupOf = memo((k) => spanGroup(k.slice(0, k.indexOf('\0')), k.slice(k.indexOf('\0') + 1)));

/**
 * The COPY text of one envelope's spans. Per segment, its carrier (the segment span when it is among them, else the
 * segment's first span here) takes the transaction name, environment, release and every data bag.
 */
function copyText(project: number, projectId: string, spans: SpanRow[]): string {
  const carriers = new Map<string, SpanRow>();
  for (const s of spans) if (s.isSegment || !carriers.has(s.segmentId)) carriers.set(s.segmentId, s);
  const bags = new Map<SpanRow, JsonObject>();
  for (const s of spans) {
    if (!s.data || Object.keys(s.data).length === 0) continue;
    const carrier = carriers.get(s.segmentId)!;
    let bag = bags.get(carrier);
    if (!bag) bags.set(carrier, (bag = {}));
    bag[s.spanId] = s.data;
  }
  let text = '';
  for (const s of spans) {
    const carrier = carriers.get(s.segmentId) === s;
    const txn = transactionKey(projectId, s.transaction);
    const bag = bags.get(s);
    text += `${project}\t${txn}\t${groupKey(s.group)}\t${s.traceId}\t${spanIdNumber(s.spanId)}\t${
      s.parentSpanId === null ? '\\N' : spanIdNumber(s.parentSpanId)
    }\t${spanIdNumber(s.segmentId)}\t${s.start.toISOString()}\t${s.durationMs}\t${s.isSegment ? 't' : 'f'}\t${copyField(
      s.op,
    )}\t${copyField(s.description)}\t${copyField(s.status)}\t${
      carrier ? `${copyField(s.transaction)}\t${copyField(s.environment)}\t${copyField(s.release)}` : '\\N\t\\N\t\\N'
    }\t${copyField(bag ? JSON.stringify(bag) : null)}\n`;
  }
  return text;
}

/**
 * A batch in one transaction: its projects' rows locked FOR KEY SHARE (a project deleted meanwhile refuses its items;
 * one deleted later takes its spans with it, by the spans migration's trigger: no per-row foreign-key check), then
 * every span in one COPY.
 */
async function write(items: Item[]): Promise<Outcome[]> {
  return withPgTransaction(async (client) => {
    const { rows } = await client.query<{ id: string; number: number }>(
      'SELECT id, number FROM projects WHERE id = ANY($1) FOR KEY SHARE',
      [[...new Set(items.map((i) => i.projectId))]],
    );
    const numbers = new Map(rows.map((r) => [r.id, r.number]));
    let text = '';
    for (const i of items) {
      const n = numbers.get(i.projectId);
      if (n !== undefined) text += copyText(n, i.projectId, i.spans);
    }
    if (text) await copyRows(client, TARGET, text);
    return items.map((i) => (numbers.has(i.projectId) ? 'stored' : 'unauthorized'));
  });
}

const spanWriter: BatchWriter<Item, Outcome> = {
  name: 'spans',
  write,
  ...refusedWhenProjectGone,
};
const submit = groupCommit(spanWriter);

/** Stores the spans of an envelope whose transactions were stored; each counted as an accepted span. */
export async function storeSpans(key: IngestKey, spans: SpanRow[]): Promise<void> {
  if (spans.length === 0) return;
  for (const s of spans) {
    // Grouped again: the description the group was made of may have been scrubbed since.
    s.group = groupOf(`${s.op}\0${s.description}`);
  }
  if ((await submit({ projectId: key.projectId, spans })) === 'stored')
    recordOutcome({
      projectId: key.projectId,
      category: 'span',
      outcome: 'accepted',
      reason: '',
      quantity: spans.length,
    });
}
