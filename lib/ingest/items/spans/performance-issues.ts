// Performance issues at ingest (#62): the spans of an envelope just stored go through the detectors
// (lib/ingest/enrich/performance/detect.ts) and each problem found is one occurrence of its issue, written by the
// batch statement as an error event is (lib/ingest/store/event-writer.ts): the issue upserted by its fingerprint
// (type and the offending spans' group), its counts, last seen, regression, rollups and alert rules as for any
// issue. Nothing but the detectors' pass runs when nothing is found.
import { createHash } from 'node:crypto';
import { clock } from '@/lib/clock';
import { logger } from '@/lib/log';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { detectPerformanceIssues, type Detection } from '@/lib/ingest/enrich/performance/detect';
import { rollupKeysOf } from '@/lib/ingest/store/rollup-keys';
import { submitErrorEvent, type StoredEventInput } from '@/lib/ingest/store/event-writer';
import {
  DEFAULT_PERFORMANCE_SETTINGS,
  PERFORMANCE_ISSUE_TITLES,
  performanceFingerprint,
  type PerformanceEvidence,
} from '@/lib/performance-issues/types';
import type { SpanRow } from './parse-spans';

/** Spans an occurrence shows (an N+1 of 500 queries keeps its first 50 and its total). */
const MAX_EVIDENCE_SPANS = 50;
const MAX_SKEW_MS = 60_000;

const hashOf = (group: string) => createHash('md5').update(group).digest('hex');
const brief = (s: SpanRow) => ({
  spanId: s.spanId,
  op: s.op,
  description: s.description,
  startMs: s.startMs,
  durationMs: s.durationMs,
});

/** One detection as the error-event row the batch statement writes, or null when its fingerprint is discarded. */
function occurrence(
  key: IngestKey,
  d: Detection<SpanRow>,
  parent: SpanRow | null,
  receivedAt: Date,
): StoredEventInput | null {
  const first = d.spans[0];
  const own = performanceFingerprint(d.type, hashOf(d.group));
  const fingerprint = key.aliases.get(own) ?? own;
  if (key.discarded.has(fingerprint)) return null;
  const evidence: PerformanceEvidence = {
    type: d.type,
    transaction: first.transaction,
    traceId: first.traceId,
    group: d.group,
    parent: parent ? { spanId: parent.spanId, op: parent.op, description: parent.description } : null,
    spans: d.spans.slice(0, MAX_EVIDENCE_SPANS).map(brief),
    count: d.spans.length,
    totalMs: d.totalMs,
    savedMs: d.savedMs,
  };
  const tags = { transaction: first.transaction.slice(0, 200) };
  const contexts = { trace: { trace_id: first.traceId, span_id: first.spanId, op: first.op } };
  const at = Math.min(first.startMs, receivedAt.getTime() + MAX_SKEW_MS);
  return {
    orgId: key.orgId,
    projectId: key.projectId,
    fingerprint,
    title: PERFORMANCE_ISSUE_TITLES[d.type],
    culprit: first.transaction,
    level: 'INFO',
    message: d.group,
    eventId: null,
    timestamp: new Date(at),
    receivedAt,
    environment: first.environment,
    release: first.release,
    json: {
      stacktrace: null,
      contexts: JSON.stringify(contexts),
      tags: JSON.stringify(tags),
      userContext: null,
      request: null,
      breadcrumbs: null,
      details: JSON.stringify({ transaction: first.transaction, performance: evidence }),
    },
    rollup: rollupKeysOf({ tags, environment: first.environment, release: first.release }),
  };
}

/** Detects the performance problems in an envelope's stored spans and records each as an occurrence of its issue. */
export async function recordPerformanceIssues(key: IngestKey, spans: SpanRow[]): Promise<void> {
  // Parents are span ids, unique across the envelope's transactions: one pass over all of them.
  const found = detectPerformanceIssues(spans, key.performance ?? DEFAULT_PERFORMANCE_SETTINGS);
  if (found.length === 0) return;
  const byId = new Map<string, SpanRow>();
  for (const s of spans) byId.set(s.spanId, s);
  const receivedAt = clock.now();
  const rows = found.flatMap((d) => {
    const row = occurrence(key, d, d.parentSpanId ? (byId.get(d.parentSpanId) ?? null) : null, receivedAt);
    return row ? [row] : [];
  });
  // The spans are stored whatever happens to their issues' occurrences (over quota, a failed write).
  await Promise.all(
    rows.map((row) =>
      submitErrorEvent(row).catch((err: unknown) => {
        logger.error({ err }, 'ingest: a performance issue occurrence was not stored');
      }),
    ),
  );
}
