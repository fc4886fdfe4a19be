'use client';

import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FlameNode } from '@/lib/swr/use-profiles';
import { frameOf, layout, mostSelfTime, runLabel } from '@/lib/profiles/flame-view';
import { search } from './flame-layout';
import { Breadcrumb } from './flame/flame-breadcrumb';
import { Detail, Tooltip } from './flame/flame-facts';
import { Frames, ROW } from './flame/flame-frames';
import { FlameToolbar } from './flame/flame-toolbar';
import { MostSelfTime } from './flame/flame-top';
import { useFlameView, type FocusFunction } from './flame/use-flame-view';

/** Functions listed under "Most self time". */
const TOP_FUNCTIONS = 5;

/**
 * A flame graph (icicle: callers on top, callees below), each frame as wide as its share of the samples' time. It
 * opens at the first in-app frame with the SDK's, the profiler's and the runtime's runs of frames folded into one row
 * each (a click unfolds one, "Show SDK and runtime frames" all). Searchable, zoomable (a click makes a frame fill the
 * width; the breadcrumb goes back), "Most self time" zooms to a function, and the keyboard works (arrows move between
 * frames, Enter zooms, Escape zooms out). The box is as tall as its rows: nothing scrolls inside it.
 */
export function FlameGraph({
  root,
  label = 'Flame graph',
  focusFunction,
}: {
  root: FlameNode;
  label?: string;
  focusFunction?: FocusFunction;
}) {
  if (root.totalMs <= 0 || root.children.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid="flame-graph-empty">
        No samples to draw.
      </p>
    );
  }
  return <Graph root={root} label={label} focusFunction={focusFunction} />;
}

function Graph({ root, label, focusFunction }: { root: FlameNode; label: string; focusFunction?: FocusFunction }) {
  const view = useFlameView(root, focusFunction);
  const { flat, runs, stats, state } = view;
  const [query, setQuery] = useState('');
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

  const { zoom, focus, fold, expanded } = state;
  const rects = useMemo(
    () => layout(flat, { zoom, width, runs }, (h) => fold && !expanded.has(h)),
    [flat, zoom, width, runs, fold, expanded],
  );
  const result = useMemo(() => search(flat, query), [flat, query]);
  const top = useMemo(() => mostSelfTime(stats, TOP_FUNCTIONS), [stats]);
  const byIndex = useMemo(() => new Map(rects.map((r) => [r.index, r])), [rects]);
  const tabbable = byIndex.has(focus) ? focus : zoom;
  const rows = rects.reduce((max, r) => Math.max(max, r.row), 0) + 1;
  const runNames = useMemo(
    () =>
      new Map(
        rects
          .filter((r) => r.folded)
          .map((r) => [r.index, runLabel(flat, r.index, runs.tail.get(runs.head[r.index])!)]),
      ),
    [rects, flat, runs],
  );

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    boxRef.current?.querySelector<HTMLElement>(`[data-index="${tabbable}"]`)?.focus({ preventScroll: false });
  }, [tabbable, rects]);

  const focusOn = (index: number) => {
    moveFocus.current = true;
    view.setFocus(index);
  };
  const onActivate = (index: number) => {
    moveFocus.current = true;
    if (byIndex.get(index)?.folded) view.unfold(index);
    else view.zoomTo(index);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const here = byIndex.get(tabbable);
    if (!here) return;
    let next: number | undefined;
    if (e.key === 'ArrowUp' || e.key === 'Escape') {
      // Above the top row is the zoom's caller: go there by zooming out.
      if (e.key === 'ArrowUp' && here.up >= 0) next = here.up;
      else {
        moveFocus.current = true;
        if (view.zoomOut() === null) return;
      }
    } else if (e.key === 'ArrowDown')
      next = rects.filter((r) => r.up === here.index).sort((a, b) => a.x - b.x)[0]?.index;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const row = rects.filter((r) => r.row === here.row).sort((a, b) => a.x - b.x);
      const at = row.findIndex((r) => r.index === here.index);
      next = row[at + (e.key === 'ArrowLeft' ? -1 : 1)]?.index;
    } else if (e.key === 'Home') next = zoom;
    else return;
    e.preventDefault();
    if (next !== undefined && byIndex.has(next)) focusOn(next);
  };

  // The row above the graph follows the keyboard; the pointer gets a tooltip, so hovering moves nothing on the page.
  const shown = active ?? zoom;
  const facts = (index: number) => ({
    node: flat[index].node,
    stat: stats.byKey.get(stats.keyOf[index]) ?? null,
    run: runNames.get(index) ?? null,
    rootMs: root.totalMs,
  });

  // Made here, so that the pointer moving (Hover's own state) draws none of them again.
  const frames = (
    <Frames
      flat={flat}
      rects={rects}
      result={result}
      zoom={zoom}
      tabbable={tabbable}
      stats={stats}
      highlight={state.highlight}
      runNames={runNames}
      onActivate={onActivate}
    />
  );

  return (
    <div className="min-w-0 space-y-3" data-testid="flame-graph">
      <FlameToolbar
        query={query}
        onQuery={setQuery}
        result={result}
        folding={fold}
        onFolding={view.setFold}
        zoomed={zoom !== view.start}
        onReset={() => {
          moveFocus.current = true;
          view.reset();
        }}
      />
      <MostSelfTime
        flat={flat}
        top={top}
        highlight={state.highlight}
        onPick={(stat) => {
          moveFocus.current = true;
          view.zoomTo(frameOf(stat, flat), stat.key);
        }}
      />

      {zoom !== 0 && <Breadcrumb path={view.path} labelOf={view.labelOf} onZoom={onActivateCrumb} />}

      <Detail {...facts(shown)} />

      <Hover facts={facts}>
        <div
          ref={boxRef}
          className="relative overflow-hidden rounded-lg border border-line bg-surface"
          onFocus={(e) => {
            // Only the keyboard's focus: a click's would change the row above between the press and the release,
            // moving the graph under the pointer (the pointer has the tooltip).
            const el = e.target as HTMLElement;
            if (el.dataset.index !== undefined && el.matches(':focus-visible')) setActive(Number(el.dataset.index));
          }}
          onBlur={() => setActive(null)}
        >
          <div
            role="group"
            aria-label={`${label}: arrow keys move between frames, Enter zooms, Escape zooms out`}
            onKeyDown={onKeyDown}
            className="relative"
            style={{ height: rows * ROW }}
            data-rows={rows}
          >
            {frames}
          </div>
        </div>
      </Hover>
    </div>
  );

  function onActivateCrumb(index: number) {
    moveFocus.current = true;
    view.zoomTo(index);
  }
}

type Facts = Parameters<typeof Detail>[0];

/** The hovered frame's facts in a tooltip beside the pointer; its state is its own, so hovering redraws no frame. */
function Hover({ facts, children }: { facts: (index: number) => Facts; children: ReactNode }) {
  const [hover, setHover] = useState<{ index: number; x: number; y: number; width: number } | null>(null);
  return (
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
      {hover && <Tooltip {...facts(hover.index)} at={hover} />}
      {children}
    </div>
  );
}
