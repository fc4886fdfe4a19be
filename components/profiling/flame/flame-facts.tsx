import type { FlameNode } from '@/lib/swr/use-profiles';
import type { FunctionStat } from '@/lib/profiles/flame-view';
import { formatMs, formatPercent } from '@/components/performance/format';
import { cn } from '@/components/ui/cn';
import { locationOf } from '../flame-layout';
import { tone } from './flame-frames';

/** What the colours mean; the search colour only while searching. */
export function Legend({ searching }: { searching: boolean }) {
  const item = (className: string, text: string) => (
    <li className="flex items-center gap-1.5">
      <span aria-hidden="true" className={cn('inline-block size-3 rounded-sm', className)} />
      {text}
    </li>
  );
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-fg-secondary" aria-label="Legend">
      {item(tone.inApp, 'In-app')}
      {item(tone.other, 'Library or system')}
      {item(cn(tone.folded, 'ring-1 ring-line-strong ring-inset'), 'Folded SDK or runtime frames')}
      {searching && item(tone.match, 'Search match')}
    </ul>
  );
}

const KIND = { app: 'In-app', library: 'Library', sdk: 'SDK', profiler: 'Profiler', runtime: 'Runtime' } as const;

type FactsProps = { node: FlameNode; stat: FunctionStat | null; run: string | null; rootMs: number };

/**
 * What a frame is: its function, where, what kind of code, and the function's figures over the whole graph (its one
 * percentage, time on the stack, self time); this frame's own time when the function has other frames too. A folded
 * run says how many frames it holds and their time.
 */
function Facts({ node, stat, run, rootMs }: FactsProps) {
  if (run)
    return (
      <>
        <span className="font-semibold text-fg">{run}</span>
        <span className="text-fg-secondary tabular-nums">total {formatMs(node.totalMs)} · click to show them</span>
      </>
    );
  if (!stat)
    return (
      <span className="font-semibold text-fg tabular-nums" data-testid="flame-share">
        All samples · {formatMs(rootMs)}
      </span>
    );
  const where = locationOf(node);
  return (
    <>
      <span className="min-w-0 font-mono font-semibold break-all text-fg">{node.name}</span>
      {where && <span className="min-w-0 font-mono break-all text-fg-muted">{where}</span>}
      <span className="text-fg-secondary tabular-nums">
        <span className="font-semibold text-fg" data-testid="flame-share">
          {formatPercent(stat.share)} of the time
        </span>{' '}
        · total {formatMs(stat.totalMs)} · self {formatMs(stat.selfMs)}
        {stat.nodes.length > 1 && ` · in ${stat.nodes.length} frames, this one ${formatMs(node.totalMs)}`}
      </span>
      <span className={cn('rounded px-1.5 py-0.5 font-semibold', node.inApp ? tone.inApp : tone.other)}>
        {KIND[node.kind]}
      </span>
    </>
  );
}

/** The focused frame, else the zoomed one. */
export function Detail(props: FactsProps) {
  return (
    <div
      className="flex min-h-9 flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-lg bg-surface-muted px-3 py-2 text-xs"
      data-testid="flame-detail"
    >
      <Facts {...props} />
    </div>
  );
}

/** The hovered frame, beside the pointer (on the side with more room); it never takes the pointer itself. */
export function Tooltip({ at, ...props }: FactsProps & { at: { x: number; y: number; width: number } }) {
  const left = at.x < at.width / 2;
  return (
    <div
      aria-hidden="true"
      data-testid="flame-tooltip"
      className="pointer-events-none absolute z-20 flex w-max flex-col items-start gap-0.5 rounded-lg border border-line-strong bg-surface px-3 py-2 text-xs shadow-lg"
      style={{
        top: at.y + 16,
        maxWidth: Math.min(384, (left ? at.width - at.x : at.x) - 16),
        ...(left ? { left: at.x + 12 } : { right: at.width - at.x + 12 }),
      }}
    >
      <Facts {...props} />
    </div>
  );
}
