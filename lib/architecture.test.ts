// The shape of lib/ (#44, #59), measured from the imports. A set of lib folders that all reach each other (a strongly
// connected set, a "knot") is one module in several places: the ingest wing is in none, and the largest knot may only
// shrink. The composition root (lib/boot) is above every domain; schemas (lib/zod) are leaves; no files import each
// other in a circle. A root file (lib/pg.ts) is a unit of its own (`pg`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const lib = path.join(root, 'lib');

/** The most lib folders one knot may hold. Lower it when a knot shrinks; never raise it. */
const MAX_KNOT = 5;
/** The pairs of folders that import each other, each sorted and written `a–b`. Shrink this list; do not grow it. */
const ALLOWED_PAIRS = ['issues–releases', 'releases–sourcemaps'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' || e.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The top-level lib unit of a path under lib/: its first folder, or a root file's name without extension. */
function unitOf(file: string): string | undefined {
  const rel = path.relative(lib, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length ? first : first.replace(/\.(tsx?|jsx?|json)$/, '');
}

// Every module specifier a file names: static imports and re-exports (type-only too), import('…'), vi.mock('…').
const SPECIFIER =
  /(?:^|[^\w.$])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[^\w.$])import\s*['"]([^'"]+)['"]|\b(?:import|vi\.mock|require)\(\s*['"]([^'"]+)['"]/gm;

/** The paths (without extension) a file's relative and `@/` specifiers name. */
export function importedPaths(file: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith('@/')) out.push(path.join(root, spec.slice(2)));
    else if (spec.startsWith('.')) out.push(path.resolve(path.dirname(file), spec));
  }
  return out;
}

export function importedUnits(file: string, source: string): Set<string> {
  const units = new Set<string>();
  for (const target of importedPaths(file, source)) {
    const unit = unitOf(target);
    if (unit) units.add(unit);
  }
  return units;
}

export function mutualPairs(edges: Map<string, Set<string>>): string[] {
  const pairs = new Set<string>();
  for (const [from, tos] of edges)
    for (const to of tos) if (from !== to && edges.get(to)?.has(from)) pairs.add([from, to].sort().join('–'));
  return [...pairs].sort();
}

/** The strongly connected sets of more than one node (Tarjan), each sorted, largest first. */
export function knots(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (w === v) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    for (let w = ''; w !== v;) {
      w = stack.pop()!;
      onStack.delete(w);
      set.push(w);
    }
    if (set.length > 1) found.push(set.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

function libEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(lib)) {
    const from = unitOf(file)!;
    const tos = edges.get(from) ?? new Set<string>();
    for (const to of importedUnits(file, fs.readFileSync(file, 'utf8'))) if (to !== from) tos.add(to);
    edges.set(from, tos);
  }
  return edges;
}

/** The source file a specifier's path names, if it is one of `files`. */
function resolveFile(target: string, files: Set<string>): string | undefined {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`])
    if (files.has(candidate)) return candidate;
  return undefined;
}

/** File → the files it imports, over the app's own source (lib, emails, components, app). */
function fileEdges(): Map<string, Set<string>> {
  const files = ['lib', 'emails', 'components', 'app'].flatMap((d) => sourceFiles(path.join(root, d)));
  const known = new Set(files);
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const tos = new Set<string>();
    for (const target of importedPaths(file, fs.readFileSync(file, 'utf8'))) {
      const to = resolveFile(target, known);
      if (to && to !== file) tos.add(path.relative(root, to));
    }
    edges.set(path.relative(root, file), tos);
  }
  return edges;
}

describe('lib folders', () => {
  const edges = libEdges();

  it('never put the ingest wing in a knot (a set of folders that all reach each other)', () => {
    expect(knots(edges).filter((k) => k.includes('ingest') || k.includes('envelope'))).toEqual([]);
  });

  it(`form no knot of more than ${MAX_KNOT} folders`, () => {
    const largest = knots(edges)[0] ?? [];
    expect(largest.length, `largest knot: ${largest.join(', ')}`).toBeLessThanOrEqual(MAX_KNOT);
  });

  it('import each other only in the allowed pairs (a new pair fails here)', () => {
    expect(mutualPairs(edges)).toEqual([...ALLOWED_PAIRS].sort());
  });

  it('keep the composition root on top: lib/boot is imported by nothing under lib/ but itself, nor by app/ or components/', () => {
    const importers = [...fileEdges()]
      .filter(([from, tos]) => !from.startsWith('lib/boot/') && [...tos].some((to) => to.startsWith('lib/boot/')))
      .map(([from]) => from);
    expect(importers).toEqual([]);
  });

  it('keep schemas leaves: lib/zod imports only zod and lib/zod', () => {
    const outside = sourceFiles(path.join(lib, 'zod')).flatMap((file) =>
      [...importedUnits(file, fs.readFileSync(file, 'utf8'))]
        .filter((u) => u !== 'zod')
        .map((u) => `${path.relative(root, file)} → lib/${u}`),
    );
    expect(outside).toEqual([]);
  });
});

describe('source files', () => {
  it('never import each other in a circle', () => {
    expect(knots(fileEdges())).toEqual([]);
  });
});

describe('the readers', () => {
  it('see every import form', () => {
    const file = path.join(lib, 'a', 'x.ts');
    const source = [
      "import { x } from '@/lib/b/y';",
      "import type { T } from '../c/z';",
      "export * from '@/lib/d';",
      "import '@/lib/e.ts';",
      "const m = await import('@/lib/f/g');",
      "vi.mock('../h/i', () => ({}));",
      "import { own } from './same';",
      "import pg from 'pg';",
      "import {\n  a,\n  b,\n} from '@/lib/j/k';",
    ].join('\n');
    expect([...importedUnits(file, source)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'h', 'j']);
  });

  it('find pairs and knots, a loop of three included', () => {
    const edges = new Map([
      ['a', new Set(['b', 'c'])],
      ['b', new Set(['a'])],
      ['c', new Set(['d'])],
      ['d', new Set(['e'])],
      ['e', new Set(['c'])],
      ['f', new Set(['a'])],
    ]);
    expect(mutualPairs(edges)).toEqual(['a–b']);
    expect(knots(edges)).toEqual([
      ['c', 'd', 'e'],
      ['a', 'b'],
    ]);
  });
});
