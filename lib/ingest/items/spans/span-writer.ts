// Spans on the shared group commit (#34, #51): one item is one envelope's spans, scrubbed by the spans kind's
// declaration (./index.ts), written with their envelope's batch in one statement. One row per segment (transaction)
// and write (the spans table's migration of #51): the segment's name, environment, release, its spans' fields as
// arrays in the order they arrived, and their data bags as one json object keyed by span id.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import { BinaryRows, ELEMENT, copyRows } from '@/lib/ingest/store/copy-rows';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import type { CountOutcome } from '../kind';
import { withPgClient } from '@/lib/pg';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import type { SpanRow } from './parse-spans';
import { spanGroup } from '@/lib/traces/span-groups';
import { key64Bytes, memo, transactionKeyBytes } from '@/lib/traces/span-keys';
import { recordPerformanceIssues } from './performance-issues';

type Item = { projectId: string; project: number; spans: SpanRow[] };
type Outcome = 'stored' | 'unauthorized';

const TARGET = `spans (project, txn_key, trace_id, segment_id, span_count, segment_index, transaction, environment, release,
                       span_ids, parent_ids, starts, durations, group_keys, ops, descriptions, statuses, data)`;
const FIELDS = 18;

const groupKey = memo(key64Bytes);
const groupOf = memo((k) => spanGroup(k.slice(0, k.indexOf('\0')), k.slice(k.indexOf('\0') + 1)));

/** One envelope's spans as rows: one per segment, named by its segment span when it is among them. */
function addRows(out: BinaryRows, project: number, projectId: string, spans: SpanRow[]) {
  const segments = new Map<string, SpanRow[]>();
  for (const s of spans) {
    const list = segments.get(s.segmentId);
    if (list) list.push(s);
    else segments.set(s.segmentId, [s]);
  }
  for (const [segmentId, list] of segments) {
    const at = list.findIndex((s) => s.isSegment);
    const head = list[Math.max(at, 0)];
    let bag: JsonObject | null = null;
    for (const s of list) if (s.data && Object.keys(s.data).length > 0) (bag ??= {})[s.spanId] = s.data;
    out
      .row(FIELDS)
      .int4(project)
      .bytes(transactionKeyBytes(projectId, head.transaction))
      .hex(head.traceId)
      .hex(segmentId)
      .int4(list.length);
    if (at < 0) out.null();
    else out.int4(at + 1);
    out
      .text(head.transaction)
      .text(head.environment)
      .text(head.release)
      .array(ELEMENT.int8, list.length, (i) => out.hex(list[i].spanId))
      .array(ELEMENT.int8, list.length, (i) => {
        const parent = list[i].parentSpanId;
        if (parent === null) out.null();
        else out.hex(parent);
      })
      .array(ELEMENT.timestamptz, list.length, (i) => out.time(list[i].startMs))
      .array(ELEMENT.float8, list.length, (i) => out.float8(list[i].durationMs))
      .array(ELEMENT.int8, list.length, (i) => out.bytes(groupKey(list[i].group)))
      .array(ELEMENT.text, list.length, (i) => out.text(list[i].op))
      .array(ELEMENT.text, list.length, (i) => out.text(list[i].description))
      .array(ELEMENT.text, list.length, (i) => out.text(list[i].status))
      .text(bag ? JSON.stringify(bag) : null);
  }
}

/**
 * A batch in one binary COPY, its own transaction. The spans table's insert trigger stands for a foreign key: it
 * locks the batch's projects FOR KEY SHARE and refuses the whole COPY (23503) when one was deleted meanwhile; the
 * group commit then writes the items one by one, and only the deleted project's are refused. A project deleted
 * later takes its spans with it (the spans migration's other trigger).
 */
async function write(items: Item[]): Promise<Outcome[]> {
  const out = new BinaryRows();
  for (const i of items) addRows(out, i.project, i.projectId, i.spans);
  if (out.rows > 0) await withPgClient((client) => copyRows(client, TARGET, out));
  return items.map(() => 'stored');
}

const spanWriter: BatchWriter<Item, Outcome> = {
  name: 'spans',
  write,
  ...refusedWhenProjectGone,
};
const submit = groupCommit(spanWriter);

/** Stores the spans of an envelope whose transactions were stored; each counted as an accepted span. */
export async function storeSpans(key: IngestKey, spans: SpanRow[], count: CountOutcome = recordOutcome): Promise<void> {
  if (spans.length === 0) return;
  for (const s of spans) {
    // Grouped again: the description the group was made of may have been scrubbed since.
    s.group = groupOf(`${s.op}\0${s.description}`);
  }
  if ((await submit({ projectId: key.projectId, project: key.projectNumber, spans })) !== 'stored') return;
  count({
    projectId: key.projectId,
    category: 'span',
    outcome: 'accepted',
    reason: '',
    quantity: spans.length,
  });
  // N+1 queries, slow queries, consecutive HTTP calls (#62): issues of their own, once the spans are stored.
  await recordPerformanceIssues(key, spans);
}
