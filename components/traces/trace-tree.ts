import type { TraceError, TraceSpan } from '@/lib/swr/use-traces';

export type Row = { span: TraceSpan; depth: number };

/** Spans in tree order (parents before children, siblings by start), with their depth. */
export function treeOf(spans: TraceSpan[]): Row[] {
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string, TraceSpan[]>();
  const roots: TraceSpan[] = [];
  for (const s of spans) {
    if (s.parentSpanId && ids.has(s.parentSpanId) && s.parentSpanId !== s.spanId) {
      const list = children.get(s.parentSpanId) ?? [];
      list.push(s);
      children.set(s.parentSpanId, list);
    } else roots.push(s);
  }
  const rows: Row[] = [];
  const seen = new Set<string>();
  const walk = (s: TraceSpan, depth: number) => {
    if (seen.has(s.spanId)) return;
    seen.add(s.spanId);
    rows.push({ span: s, depth });
    for (const c of (children.get(s.spanId) ?? []).sort((a, b) => a.start.localeCompare(b.start))) walk(c, depth + 1);
  };
  for (const r of roots.sort((a, b) => a.start.localeCompare(b.start))) walk(r, 0);
  return rows;
}

/** The DOM id of a span's row, so an error can lead to it. */
export const spanRowId = (s: Pick<TraceSpan, 'projectId' | 'spanId'>) => `span-${s.projectId}-${s.spanId}`;

/** The page of an error event of the trace. */
export const errorHref = (e: Pick<TraceError, 'projectId' | 'issueId' | 'id'>) =>
  `/projects/${encodeURIComponent(e.projectId)}/issues/${encodeURIComponent(e.issueId)}/events/${encodeURIComponent(e.id)}`;

/** The DOM id of an error's entry in the Errors panel. */
export const errorEntryId = (e: Pick<TraceError, 'id'>) => `trace-error-${e.id}`;
