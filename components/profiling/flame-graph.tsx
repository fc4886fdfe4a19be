'use client';

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FlameNode } from '@/lib/swr/use-profiles';
import { flatten, layout, pathTo, search } from './flame-layout';
import { Breadcrumb } from './flame/flame-breadcrumb';
import { Detail, Tooltip } from './flame/flame-facts';
import { Frames, ROW } from './flame/flame-frames';
import { FlameToolbar } from './flame/flame-toolbar';

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
      <FlameToolbar
        query={query}
        onQuery={setQuery}
        result={result}
        heaviest={heaviest === 0 ? null : flat[heaviest].node}
        rootMs={root.totalMs}
        onHeaviest={showHeaviest}
        zoomed={zoom !== 0}
        onReset={() => onActivate(0)}
      />

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
