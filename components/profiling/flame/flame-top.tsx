'use client';

import { formatMs, formatPercent } from '@/components/performance/format';
import { cn } from '@/components/ui/cn';
import type { FlatNode, FunctionStat } from '@/lib/profiles/flame-view';
import { shortLocationOf } from '../flame-layout';

/**
 * The functions that spent the most time themselves (the profiler's own frames left out), each a button that zooms
 * the graph to the function's widest frame and outlines all its frames. Its percentage is the function's one share
 * of the time, the same the graph shows for it everywhere.
 */
export function MostSelfTime({
  flat,
  top,
  highlight,
  onPick,
}: {
  flat: FlatNode[];
  top: FunctionStat[];
  highlight: string | null;
  onPick: (stat: FunctionStat) => void;
}) {
  if (top.length === 0) return null;
  return (
    <section aria-label="Most self time" data-testid="flame-top">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">Most self time</h3>
      <ol className="divide-y divide-line rounded-lg border border-line text-sm">
        {top.map((s) => (
          <li key={s.key}>
            <button
              type="button"
              onClick={() => onPick(s)}
              aria-pressed={highlight === s.key}
              data-testid="flame-top-function"
              data-name={s.name}
              className={cn(
                'flex w-full min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-1.5 text-left hover:bg-surface-hover',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
                highlight === s.key && 'bg-surface-muted',
              )}
            >
              {/* A phone gives the name its own line, the figures the next. */}
              <span className="flex min-w-0 basis-full items-baseline gap-2 sm:flex-1 sm:basis-0">
                <span className="min-w-0 truncate font-mono text-[13px] text-link" title={s.name}>
                  {s.name}
                </span>
                {/* Two functions can share a name (every <anonymous>): where each is tells them apart. */}
                <span className="hidden min-w-0 shrink-[3] truncate font-mono text-xs text-fg-muted sm:inline">
                  {shortLocationOf(flat[s.nodes[0]].node)}
                </span>
              </span>
              {s.inApp && <span className="shrink-0 text-xs text-info-fg">In-app</span>}
              <span className="shrink-0 text-xs text-fg-secondary tabular-nums">
                self {formatMs(s.selfMs)} ·{' '}
                <span className="font-semibold text-fg" data-testid="flame-top-share">
                  {formatPercent(s.share)}
                </span>{' '}
                of the time
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
