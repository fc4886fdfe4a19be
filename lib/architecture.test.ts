// The lib folders that import each other (#44). Two folders that import each other are one module in two places:
// the pairs left are listed below, and a new one fails here until it is untangled or argued into the list. The
// ingest wing (lib/ingest, lib/envelope) is in no pair at all. A root file (lib/pg.ts) is a unit of its own (`pg`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const lib = path.join(root, 'lib');

/** The pairs allowed today, each sorted and written `a–b`. Shrink this list; do not grow it. */
const ALLOWED_PAIRS = [
  'alerts–jobs',
  'auth–env',
  'http–zod',
  'issues–releases',
  'issues–zod',
  // lib/workflow/handlers.ts registers the notifications handler, which takes the workflow's event type (#49).
  'notifications–workflow',
  // lib/workflow/handlers.ts registers the auto-assignment; it emits the ASSIGNED event it causes (#49).
  'ownership–workflow',
  'projects–zod',
  'releases–sourcemaps',
  // lib/workflow/handlers.ts registers the handler; the handler emits the ASSIGNED event it causes (#49).
  'suspect-commits–workflow',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === path.join(lib, 'generated') ? [] : sourceFiles(full);
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

export function importedUnits(file: string, source: string): Set<string> {
  const units = new Set<string>();
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const target = spec.startsWith('@/')
      ? path.join(root, spec.slice(2))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : undefined;
    const unit = target && unitOf(target);
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

function libEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(lib)) {
    const from = unitOf(file)!;
    const tos = edges.get(from) ?? new Set<string>();
    for (const to of importedUnits(file, fs.readFileSync(file, 'utf8'))) tos.add(to);
    edges.set(from, tos);
  }
  return edges;
}

describe('lib folders that import each other', () => {
  const pairs = mutualPairs(libEdges());

  it('are exactly the allowed pairs (a new pair fails here)', () => {
    expect(pairs).toEqual([...ALLOWED_PAIRS].sort());
  });

  it('never involve the ingest wing', () => {
    expect(pairs.filter((p) => p.split('–').some((u) => u === 'ingest' || u === 'envelope'))).toEqual([]);
  });

  it('are found: the reader sees every import form', () => {
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
    const edges = new Map([
      ['a', new Set(['b', 'c'])],
      ['b', new Set(['a'])],
      ['c', new Set(['d'])],
    ]);
    expect(mutualPairs(edges)).toEqual(['a–b']);
  });
});
