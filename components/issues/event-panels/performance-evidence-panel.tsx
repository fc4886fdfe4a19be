import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import { TraceLink } from '@/components/traces/trace-link';
import { formatMs } from '@/components/performance/format';
import type { EventParts } from './event-parts';

const WHAT: Record<string, string> = {
  performance_n_plus_one_db_queries: 'The same query ran once for each item, one after another, under one parent span',
  performance_slow_db_query: 'A database query took longer than the project’s threshold',
  performance_consecutive_http: 'HTTP calls ran one after another where they could have run in parallel',
};

/**
 * A performance issue's evidence (#62): the transaction, the parent span, the offending spans with their durations,
 * and the trace they are part of.
 */
export function PerformanceEvidencePanel({ evidence }: { evidence: EventParts['performance'] }) {
  if (!evidence) return null;
  const { spans, parent } = evidence;
  const rows = presentRows([
    ['Transaction', evidence.transaction],
    ['Parent span', parent ? `${parent.op} — ${parent.description || parent.spanId}` : null],
    ['Repeating span', evidence.type === 'performance_n_plus_one_db_queries' ? evidence.group : null],
    ['Offending spans', `${evidence.count.toLocaleString('en-US')}, ${formatMs(evidence.totalMs)} in all`],
    ['Time saved in parallel', evidence.savedMs !== undefined ? formatMs(evidence.savedMs) : null],
    ['Trace', <TraceLink key="trace" traceId={evidence.traceId} className="text-link underline underline-offset-2" />],
  ]);
  return (
    <SectionCard title="Span evidence">
      <div data-testid="performance-evidence" className="space-y-3">
        <p className="text-sm text-fg-muted">{WHAT[evidence.type]}.</p>
        <KeyValueList rows={rows} />
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-fg-muted">
              <th className="py-1 pr-3 font-normal">Span</th>
              <th className="py-1 text-right font-normal">Duration</th>
            </tr>
          </thead>
          <tbody>
            {spans.map((s) => (
              <tr key={s.spanId} className="border-t border-line-subtle" data-testid="evidence-span">
                <td className="py-1 pr-3 font-mono text-xs break-all">
                  <span className="text-fg-muted">{s.op}</span> {s.description}
                </td>
                <td className="py-1 text-right whitespace-nowrap tabular-nums">{formatMs(s.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {evidence.count > spans.length && (
          <p className="text-xs text-fg-muted">
            The first {spans.length} of {evidence.count.toLocaleString('en-US')} spans.
          </p>
        )}
      </div>
    </SectionCard>
  );
}
