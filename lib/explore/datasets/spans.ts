// Spans (#34, #51): every span of every transaction, read from the stored rows (one a transaction, its spans as
// parallel arrays) one span at a time, and any key of a span's data bag (the rows' bags are keyed by span id).
// A query unnests only the arrays it reads: a span's description or its data cost nothing to a count of its ops.
import type { Dataset } from '../dataset';
import { spanIdSql } from '@/lib/traces/span-keys';
import { numberOfJsonb } from './sql';

/** Each array of a stored row and its name for one span (`s.<name>`). */
const ARRAYS = [
  ['span_ids', 'span_id'],
  ['parent_ids', 'parent_id'],
  ['starts', 'start'],
  ['durations', 'duration'],
  ['group_keys', 'group_key'],
  ['ops', 'op'],
  ['descriptions', 'description'],
  ['statuses', 'status'],
] as const;

// The row's data bags as jsonb once per row (OFFSET 0 keeps it from being inlined into every span's lookup: json
// text would be parsed again for each), then its spans.
const DATA = `CROSS JOIN LATERAL (SELECT b.data::jsonb AS d OFFSET 0) dj`;
function unnest(needs: ReadonlySet<string>): string {
  const arrays = ARRAYS.filter(([a]) => needs.has(a));
  const ordinal = needs.has('ordinality');
  return `CROSS JOIN LATERAL unnest(${arrays.map(([a]) => `b.${a}`).join(', ')})${ordinal ? ' WITH ORDINALITY' : ''}
    AS s(${[...arrays.map(([, n]) => n), ...(ordinal ? ['i'] : [])].join(', ')})`;
}
const bag = (keyParam: string) => `(dj.d -> ${spanIdSql('s.span_id')} -> ${keyParam})`;

export const spans: Dataset = {
  name: 'spans',
  label: 'Spans',
  description: 'Every span of every transaction: requests, queries, HTTP calls, the work inside them',
  table: 'spans',
  from: (sample, needs) => `spans b${sample} ${needs.has('data') ? DATA : ''} ${unnest(needs)}`,
  needs: { always: ['starts'], text: ['descriptions'], status: ['statuses'] },
  project: { sql: 'b.project', by: 'number' },
  time: 's.start',
  received: 'b.received_at',
  text: 's.description',
  status: 's.status',
  rates: ['epm', 'spm'],
  noun: 'spans',
  fields: [
    { name: 'project', type: 'string', sql: 'b.project', project: true, description: 'The project (by slug)' },
    {
      name: 'span.op',
      type: 'string',
      sql: 's.op',
      needs: ['ops'],
      description: 'What the span does: db, http.client…',
    },
    {
      name: 'span.description',
      type: 'string',
      sql: 's.description',
      needs: ['descriptions'],
      description: 'The statement, URL or name',
    },
    {
      // #62: the hash of its normalised description (lib/traces/span-groups.ts), as Insights name a query or call.
      name: 'span.group',
      type: 'string',
      sql: spanIdSql('s.group_key'),
      needs: ['group_keys'],
      description: 'Its group: the hash of its normalised statement or URL (16 hex digits)',
    },
    { name: 'span.status', type: 'string', sql: 's.status', needs: ['statuses'], description: 'ok, internal_error…' },
    {
      name: 'span.duration',
      type: 'duration',
      sql: 's.duration',
      needs: ['durations'],
      description: 'How long it took',
    },
    { name: 'span.id', type: 'string', sql: spanIdSql('s.span_id'), needs: ['span_ids'], description: 'The span id' },
    {
      name: 'span.parent_id',
      type: 'string',
      sql: spanIdSql('s.parent_id'),
      needs: ['parent_ids'],
      description: 'Its parent span',
    },
    {
      name: 'is_transaction',
      type: 'string',
      sql: `(s.i IS NOT DISTINCT FROM b.segment_index)::text`,
      needs: ['ordinality'],
      description: 'true for a transaction’s root span',
    },
    { name: 'transaction', type: 'string', sql: 'b.transaction', description: 'The transaction it belongs to' },
    { name: 'environment', type: 'string', sql: 'b.environment', description: 'Its transaction’s environment' },
    { name: 'release', type: 'string', sql: 'b.release', description: 'Its transaction’s release' },
    { name: 'trace', type: 'string', sql: "replace(b.trace_id::text, '-', '')", description: 'The trace id' },
  ],
  attributes: {
    noun: 'span data key',
    text: (keyParam) => `${bag(keyParam)} #>> '{}'`,
    number: (keyParam) => numberOfJsonb(bag(keyParam)),
    has: (keyParam) => `${bag(keyParam)} IS NOT NULL`,
    needs: ['data', 'span_ids'],
  },
  // A row holds a transaction's spans (often 10 to 50): fewer rows make as many spans. Reading the rows' data bags
  // (json, turned into jsonb once a row) costs about as much again.
  sampleRows: (needs) => (needs.has('data') ? 800 : 1_500),
  samples: {
    columns: `${spanIdSql('s.span_id')} AS id, s.start AS timestamp, b.project, s.op, s.description, s.duration,
      replace(b.trace_id::text, '-', '') AS trace`,
    needs: ['span_ids', 'ops', 'descriptions', 'durations'],
    toSample: (r, projectId) => ({
      id: String(r.id),
      timestamp: (r.timestamp as Date).toISOString(),
      title: `${String(r.op)} ${String(r.description)}`.trim(),
      projectId,
      op: r.op,
      durationMs: r.duration,
      traceId: r.trace,
      href: `/traces/${r.trace as string}#span-${projectId}-${r.id as string}`,
    }),
  },
};
