import Link from 'next/link';
import type { Trace } from '@/lib/swr/use-traces';
import { plural } from '@/lib/text/plural';
import { replayPageHref } from '@/components/replays/replay-link';
import { RelativeTime } from '@/components/ui/relative-time';

const logsHref = (projectId: string, traceId: string) =>
  `/projects/${encodeURIComponent(projectId)}/logs?traceId=${traceId}`;

/**
 * What else the trace is linked to (#60): its log lines, on each project's Logs page filtered to the trace, and the
 * replays its page was recorded in, each opened at the trace's start.
 */
export function TraceRelations({ trace, projectNames }: { trace: Trace; projectNames: Map<string, string> }) {
  if (trace.logs.length === 0 && trace.replays.length === 0) return null;
  const several = trace.logs.length > 1;
  return (
    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="trace-relations">
      {trace.logs.map((l) => (
        <Link
          key={l.projectId}
          className="text-link hover:underline"
          href={logsHref(l.projectId, trace.traceId)}
          data-testid="trace-logs-link"
        >
          {plural(l.count, 'log line')}
          {several ? ` in ${projectNames.get(l.projectId) ?? l.projectId}` : ''}
        </Link>
      ))}
      {trace.replays.map((r) => (
        <Link
          key={r.id}
          className="text-link hover:underline"
          href={replayPageHref(r.projectId, r.id, trace.start ?? undefined)}
          data-testid="trace-replay-link"
        >
          ▶ Watch replay
          {trace.replays.length > 1 && (
            <>
              {' '}
              started <RelativeTime iso={r.startedAt} />
            </>
          )}
        </Link>
      ))}
    </p>
  );
}
