import type { FlameNode } from '@/lib/swr/use-profiles';
import type { FlatNode } from '@/lib/profiles/flame-view';

// Search and a frame's location, for the flame graph's toolbar and facts; the tree's shape is lib/profiles/flame-view.

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
