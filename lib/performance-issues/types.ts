// Performance issues (#62): what ingest finds in a transaction's spans (an N+1 query, a slow database query,
// consecutive HTTP calls) becomes an issue like any other, its kind named by its fingerprint's prefix (one issue per
// project, type and the offending spans' normalised group). A leaf: ingest, the issue reads and the pages import it.

export const PERFORMANCE_ISSUE_TYPES = [
  'performance_n_plus_one_db_queries',
  'performance_slow_db_query',
  'performance_consecutive_http',
] as const;
export type PerformanceIssueType = (typeof PERFORMANCE_ISSUE_TYPES)[number];
export type IssueType = 'error' | PerformanceIssueType;

/** Each type's issue title, as Sentry names it. */
export const PERFORMANCE_ISSUE_TITLES: Record<PerformanceIssueType, string> = {
  performance_n_plus_one_db_queries: 'N+1 Query',
  performance_slow_db_query: 'Slow DB Query',
  performance_consecutive_http: 'Consecutive HTTP',
};

const TYPES = new Set<string>(PERFORMANCE_ISSUE_TYPES);

/** The fingerprint of a performance issue: `<type>:<hash of the offending spans' group>`. */
export const performanceFingerprint = (type: PerformanceIssueType, groupHash: string) => `${type}:${groupHash}`;

/** An issue's type from its fingerprint: error fingerprints are hashes without a `:`. */
export function issueTypeOf(fingerprint: string): IssueType {
  const i = fingerprint.indexOf(':');
  if (i < 0) return 'error';
  const prefix = fingerprint.slice(0, i);
  return TYPES.has(prefix) ? (prefix as PerformanceIssueType) : 'error';
}

/** Each detector's switch and thresholds, per project (projects.performance_issues); Sentry's defaults. */
export type PerformanceSettings = {
  nPlusOneDbQueries: boolean;
  slowDbQuery: boolean;
  consecutiveHttp: boolean;
  /** A SELECT at least this long is a slow DB query. */
  slowDbQueryMs: number;
  /** Repeats of one query in sequence that make an N+1. */
  nPlusOneMinCount: number;
  /** The repeats' total duration an N+1 must reach. */
  nPlusOneMinTotalMs: number;
  /** Sequential HTTP calls that make "consecutive HTTP". */
  consecutiveHttpMinCount: number;
  /** Each of those calls lasts at least this long. */
  consecutiveHttpMinSpanMs: number;
  /** What running them in parallel would save (their total less the longest) is at least this. */
  consecutiveHttpMinSavedMs: number;
};

export const DEFAULT_PERFORMANCE_SETTINGS: PerformanceSettings = {
  nPlusOneDbQueries: true,
  slowDbQuery: true,
  consecutiveHttp: true,
  slowDbQueryMs: 1000,
  nPlusOneMinCount: 5,
  nPlusOneMinTotalMs: 100,
  consecutiveHttpMinCount: 3,
  consecutiveHttpMinSpanMs: 1000,
  consecutiveHttpMinSavedMs: 2000,
};

/** The stored settings over the defaults: a field missing or of the wrong type keeps its default. */
export function performanceSettingsOf(stored: unknown): PerformanceSettings {
  const out = { ...DEFAULT_PERFORMANCE_SETTINGS };
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return out;
  const s = stored as Record<string, unknown>;
  const o = out as Record<string, boolean | number>;
  for (const k of Object.keys(out)) {
    const v = s[k];
    if (typeof v === typeof o[k] && (typeof v !== 'number' || (Number.isFinite(v) && v >= 0))) o[k] = v as never;
  }
  return out;
}

/** What an occurrence shows on the issue page (the event's details.performance). */
export type PerformanceEvidence = {
  type: PerformanceIssueType;
  transaction: string;
  traceId: string;
  /** The offending spans' normalised group. */
  group: string;
  parent: { spanId: string; op: string; description: string } | null;
  /** The first MAX_EVIDENCE_SPANS of them (ingest's), and how many there were. */
  spans: { spanId: string; op: string; description: string; startMs: number; durationMs: number }[];
  count: number;
  /** All the offending spans' time; for consecutive HTTP, what running them in parallel would save. */
  totalMs: number;
  savedMs?: number;
};
