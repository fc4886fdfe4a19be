import type { FlameNode } from '@/lib/swr/use-profiles';
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
      {searching && item(tone.match, 'Search match')}
    </ul>
  );
}

/** What a frame is: function, where, self and total time, share of all, in-app or not. */
function Facts({ node, rootMs }: { node: FlameNode; rootMs: number }) {
  const where = locationOf(node);
  return (
    <>
      <span className="min-w-0 font-mono font-semibold break-all text-fg">{node.name}</span>
      {where && <span className="min-w-0 font-mono break-all text-fg-muted">{where}</span>}
      <span className="text-fg-secondary tabular-nums">
        self {formatMs(node.selfMs)} · total {formatMs(node.totalMs)} ·{' '}
        {formatPercent(rootMs > 0 ? node.totalMs / rootMs : 0)} of all
      </span>
      {node.frameId !== null && (
        <span className={cn('rounded px-1.5 py-0.5 font-semibold', node.inApp ? tone.inApp : tone.other)}>
          {node.inApp ? 'In-app' : 'Library or system'}
        </span>
      )}
    </>
  );
}

/** The focused frame, else the zoomed one. */
export function Detail({ node, rootMs }: { node: FlameNode; rootMs: number }) {
  return (
    <div
      className="flex min-h-9 flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-lg bg-surface-muted px-3 py-2 text-xs"
      data-testid="flame-detail"
    >
      <Facts node={node} rootMs={rootMs} />
    </div>
  );
}

/** The hovered frame, beside the pointer (on the side with more room); it never takes the pointer itself. */
export function Tooltip({
  node,
  rootMs,
  at,
}: {
  node: FlameNode;
  rootMs: number;
  at: { x: number; y: number; width: number };
}) {
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
      <Facts node={node} rootMs={rootMs} />
    </div>
  );
}
