// Which project a trace belongs to, for the dashboard's project picker on a trace's page (#45).

type TraceParts = {
  spans: { projectId: string; spanId: string; parentSpanId: string | null; start: string }[];
  transactions: { projectId: string; timestamp: string }[];
  errors: { projectId: string; timestamp: string }[];
};

/**
 * The project of the trace's root: its earliest span without a parent in the trace (the page load of a browser
 * trace), else its earliest transaction's, else its earliest error's; undefined for an empty trace.
 */
export function traceProjectId(trace: TraceParts): string | undefined {
  const ids = new Set(trace.spans.map((s) => s.spanId));
  const earliest = <T>(rows: T[], at: (r: T) => string) =>
    rows.reduce<T | undefined>((best, r) => (best === undefined || at(r) < at(best) ? r : best), undefined);
  const root = earliest(
    trace.spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId)),
    (s) => s.start,
  );
  return (
    root?.projectId ??
    earliest(trace.transactions, (t) => t.timestamp)?.projectId ??
    earliest(trace.errors, (e) => e.timestamp)?.projectId
  );
}
