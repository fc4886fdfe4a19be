'use client';

import { memo } from 'react';
import { formatMs, formatPercent } from '@/components/performance/format';
import { cn } from '@/components/ui/cn';
import type { FlatNode, FunctionStats, Rect } from '@/lib/profiles/flame-view';
import type { SearchResult } from '../flame-layout';

export const ROW = 18;
/** Below this width (px) a frame shows no label, only its colour; its name is in the detail row and its aria-label. */
const LABEL_MIN = 28;

export const tone = {
  inApp: 'bg-info-line text-info-fg',
  other: 'bg-track text-fg',
  folded: 'bg-surface-muted text-fg-secondary italic',
  match: 'bg-attention-line text-attention-fg font-semibold',
} as const;

/** Every frame on screen; memoised so that hovering (which only moves the tooltip) redraws nothing here. */
export const Frames = memo(function Frames({
  flat,
  rects,
  result,
  zoom,
  tabbable,
  stats,
  highlight,
  runNames,
  onActivate,
}: {
  flat: FlatNode[];
  rects: Rect[];
  result: SearchResult | null;
  zoom: number;
  tabbable: number;
  stats: FunctionStats;
  /** The function asked for ("Most self time", a link): its frames are outlined. */
  highlight: string | null;
  /** Folded runs by their first frame: "21 SDK frames". */
  runNames: Map<number, string>;
  onActivate: (index: number) => void;
}) {
  return rects.map((r) => {
    const { node } = flat[r.index];
    const run = runNames.get(r.index);
    // A folded run matches the search when any frame in it does.
    let match = false;
    if (result)
      for (let i = r.index, n = 0; n < Math.max(1, r.folded); i = flat[i].children[0], n++)
        if (result.matches.has(i)) match = true;
    const key = stats.keyOf[r.index];
    const share = stats.byKey.get(key)?.share ?? 1;
    const highlighted = !run && highlight !== null && key === highlight;
    return (
      <button
        key={r.index}
        type="button"
        data-testid="flame-frame"
        data-index={r.index}
        data-name={run ?? node.name}
        data-total-ms={node.totalMs}
        data-self-ms={node.selfMs}
        data-row={r.row}
        data-depth={flat[r.index].depth}
        data-parent={flat[r.index].parent}
        data-up={r.up}
        data-kind={node.kind}
        data-in-app={node.inApp ? 'true' : 'false'}
        data-folded={run ? r.folded : undefined}
        data-match={result ? (match ? 'true' : 'false') : undefined}
        data-zoomed={r.index === zoom ? 'true' : undefined}
        data-highlighted={highlighted ? 'true' : undefined}
        tabIndex={r.index === tabbable ? 0 : -1}
        aria-expanded={run ? false : undefined}
        aria-label={
          run
            ? `${run}, ${formatMs(node.totalMs)}: show them`
            : `${node.name}, ${formatPercent(share)} of the time, this frame ${formatMs(node.totalMs)}`
        }
        onClick={() => onActivate(r.index)}
        className={cn(
          'absolute flex items-center overflow-hidden px-1 text-left font-mono text-[11px] leading-none',
          'shadow-[inset_-1px_-1px_0_var(--color-surface)] hover:outline-1 hover:-outline-offset-1 hover:outline-fg',
          'focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
          match ? tone.match : run ? tone.folded : node.inApp ? tone.inApp : tone.other,
          result && !match && 'opacity-35',
          highlighted && 'z-[5] outline-2 -outline-offset-2 outline-fg',
        )}
        style={{ left: r.x, width: r.width, top: r.row * ROW, height: ROW }}
      >
        {r.width >= LABEL_MIN && <span className="truncate">{run ? `▸ ${run}` : node.name}</span>}
      </button>
    );
  });
});
