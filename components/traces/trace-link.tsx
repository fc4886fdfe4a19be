import Link from 'next/link';

/** A link to the trace view of `traceId`. */
export function TraceLink({
  traceId,
  children,
  className,
}: {
  traceId: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={`/traces/${encodeURIComponent(traceId)}`}
      className={className ?? 'font-medium text-link underline underline-offset-2'}
    >
      {children ?? 'View trace'}
    </Link>
  );
}

/** The trace id of an event's contexts, when it has one. */
export function traceIdOf(contexts: unknown): string | null {
  const trace = (contexts as { trace?: { trace_id?: unknown } } | null | undefined)?.trace;
  return typeof trace?.trace_id === 'string' && /^[0-9a-f]{32}$/.test(trace.trace_id) ? trace.trace_id : null;
}
