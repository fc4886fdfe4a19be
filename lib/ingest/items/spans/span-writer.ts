// Spans on the shared group commit (#34): one item is one envelope's spans, scrubbed by the spans kind's declaration
// (./index.ts), written with their envelope's batch in one statement.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import type { SpanRow } from './parse-spans';
import { spanGroup } from './normalize';

type Item = { projectId: string; spans: SpanRow[] };
type Outcome = 'stored' | 'unauthorized';

const SQL = `
INSERT INTO spans (project_id, trace_id, span_id, parent_span_id, segment_id, transaction, op, description, "group", status, start, duration, is_segment, data, environment, release)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                     $11::timestamptz[], $12::float8[], $13::bool[], $14::jsonb[], $15::text[], $16::text[])`;

async function write(items: Item[]): Promise<Outcome[]> {
  const rows = items.flatMap((i) => i.spans.map((s) => ({ projectId: i.projectId, s })));
  const col = <V>(f: (r: (typeof rows)[number]) => V) => rows.map(f);
  await pool().query(SQL, [
    col((r) => r.projectId),
    col((r) => r.s.traceId),
    col((r) => r.s.spanId),
    col((r) => r.s.parentSpanId),
    col((r) => r.s.segmentId),
    col((r) => r.s.transaction),
    col((r) => r.s.op),
    col((r) => r.s.description),
    col((r) => r.s.group),
    col((r) => r.s.status),
    col((r) => r.s.start),
    col((r) => r.s.durationMs),
    col((r) => r.s.isSegment),
    col((r) => (r.s.data ? JSON.stringify(r.s.data) : null)),
    col((r) => r.s.environment),
    col((r) => r.s.release),
  ]);
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
