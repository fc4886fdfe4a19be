'use client';

import { useState } from 'react';

/** The breadcrumb keeps its first crumb and this many last ones; the rest fold behind "…". */
const CRUMBS_KEPT = 4;

/** The way from the root to the zoomed frame (a folded run one crumb); long ways fold their middle behind "…". */
export function Breadcrumb({
  path,
  labelOf,
  onZoom,
}: {
  path: number[];
  labelOf: (index: number) => string;
  onZoom: (index: number) => void;
}) {
  const [unfolded, setUnfolded] = useState(false);
  const fold = !unfolded && path.length > CRUMBS_KEPT + 2;
  const crumbs: (number | 'fold')[] = fold ? [path[0], 'fold', ...path.slice(-CRUMBS_KEPT)] : path;
  return (
    <nav aria-label="Zoom path" data-testid="flame-breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-xs">
        {crumbs.map((c, i) => (
          <li key={c === 'fold' ? 'fold' : c} className="flex min-w-0 items-center gap-1">
            {i > 0 && (
              <span aria-hidden="true" className="text-fg-faint">
                ›
              </span>
            )}
            {c === 'fold' ? (
              <button
                type="button"
                className="rounded px-1 text-fg-muted hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus"
                aria-label={`Show ${path.length - CRUMBS_KEPT - 1} more frames of the path`}
                onClick={() => setUnfolded(true)}
              >
                …
              </button>
            ) : i === crumbs.length - 1 ? (
              <span aria-current="location" className="max-w-[16rem] truncate font-mono font-semibold">
                {labelOf(c)}
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onZoom(c)}
                className="max-w-[12rem] truncate rounded px-1 font-mono text-link hover:underline focus-visible:outline-2 focus-visible:outline-focus"
              >
                {c === 0 ? 'All' : labelOf(c)}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
