'use client';

import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { FlameNode } from '@/lib/swr/use-profiles';
import { formatMs, formatPercent } from '@/components/performance/format';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import {
  flatten,
  layout,
  locationOf,
  pathTo,
  search,
  type FlatNode,
  type Rect,
  type SearchResult,
} from './flame-layout';

const ROW = 18;
/** Below this width (px) a frame shows no label, only its colour; its name is in the detail row and its aria-label. */
const LABEL_MIN = 28;
/** The breadcrumb keeps its first crumb and this many last ones; the rest fold behind "…". */
const CRUMBS_KEPT = 4;

const tone = {
  inApp: 'bg-info-line text-info-fg',
  other: 'bg-track text-fg',
  match: 'bg-attention-line text-attention-fg font-semibold',
} as const;

/**
 * A flame graph (icicle: the root on top, callees below), each frame as wide as its share of the samples' time.
 * Searchable (matches highlighted, the rest dimmed), zoomable (a click makes a frame fill the width; the breadcrumb
 * and Reset zoom go back), and usable from the keyboard (arrows move between frames, Enter zooms, Escape zooms out).
 */
export function FlameGraph({ root, label = 'Flame graph' }: { root: FlameNode; label?: string }) {
  if (root.totalMs <= 0 || root.children.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid="flame-graph-empty">
        No samples to draw.
      </p>
    );
  }
  return <Graph root={root} label={label} />;
}

function Graph({ root, label }: { root: FlameNode; label: string }) {
  const flat = useMemo(() => flatten(root), [root]);
  const [query, setQuery] = useState('');
  // Zoom and focus belong to one tree: a new tree starts at its root.
  const [zoomState, setZoomState] = useState({ flat, index: 0 });
  const zoom = zoomState.flat === flat ? zoomState.index : 0;
  const [focusState, setFocusState] = useState({ flat, index: 0 });
  const focus = focusState.flat === flat ? focusState.index : 0;
  const [hover, setHover] = useState<{ index: number; x: number; y: number; width: number } | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [width, setWidth] = useState(0);
  const boxRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const searchId = useId();

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    setWidth(box.clientWidth);
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const rects = useMemo(() => layout(flat, zoom, width), [flat, zoom, width]);
  const result = useMemo(() => search(flat, query), [flat, query]);
  const byIndex = useMemo(() => new Map(rects.map((r) => [r.index, r])), [rects]);
  const tabbable = byIndex.has(focus) ? focus : zoom;
  const depth = rects.reduce((max, r) => Math.max(max, r.depth), 0);

  const setZoom = useCallback((index: number) => setZoomState({ flat, index }), [flat]);
  const setFocus = useCallback(
    (index: number) => {
      moveFocus.current = true;
      setFocusState({ flat, index });
    },
    [flat],
  );

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    boxRef.current?.querySelector<HTMLElement>(`[data-index="${tabbable}"]`)?.focus({ preventScroll: false });
  }, [tabbable, rects]);

  const onActivate = useCallback(
    (index: number) => {
      setZoom(index);
      setFocus(index);
    },
    [setZoom, setFocus],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const here = byIndex.get(tabbable);
    if (!here) return;
    let next: number | undefined;
    if (e.key === 'ArrowUp') next = flat[here.index].parent >= 0 ? flat[here.index].parent : undefined;
    else if (e.key === 'ArrowDown') next = flat[here.index].children.find((c) => byIndex.has(c));
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const row = rects.filter((r) => r.depth === here.depth).sort((a, b) => a.x - b.x);
      const at = row.findIndex((r) => r.index === here.index);
      next = row[at + (e.key === 'ArrowLeft' ? -1 : 1)]?.index;
    } else if (e.key === 'Home') next = zoom;
    else if (e.key === 'Escape' && zoom !== 0) {
      const up = flat[zoom].parent;
      setZoom(up);
      next = up;
    } else return;
    e.preventDefault();
    if (next !== undefined && byIndex.has(next)) setFocus(next);
  };

  // The row above the graph follows the keyboard; the pointer gets a tooltip, so hovering moves nothing on the page.
  const shown = active ?? zoom;
  const heaviest = useMemo(() => {
    let best = 0;
    for (let i = 1; i < flat.length; i++) if (best === 0 || flat[i].node.selfMs > flat[best].node.selfMs) best = i;
    return best;
  }, [flat]);
  // The frame that spent the most time itself is often many rows down: this brings it into view and to focus.
  const showHeaviest = () => {
    if (!byIndex.has(heaviest)) setZoom(0);
    setFocus(heaviest);
  };
  const path = pathTo(flat, zoom);

  return (
    <div className="min-w-0 space-y-3" data-testid="flame-graph">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={searchId} className="sr-only">
          Search functions
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search functions"
          className="w-full sm:w-64"
          data-testid="flame-search"
        />
        {result && (
          <p role="status" className="text-sm text-fg-secondary tabular-nums" data-testid="flame-matches">
            {result.count === 0
              ? 'No matches'
              : `${result.count.toLocaleString('en-US')} ${result.count === 1 ? 'match' : 'matches'}, ${formatPercent(result.shareOfTotal)} of time`}
          </p>
        )}
        <Legend searching={result !== null} />
        {heaviest !== 0 && (
          <p className="min-w-0 text-sm text-fg-secondary">
            Most self time:{' '}
            <button
              type="button"
              onClick={showHeaviest}
              className="max-w-full truncate rounded-sm align-bottom font-mono text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
              data-testid="flame-heaviest"
            >
              {flat[heaviest].node.name}
            </button>{' '}
            <span className="tabular-nums">({formatPercent(flat[heaviest].node.selfMs / root.totalMs)})</span>
          </p>
        )}
        <Button variant="secondary" className="h-8 px-3 sm:ml-auto" disabled={zoom === 0} onClick={() => onActivate(0)}>
          Reset zoom
        </Button>
      </div>

      {zoom !== 0 && <Breadcrumb flat={flat} path={path} onZoom={onActivate} />}

      <Detail node={flat[shown].node} rootMs={root.totalMs} />

      <div
        className="relative"
        onMouseMove={(e) => {
          const el = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
          const box = e.currentTarget.getBoundingClientRect();
          setHover(
            el
              ? { index: Number(el.dataset.index), x: e.clientX - box.left, y: e.clientY - box.top, width: box.width }
              : null,
          );
        }}
        onMouseLeave={() => setHover(null)}
      >
        {hover && <Tooltip node={flat[hover.index].node} rootMs={root.totalMs} at={hover} />}
        <div
          ref={boxRef}
          className="relative max-h-[36rem] overflow-x-hidden overflow-y-auto rounded-lg border border-line bg-surface"
          onFocus={(e) => {
            const index = (e.target as HTMLElement).dataset.index;
            if (index !== undefined) setActive(Number(index));
          }}
          onBlur={() => setActive(null)}
        >
          <div
            role="group"
            aria-label={`${label}: arrow keys move between frames, Enter zooms, Escape zooms out`}
            onKeyDown={onKeyDown}
            className="relative"
            style={{ height: (depth + 1) * ROW }}
          >
            <Frames
              flat={flat}
              rects={rects}
              result={result}
              zoom={zoom}
              tabbable={tabbable}
              rootMs={root.totalMs}
              onActivate={onActivate}
            />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Every frame on screen; memoised so that hovering (which only moves the tooltip) redraws nothing here. */
const Frames = memo(function Frames({
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

function Legend({ searching }: { searching: boolean }) {
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
function Detail({ node, rootMs }: { node: FlameNode; rootMs: number }) {
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
function Tooltip({
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

/** The way from the root to the zoomed frame; long ways fold their middle behind "…" until asked for. */
function Breadcrumb({ flat, path, onZoom }: { flat: FlatNode[]; path: number[]; onZoom: (index: number) => void }) {
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
                {flat[c].node.name}
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onZoom(c)}
                className="max-w-[12rem] truncate rounded px-1 font-mono text-link hover:underline focus-visible:outline-2 focus-visible:outline-focus"
              >
                {c === 0 ? 'All' : flat[c].node.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
