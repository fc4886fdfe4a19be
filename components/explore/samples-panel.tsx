'use client';

import Link from 'next/link';
import { useExploreSamples } from '@/lib/swr/use-explore';
import { Button } from '@/components/ui/button';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import type { PageState } from './url-state';

/** The newest items behind one row of the table, each linked to where it is shown. */
export function SamplesPanel({
  state,
  group,
  onClose,
}: {
  state: PageState;
  group: (string | null)[];
  onClose: () => void;
}) {
  const { samples, error, isLoading } = useExploreSamples(state.query, group);
  const title = group.length ? group.map((v) => v ?? '(none)').join(' · ') : 'All rows';
  return (
    <section
      aria-labelledby="samples-title"
      className="rounded-xl border border-line bg-surface p-4"
      data-testid="samples"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="samples-title" className="text-base font-semibold">
          Samples: {title}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {error ? (
        <LoadError error={error} what="the samples" />
      ) : isLoading || !samples ? (
        <SkeletonRows label="Loading samples" card={false} />
      ) : samples.samples.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">
          None found{samples.meta.sampled ? ' in the sample read; narrow the range to read every row' : ''}.
        </p>
      ) : (
        <ol className="mt-2 divide-y divide-line-subtle text-sm">
          {samples.samples.map((s) => (
            <li key={`${s.projectId}:${s.id}`} className="flex items-baseline gap-3 py-1.5" data-testid="sample">
              <RelativeTime iso={s.timestamp} className="shrink-0 text-xs text-fg-muted tabular-nums" />
              <Link href={s.href} className="min-w-0 truncate font-medium text-link underline underline-offset-2">
                {s.title || s.id}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
