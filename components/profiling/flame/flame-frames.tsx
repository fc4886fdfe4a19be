'use client';

import { memo } from 'react';
import { formatMs, formatPercent } from '@/components/performance/format';
import { cn } from '@/components/ui/cn';
import type { FlatNode, Rect, SearchResult } from '../flame-layout';

export const ROW = 18;
/** Below this width (px) a frame shows no label, only its colour; its name is in the detail row and its aria-label. */
const LABEL_MIN = 28;

export const tone = {
  inApp: 'bg-info-line text-info-fg',
  other: 'bg-track text-fg',
  match: 'bg-attention-line text-attention-fg font-semibold',
} as const;

/** Every frame on screen; memoised so that hovering (which only moves the tooltip) redraws nothing here. */
export const Frames = memo(function Frames({
  flat,
  rects,
  result,
  zoom,
  tabbable,
  rootMs,
  onActivate,
}: {
  flat: FlatNode[];
  rects: Rect[];
  result: SearchResult | null;
  zoom: number;
  tabbable: number;
  rootMs: number;
  onActivate: (index: number) => void;
}) {
  return rects.map((r) => {
    const { node } = flat[r.index];
    const match = result?.matches.has(r.index);
    const share = rootMs > 0 ? node.totalMs / rootMs : 0;
    return (
      <button
        key={r.index}
        type="button"
        data-testid="flame-frame"
        data-index={r.index}
        data-name={node.name}
        data-total-ms={node.totalMs}
        data-self-ms={node.selfMs}
        data-depth={r.depth}
        data-parent={flat[r.index].parent}
        data-in-app={node.inApp ? 'true' : 'false'}
        data-match={result ? (match ? 'true' : 'false') : undefined}
        data-zoomed={r.index === zoom ? 'true' : undefined}
        tabIndex={r.index === tabbable ? 0 : -1}
        aria-label={`${node.name}, ${formatMs(node.totalMs)}, ${formatPercent(share)} of all`}
        onClick={() => onActivate(r.index)}
        className={cn(
          'absolute flex items-center overflow-hidden px-1 text-left font-mono text-[11px] leading-none',
          'shadow-[inset_-1px_-1px_0_var(--color-surface)] hover:outline-1 hover:-outline-offset-1 hover:outline-fg',
          'focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
          match ? tone.match : node.inApp ? tone.inApp : tone.other,
          result && !match && 'opacity-35',
        )}
        style={{ left: r.x, width: r.width, top: r.depth * ROW, height: ROW }}
      >
        {r.width >= LABEL_MIN && <span className="truncate">{node.name}</span>}
      </button>
    );
  });
});
