// Performance issue detectors (#62), after Sentry's: over one transaction's spans, an N+1 query (one normalised
// database query repeated in sequence under one parent), a slow database query (a SELECT over the project's
// threshold) and consecutive HTTP calls (sequential http.client calls under one parent that could run in parallel).
// Pure and cheap: one pass over the spans that checks the slow queries and counts database and HTTP spans per parent;
// only a parent with enough of them has its children sorted by start and scanned (a second pass, over its children).
import type { PerformanceIssueType, PerformanceSettings } from '@/lib/performance-issues/types';

/** What the detectors read of a span (lib/ingest/items/spans SpanRow has it, its group set). */
export type DetectSpan = {
  spanId: string;
  parentSpanId: string | null;
  op: string;
  description: string;
  /** The normalised description (lib/traces/span-groups.ts spanGroup). */
  group: string;
  startMs: number;
  durationMs: number;
  isSegment: boolean;
};

export type Detection<S extends DetectSpan = DetectSpan> = {
  type: PerformanceIssueType;
  /** What groups its occurrences: the offending query's group, or the HTTP calls' groups. */
  group: string;
  parentSpanId: string | null;
  spans: S[];
  totalMs: number;
  savedMs?: number;
};

/** Timestamps are whole milliseconds at the start and fractions in the duration: this much overlap is none. */
const TOLERANCE_MS = 1;
/** Consecutive HTTP: calls further apart than this are not one sequence (Sentry's max_duration_between_spans). */
const MAX_GAP_MS = 10_000;

/** A database span as Sentry's detectors take it: op `db` or `db.*`, not Redis. */
const isDb = (s: DetectSpan) => (s.op === 'db' || s.op.startsWith('db.')) && !s.op.startsWith('db.redis');
/** A pool's or client's connect span (`pg-pool.connect`, `pg.connect`): no query, and it does not break a sequence. */
const isConnect = (s: DetectSpan) => s.description.endsWith('.connect') || s.op === 'db.connection';
const isHttp = (s: DetectSpan) => s.op === 'http.client';
/** Only reads are slow queries (Sentry's slow DB query detector); a truncated statement is not grouped. */
const isSelect = (s: DetectSpan) => /^\s*SELECT\b/i.test(s.description) && !s.description.endsWith('...');
const endOf = (s: DetectSpan) => s.startMs + s.durationMs;

/** The performance problems in one transaction's spans: one at most per (type, group). */
export function detectPerformanceIssues<S extends DetectSpan>(
  spans: S[],
  settings: PerformanceSettings,
): Detection<S>[] {
  const found = new Map<string, Detection<S>>();
  const add = (d: Detection<S>) => {
    const k = `${d.type}\0${d.group}`;
    const had = found.get(k);
    if (!had || d.totalMs > had.totalMs) found.set(k, d);
  };
  const minCount = Math.min(
    settings.nPlusOneDbQueries ? settings.nPlusOneMinCount : Infinity,
    settings.consecutiveHttp ? settings.consecutiveHttpMinCount : Infinity,
  );
  let counts: Map<string, number> | null = null;
  let crowded: Set<string> | null = null;
  for (const s of spans) {
    if (s.isSegment || s.parentSpanId === null) continue;
    const db = isDb(s);
    if (db && settings.slowDbQuery && s.durationMs >= settings.slowDbQueryMs && s.group !== '' && isSelect(s))
      add({
        type: 'performance_slow_db_query',
        group: s.group,
        parentSpanId: s.parentSpanId,
        spans: [s],
        totalMs: s.durationMs,
      });
    if (minCount === Infinity || !(db || isHttp(s))) continue;
    const n = ((counts ??= new Map()).get(s.parentSpanId) ?? 0) + 1;
    counts.set(s.parentSpanId, n);
    if (n === minCount) (crowded ??= new Set()).add(s.parentSpanId);
  }
  if (crowded) {
    const children = new Map<string, S[]>();
    for (const p of crowded) children.set(p, []);
    for (const s of spans) if (s.parentSpanId !== null && !s.isSegment) children.get(s.parentSpanId)?.push(s);
    for (const [parent, list] of children) {
      list.sort((a, b) => a.startMs - b.startMs);
      if (settings.nPlusOneDbQueries) nPlusOne(parent, list, settings, add);
      if (settings.consecutiveHttp) consecutiveHttp(parent, list, settings, add);
    }
  }
  return [...found.values()];
}

/** Runs of one query, each starting after the one before ended; any other sibling (but a connect) ends a run. */
function nPlusOne<S extends DetectSpan>(
  parent: string,
  siblings: S[],
  settings: PerformanceSettings,
  add: (d: Detection<S>) => void,
) {
  let run: S[] = [];
  const flush = () => {
    if (run.length >= settings.nPlusOneMinCount) {
      const totalMs = run.reduce((t, s) => t + s.durationMs, 0);
      if (totalMs >= settings.nPlusOneMinTotalMs)
        add({
          type: 'performance_n_plus_one_db_queries',
          group: run[0].group,
          parentSpanId: parent,
          spans: run,
          totalMs,
        });
    }
    run = [];
  };
  for (const s of siblings) {
    const db = isDb(s);
    if (db && isConnect(s)) continue;
    const last = run.at(-1);
    if (db && last && s.group === last.group && s.startMs >= endOf(last) - TOLERANCE_MS) {
      run.push(s);
      continue;
    }
    flush();
    if (db && s.group !== '') run.push(s);
  }
  flush();
}

/** Sequences of long HTTP calls that do not overlap; short calls and other siblings are passed over. */
function consecutiveHttp<S extends DetectSpan>(
  parent: string,
  siblings: S[],
  settings: PerformanceSettings,
  add: (d: Detection<S>) => void,
) {
  let run: S[] = [];
  const flush = () => {
    if (run.length >= settings.consecutiveHttpMinCount) {
      let totalMs = 0;
      let longest = 0;
      for (const s of run) {
        totalMs += s.durationMs;
        longest = Math.max(longest, s.durationMs);
      }
      const savedMs = totalMs - longest;
      if (savedMs >= settings.consecutiveHttpMinSavedMs) {
        const group = [...new Set(run.map((s) => s.group))].sort().join('\n');
        add({ type: 'performance_consecutive_http', group, parentSpanId: parent, spans: run, totalMs, savedMs });
      }
    }
    run = [];
  };
  for (const s of siblings) {
    if (!isHttp(s) || s.durationMs < settings.consecutiveHttpMinSpanMs) continue;
    const last = run.at(-1);
    if (last && (s.startMs < endOf(last) - TOLERANCE_MS || s.startMs - endOf(last) > MAX_GAP_MS)) flush();
    run.push(s);
  }
  flush();
}
