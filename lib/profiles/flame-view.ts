// What a flame graph shows (#60), apart from drawing it: the tree in preorder, the runs of SDK, profiler and runtime
// frames folded into one row each, where it opens (the first in-app frame on the hot path), the rows on screen, and
// each function's one percentage: the share of the graph's time with the function on the stack (what a frame's
// width shows), counted once per sample however often it recurses. Every figure the page prints comes from here.
import type { FlameNode } from './flame-tree';
import { functionKey, isRanked, isWrapper, type FrameKind } from './frame-kind';

/** A node of the tree by its preorder index: its parent's index (-1 for the root), depth and children's indexes. */
export type FlatNode = { node: FlameNode; parent: number; depth: number; children: number[] };

/** The tree as an array in preorder (index 0 is the root), walked without recursion so deep stacks cannot overflow. */
export function flatten(root: FlameNode): FlatNode[] {
  const out: FlatNode[] = [];
  const stack: { node: FlameNode; parent: number; depth: number }[] = [{ node: root, parent: -1, depth: 0 }];
  while (stack.length > 0) {
    const { node, parent, depth } = stack.pop()!;
    const index = out.length;
    out.push({ node, parent, depth, children: [] });
    if (parent >= 0) out[parent].children.push(index);
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({ node: node.children[i], parent: index, depth: depth + 1 });
  }
  return out;
}

/** The indexes from the root down to `index`, both included. */
export function pathTo(flat: FlatNode[], index: number): number[] {
  const path: number[] = [];
  for (let i = index; i >= 0; i = flat[i].parent) path.push(i);
  return path.reverse();
}

/**
 * Runs of wrapper frames (SDK, profiler, runtime) that fold into one row: a chain of two or more such frames, each
 * but the last with that one frame as its only callee. `head[i]` is the first frame of i's run (-1 outside any),
 * `tail` the last one by head.
 */
export type Runs = { head: Int32Array; tail: Map<number, number> };

export function foldableRuns(flat: FlatNode[]): Runs {
  const head = new Int32Array(flat.length).fill(-1);
  const size = new Map<number, number>();
  const tail = new Map<number, number>();
  // Preorder: a parent's run is known before its child's.
  for (let i = 1; i < flat.length; i++) {
    if (!isWrapper(flat[i].node.kind)) continue;
    const p = flat[i].parent;
    const h = p > 0 && head[p] >= 0 && flat[p].children.length === 1 ? head[p] : i;
    head[i] = h;
    size.set(h, (size.get(h) ?? 0) + 1);
    tail.set(h, i);
  }
  for (let i = 1; i < flat.length; i++)
    if (head[i] >= 0 && size.get(head[i])! < 2) {
      tail.delete(head[i]);
      head[i] = -1;
    }
  return { head, tail };
}

/** The kinds in a run, for its label: "21 SDK frames", "3 SDK and runtime frames". */
export function runLabel(flat: FlatNode[], from: number, to: number): string {
  const kinds = new Set<FrameKind>();
  let count = 0;
  for (let i = from; ; i = flat[i].children[0]) {
    kinds.add(flat[i].node.kind);
    count++;
    if (i === to || flat[i].children.length === 0) break;
  }
  const names = (['sdk', 'profiler', 'runtime'] as const)
    .filter((k) => kinds.has(k))
    .map((k) => ({ sdk: 'SDK', profiler: 'profiler', runtime: 'runtime' })[k]);
  const said = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `${count} ${said} frames`;
}

/** The frames a run folds from `index` down: those below it in its run (none outside a run). */
export function runMembers(flat: FlatNode[], runs: Runs, index: number): number[] {
  const h = runs.head[index];
  if (h < 0) return [index];
  const to = runs.tail.get(h)!;
  const out = [index];
  for (let i = index; i !== to; i = flat[i].children[0]) out.push(flat[i].children[0]);
  return out;
}

/** The first in-app frame down the hot path (always into the callee with the most time); the root when there is none. */
export function firstInApp(flat: FlatNode[]): number {
  for (let i = 0; ;) {
    if (i > 0 && flat[i].node.inApp) return i;
    let next = -1;
    for (const c of flat[i].children) if (next < 0 || flat[c].node.totalMs > flat[next].node.totalMs) next = c;
    if (next < 0) return 0;
    i = next;
  }
}

/** One frame on screen: a node, its row, its horizontal extent in pixels, and the frames it folds when a run. */
export type Rect = { index: number; row: number; x: number; width: number; up: number; folded: number };

/** Narrower frames are not drawn: thousands of sub-pixel frames would cost time and show nothing. */
const MIN_WIDTH = 0.5;

/**
 * An icicle from `zoom` (row 0, the whole width) down: callees share their caller's width in proportion to their
 * time, left to right in the tree's order (widest first). A folded run (`folded(head)`) is one row from its head, or
 * from the zoomed frame when the zoom is inside it, to its last frame. Narrower than MIN_WIDTH px: not drawn.
 */
export function layout(
  flat: FlatNode[],
  view: { zoom: number; width: number; runs: Runs },
  folded: (head: number) => boolean,
): Rect[] {
  const { zoom, width, runs } = view;
  const rects: Rect[] = [];
  const total = flat[zoom]?.node.totalMs ?? 0;
  if (flat.length === 0 || width <= 0 || total <= 0) return rects;
  const scale = width / total;
  const stack: { index: number; x: number; row: number; up: number }[] = [{ index: zoom, x: 0, row: 0, up: -1 }];
  while (stack.length > 0) {
    const { index, x: start, row, up } = stack.pop()!;
    const h = runs.head[index];
    const last = h >= 0 && folded(h) ? runs.tail.get(h)! : index;
    const count = last === index ? 1 : flat[last].depth - flat[index].depth + 1;
    rects.push({ index, row, x: start, width: flat[index].node.totalMs * scale, up, folded: count > 1 ? count : 0 });
    let x = start;
    const next: typeof stack = [];
    for (const c of flat[last].children) {
      const w = flat[c].node.totalMs * scale;
      if (w >= MIN_WIDTH) next.push({ index: c, x, row: row + 1, up: index });
      x += w;
    }
    stack.push(...next.reverse());
  }
  return rects;
}

/** A function over the whole graph: its frames, self time, time on the stack (once per sample) and share of it. */
export type FunctionStat = {
  key: string;
  name: string;
  kind: FrameKind;
  inApp: boolean;
  selfMs: number;
  totalMs: number;
  /** totalMs over the graph's time: the one percentage the graph prints for the function. */
  share: number;
  /** Its frames, preorder. */
  nodes: number[];
};

export type FunctionStats = { byKey: Map<string, FunctionStat>; keyOf: string[] };

export function functionStats(flat: FlatNode[]): FunctionStats {
  const byKey = new Map<string, FunctionStat>();
  const keyOf: string[] = new Array(flat.length).fill('');
  if (flat.length === 0) return { byKey, keyOf };
  const rootMs = flat[0].node.totalMs;
  // Depth first with exit markers: `open` counts each function's frames on the current path, so a frame under
  // another of its own function (recursion) adds its self time but not its time on the stack again.
  const open = new Map<string, number>();
  const stack: number[] = [...flat[0].children].reverse();
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (i < 0) {
      const k = keyOf[~i];
      open.set(k, open.get(k)! - 1);
      continue;
    }
    const { node } = flat[i];
    const key = functionKey(node.name, node);
    keyOf[i] = key;
    let stat = byKey.get(key);
    if (!stat) {
      stat = { key, name: node.name, kind: node.kind, inApp: node.inApp, selfMs: 0, totalMs: 0, share: 0, nodes: [] };
      byKey.set(key, stat);
    }
    stat.nodes.push(i);
    stat.selfMs += node.selfMs;
    if (!open.get(key)) stat.totalMs += node.totalMs;
    open.set(key, (open.get(key) ?? 0) + 1);
    stack.push(~i);
    for (let c = flat[i].children.length - 1; c >= 0; c--) stack.push(flat[i].children[c]);
  }
  for (const s of byKey.values()) s.share = rootMs > 0 ? s.totalMs / rootMs : 0;
  return { byKey, keyOf };
}

/** The functions with the most self time, the profiler's own and V8's pseudo-frames left out. */
export function mostSelfTime(stats: FunctionStats, limit: number): FunctionStat[] {
  return [...stats.byKey.values()]
    .filter((s) => s.selfMs > 0 && isRanked(s.name, s.kind))
    .sort((a, b) => b.selfMs - a.selfMs || a.nodes[0] - b.nodes[0])
    .slice(0, limit);
}

/** Where a function is shown when asked for: its frame with the most time on the stack (the first of equals). */
export function frameOf(stat: FunctionStat, flat: FlatNode[]): number {
  return stat.nodes.reduce((best, i) => (flat[i].node.totalMs > flat[best].node.totalMs ? i : best), stat.nodes[0]);
}
