'use client';

import { isNotFound, LoadError, SkeletonRows } from '@/components/ui/states';
import { formatCount, formatMs } from '@/components/performance/format';
import { TextLink } from '@/components/ui/text-link';
import { transactionHref } from '@/lib/swr/use-performance';
import { profileHref, useSpanFlameGraph } from '@/lib/swr/use-profiles';
import { FlameGraph } from './flame-graph';

/**
 * The Profile panel of one span in the trace view: the flame graph of the samples taken inside the span's time
 * window (on its transaction's thread), with links to the profiles they came from.
 */
export function SpanProfile({ projectId, traceId, spanId }: { projectId: string; traceId: string; spanId: string }) {
  const { data, error, mutate } = useSpanFlameGraph(projectId, { traceId, spanId });
  const none = (
    <p className="text-sm text-fg-muted" data-testid="span-profile-none">
      No profile for this span: its SDK sent no samples while it ran. Profiling is turned on beside tracing, for Node.js
      with <code className="font-mono">nodeProfilingIntegration()</code>.
    </p>
  );
  return (
    <section
      aria-label="Profile of the span"
      className="space-y-2 rounded-lg border border-line bg-surface p-2 text-sm sm:p-3"
      data-testid="span-profile"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold">Profile</h3>
        {data && data.sampleCount > 0 && (
          <p className="text-xs text-fg-muted">
            {formatCount(data.sampleCount)} samples over {formatMs(Date.parse(data.end) - Date.parse(data.start))}
            {data.threadId ? `, thread ${data.threadId}` : ''} · from{' '}
            {data.profiles.map((p, i) => (
              <span key={p.id}>
                {i > 0 && ', '}
                <TextLink href={profileHref(projectId, p.id)} className="text-xs">
                  {data.profiles.length === 1 ? 'its profile' : `profile ${i + 1}`}
                </TextLink>
              </span>
            ))}{' '}
            ·{' '}
            <TextLink href={`${transactionHref(projectId, data.transaction)}#profile`} className="text-xs">
              merged profile of {data.transaction}
            </TextLink>
          </p>
        )}
      </div>
      {isNotFound(error) ? (
        none
      ) : error ? (
        <LoadError what="the profile" error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <SkeletonRows label="Loading the profile…" rows={1} rowClassName="h-32" card={false} />
      ) : data.sampleCount === 0 ? (
        none
      ) : (
        <FlameGraph root={data.root} label="Flame graph of the span" />
      )}
    </section>
  );
}
