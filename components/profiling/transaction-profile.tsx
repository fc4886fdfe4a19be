'use client';

import { useEffect, useRef } from 'react';
import { formatCount } from '@/components/performance/format';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { Card } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { useTransactionFlameGraph } from '@/lib/swr/use-profiles';
import { plural } from '@/lib/text/plural';
import { FlameGraph } from './flame-graph';

/**
 * The transaction page's Profile section: the flame graph of its most recent profiled runs of the last `days` days,
 * merged (up to 100), or how profiling is turned on when there are none.
 */
export function TransactionProfile({ projectId, name, days }: { projectId: string; name: string; days: number }) {
  const { data, error, mutate } = useTransactionFlameGraph(projectId, name, days);
  const range = days === 1 ? 'the last 24 hours' : `the last ${days} days`;
  const ref = useRef<HTMLElement>(null);
  const loaded = data !== undefined;
  // A link to #profile (from the Profiling page) lands here once the page below the fold has loaded.
  useEffect(() => {
    if (loaded && window.location.hash === '#profile') ref.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  return (
    <section ref={ref} aria-labelledby="profile-heading" id="profile" className="scroll-mt-4">
      <h2 id="profile-heading" className="mb-3 text-lg font-semibold">
        Profile{' '}
        {data && data.profileCount > 0 && (
          <span className="text-sm font-normal text-fg-muted" data-testid="profile-count">
            (from {plural(data.profileCount, 'profile')}, {formatCount(data.sampleCount)} samples, {range})
          </span>
        )}
      </h2>
      {error ? (
        <LoadError what="the profile" error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <SkeletonRows label="Loading the profile…" rows={1} rowClassName="h-48" />
      ) : data.profileCount === 0 ? (
        <Card data-testid="profile-none">
          <p className="max-w-2xl text-sm text-fg-secondary">
            No profile of this transaction in {range}. A profile samples the call stack while the transaction runs, so
            its flame graph shows which functions took the time. Turn it on in the SDK (for Node.js,{' '}
            <code className="rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px]">
              nodeProfilingIntegration()
            </code>{' '}
            from{' '}
            <code className="rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px]">@sentry/profiling-node</code>
            ); the <TextLink href={`/projects/${encodeURIComponent(projectId)}/profiling`}>
              Profiling page
            </TextLink>{' '}
            shows how.
          </p>
        </Card>
      ) : (
        <div className="rounded-xl border border-line bg-surface p-3 shadow-sm sm:p-4">
          <FlameGraph root={data.root} label={`Flame graph of ${name}`} />
        </div>
      )}
    </section>
  );
}
