import type { FlameNode } from '@/lib/swr/use-profiles';

/** A node of the tree by its preorder index: its parent's index (-1 for the root), depth and children's indexes. */
export type FlatNode = { node: FlameNode; parent: number; depth: number; children: number[] };

/** One frame on screen: a node, its row (its depth) and its horizontal extent in pixels. */
export type Rect = { index: number; depth: number; x: number; width: number };

/** Narrower frames are not drawn: thousands of sub-pixel frames would cost time and show nothing. */
const MIN_WIDTH = 0.5;

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
 * An icicle zoomed on `zoom`: its ancestors and itself span the whole width, one row each; its descendants share it
 * in proportion to their time, children left to right in the tree's order (widest first). A frame narrower than
 * MIN_WIDTH pixels is skipped with everything under it (they are narrower still).
 */
export function layout(flat: FlatNode[], zoom: number, width: number): Rect[] {
  const rects: Rect[] = [];
  if (flat.length === 0 || width <= 0) return rects;
  for (const i of pathTo(flat, zoom)) rects.push({ index: i, depth: flat[i].depth, x: 0, width });
  const total = flat[zoom].node.totalMs;
  if (total <= 0) return rects;
  const scale = width / total;
  const stack: { index: number; x: number }[] = [{ index: zoom, x: 0 }];
  while (stack.length > 0) {
    const { index, x: start } = stack.pop()!;
    let x = start;
    for (const c of flat[index].children) {
      const w = flat[c].node.totalMs * scale;
      if (w >= MIN_WIDTH) {
        rects.push({ index: c, depth: flat[c].depth, x, width: w });
        stack.push({ index: c, x });
      }
      x += w;
    }
  }
  return rects;
}

export type SearchResult = { matches: Set<number>; count: number; shareOfTotal: number };

/**
 * The frames whose function name contains `query` (any case). Their share of the root's time counts each sample
 * once: a match under another match (recursion) adds nothing.
 */
export function search(flat: FlatNode[], query: string): SearchResult | null {
  const q = query.trim().toLowerCase();
  if (!q || flat.length === 0) return null;
  const matches = new Set<number>();
  let ms = 0;
  // Preorder: a parent is decided before its children, so "under a match" is known on arrival.
  const underMatch = new Uint8Array(flat.length);
  for (let i = 0; i < flat.length; i++) {
    const { node, parent } = flat[i];
    const inherited = parent >= 0 && (underMatch[parent] === 1 || matches.has(parent));
    if (i > 0 && node.name.toLowerCase().includes(q)) {
      matches.add(i);
      if (!inherited) ms += node.totalMs;
    }
    if (inherited) underMatch[i] = 1;
  }
  const total = flat[0].node.totalMs;
  return { matches, count: matches.size, shareOfTotal: total > 0 ? ms / total : 0 };
}

/** Where a frame's code is: `file:line`, else its module, else nothing. */
export function locationOf(node: Pick<FlameNode, 'file' | 'module' | 'line'>): string | null {
  if (node.file) return node.line !== null ? `${node.file}:${node.line}` : node.file;
  return node.module;
}

/**
 * A location short enough for a table cell, keeping what tells code apart: a dependency's path from its package
 * name (`@sentry/node/build/cjs/index.js:12`), else the file's last two segments (`…/src/server.mjs:40`).
 */
export function shortLocationOf(node: Pick<FlameNode, 'file' | 'module' | 'line'>): string | null {
  const full = locationOf(node);
  if (!full || !node.file) return full;
  const path = full.replace(/^file:\/\//, '');
  const dep = path.lastIndexOf('node_modules/');
  if (dep >= 0) return path.slice(dep + 'node_modules/'.length);
  const parts = path.split('/');
  return parts.length > 3 ? `…/${parts.slice(-2).join('/')}` : path;
}
