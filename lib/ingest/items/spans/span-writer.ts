// Spans on the shared group commit (#34, #51): one item is one envelope's spans, scrubbed by the spans kind's
// declaration (./index.ts), written with their envelope's batch in one statement. Compact rows (the spans table's
// migration of #51): a segment's name, environment, release and its spans' data bags go once on its carrier row.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import type { SpanRow } from './parse-spans';
import { spanGroup } from './normalize';
import { key64, spanIdNumber, transactionKey } from './span-keys';

type Item = { projectId: string; spans: SpanRow[] };
type Outcome = 'stored' | 'unauthorized';

// The project number is read in the statement: no project, no rows, and the batch answers as refusedWhenProjectGone.
const SQL = `
INSERT INTO spans (project, txn_key, group_key, trace_id, span_id, parent_span_id, segment_id, start, duration, is_segment,
                   op, description, status, transaction, environment, release, data)
SELECT p.number, s.txn_key, s.group_key, s.trace_id, s.span_id, s.parent_span_id, s.segment_id, s.start, s.duration, s.is_segment,
       s.op, s.description, s.status, s.transaction, s.environment, s.release, s.data
  FROM unnest($1::text[], $2::int8[], $3::int8[], $4::uuid[], $5::int8[], $6::int8[], $7::int8[], $8::timestamptz[], $9::float8[],
              $10::bool[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::json[])
       AS s(project_id, txn_key, group_key, trace_id, span_id, parent_span_id, segment_id, start, duration, is_segment,
            op, description, status, transaction, environment, release, data)
  JOIN projects p ON p.id = s.project_id`;

type Columns = {
  [
    K in
      | 'projectId'
      | 'txnKey'
      | 'groupKey'
      | 'traceId'
      | 'spanId'
      | 'parentSpanId'
      | 'segmentId'
      | 'start'
      | 'duration'
      | 'isSegment'
      | 'op'
      | 'description'
      | 'status'
      | 'transaction'
      | 'environment'
      | 'release'
      | 'data'
  ]: unknown[];
};

/**
 * The rows of one envelope's spans as columns. Per segment, its carrier (the segment span when it is among them,
 * else the segment's first span here) takes the transaction name, environment, release and every data bag.
 */
function addRows(c: Columns, projectId: string, spans: SpanRow[]): void {
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
  const keys = new Map<string, string>();
  for (const s of spans) {
    const carrier = carriers.get(s.segmentId) === s;
    let txn = keys.get(s.transaction);
    if (txn === undefined) keys.set(s.transaction, (txn = transactionKey(projectId, s.transaction)));
    const bag = bags.get(s);
    c.projectId.push(projectId);
    c.txnKey.push(txn);
    c.groupKey.push(key64(s.group));
    c.traceId.push(s.traceId);
    c.spanId.push(spanIdNumber(s.spanId));
    c.parentSpanId.push(s.parentSpanId === null ? null : spanIdNumber(s.parentSpanId));
    c.segmentId.push(spanIdNumber(s.segmentId));
    c.start.push(s.start);
    c.duration.push(s.durationMs);
    c.isSegment.push(s.isSegment);
    c.op.push(s.op);
    c.description.push(s.description);
    c.status.push(s.status);
    c.transaction.push(carrier ? s.transaction : null);
    c.environment.push(carrier ? s.environment : null);
    c.release.push(carrier ? s.release : null);
    c.data.push(bag ? JSON.stringify(bag) : null);
  }
}

async function write(items: Item[]): Promise<Outcome[]> {
  const c: Columns = {
    projectId: [],
    txnKey: [],
    groupKey: [],
    traceId: [],
    spanId: [],
    parentSpanId: [],
    segmentId: [],
    start: [],
    duration: [],
    isSegment: [],
    op: [],
    description: [],
    status: [],
    transaction: [],
    environment: [],
    release: [],
    data: [],
  };
  for (const i of items) addRows(c, i.projectId, i.spans);
  const { rowCount } = await pool().query(SQL, Object.values(c));
  if (rowCount !== c.projectId.length) {
    // A project deleted while its spans waited: the batch answers as the FK violation of the other kinds would.
    const gone = new Set(
      (
        await pool().query<{ id: string }>(
          'SELECT id FROM unnest($1::text[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM projects WHERE projects.id = x.id)',
          [[...new Set(items.map((i) => i.projectId))]],
        )
      ).rows.map((r) => r.id),
    );
    return items.map((i) => (gone.has(i.projectId) ? 'unauthorized' : 'stored'));
  }
  return items.map(() => 'stored');
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
    s.group = spanGroup(s.op, s.description);
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
