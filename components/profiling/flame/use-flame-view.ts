'use client';

import { useCallback, useMemo, useState } from 'react';
import type { FlameNode } from '@/lib/swr/use-profiles';
import {
  firstInApp,
  flatten,
  foldableRuns,
  frameOf,
  functionStats,
  pathTo,
  runLabel,
  type FlatNode,
  type Runs,
} from '@/lib/profiles/flame-view';

/** A function to open the graph on (the Profiling page's links say which): by name, and file when known. */
export type FocusFunction = { name: string; file: string | null };

type State = {
  flat: FlatNode[];
  zoom: number;
  focus: number;
  /** The function "Most self time" (or a link) asked for: its frames are marked. */
  highlight: string | null;
  /** Runs unfolded one by one (by their head), while folding is on. */
  expanded: ReadonlySet<number>;
  fold: boolean;
};

/**
 * The flame graph's state over one tree: where it is zoomed (it opens at the first in-app frame, or at the function
 * asked for), the focused frame, the highlighted function, and which runs of SDK/runtime frames are folded. A new
 * tree starts over.
 */
export function useFlameView(root: FlameNode, focusFunction?: FocusFunction) {
  const flat = useMemo(() => flatten(root), [root]);
  const runs = useMemo(() => foldableRuns(flat), [flat]);
  const stats = useMemo(() => functionStats(flat), [flat]);
  const start = useMemo(() => {
    const wanted = focusFunction
      ? [...stats.byKey.values()].find(
          (s) =>
            s.name === focusFunction.name && (!focusFunction.file || flat[s.nodes[0]].node.file === focusFunction.file),
        )
      : undefined;
    return wanted
      ? { zoom: frameOf(wanted, flat), highlight: wanted.key }
      : { zoom: firstInApp(flat), highlight: null };
  }, [flat, stats, focusFunction]);

  const initial = useCallback(
    (): State => ({
      flat,
      zoom: start.zoom,
      focus: start.zoom,
      highlight: start.highlight,
      expanded: new Set(hiddenHead(runs, start.zoom)),
      fold: true,
    }),
    [flat, runs, start],
  );
  const [saved, setSaved] = useState<State>(initial);
  const state = saved.flat === flat ? saved : initial();
  const update = (patch: Partial<State>) => setSaved({ ...state, ...patch });

  const folded = (head: number) => state.fold && !state.expanded.has(head);

  /** Zoom on a frame (and focus it); a frame inside a folded run unfolds that run first. */
  const zoomTo = (index: number, highlight: string | null = state.highlight) => {
    const h = runs.head[index];
    const expanded = h >= 0 && h !== index && folded(h) ? new Set([...state.expanded, h]) : state.expanded;
    update({ zoom: index, focus: index, highlight, expanded });
  };

  /** The frame a zoom out lands on: the parent, or the head of the folded run it is in. */
  const zoomOut = () => {
    const p = flat[state.zoom].parent;
    if (p < 0) return null;
    const h = runs.head[p];
    const to = h >= 0 && folded(h) ? h : p;
    update({ zoom: to, focus: to });
    return to;
  };

  /** The name of a frame on screen: a folded run's is its count and kinds. */
  const labelOf = (index: number) => {
    const h = runs.head[index];
    return h >= 0 && folded(h) && index !== runs.tail.get(h)
      ? runLabel(flat, index, runs.tail.get(h)!)
      : flat[index].node.name;
  };

  /** The zoom's path from the root, each folded run one step. */
  const path = pathTo(flat, state.zoom).filter((i, at, all) => {
    const h = runs.head[i];
    return at === all.length - 1 || h < 0 || !folded(h) || i === h;
  });

  return {
    flat,
    runs,
    stats,
    state,
    start: start.zoom,
    folded,
    labelOf,
    path,
    zoomTo,
    zoomOut,
    setFocus: (focus: number) => update({ focus }),
    /** A folded row clicked: that run unfolds. */
    unfold: (index: number) => update({ expanded: new Set([...state.expanded, runs.head[index]]) }),
    setFold: (fold: boolean) => update({ fold, expanded: new Set() }),
    reset: () => update({ zoom: start.zoom, focus: start.zoom, highlight: start.highlight }),
  };
}

/** The head of the run a frame sits inside (not at its head), to unfold it when the graph opens there. */
function hiddenHead(runs: Runs, index: number): number[] {
  const h = runs.head[index];
  return h >= 0 && h !== index ? [h] : [];
}
