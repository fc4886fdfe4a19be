// The source maps symbolication reads (#39): which stored map a frame's file has (by debug ID, else by release and
// `~/` URL), the parsed maps themselves in an LRU bounded by the memory they take, and the lookups' answers for a
// while, found or not. On globalThis: `npm start` loads this module twice (Next's bundle and the plain ingest
// adapter), and an upload through one must reach the caches of the other.
import v8 from 'node:v8';
import { TraceMap, sourceContentFor } from '@jridgewell/trace-mapping';
import { pool } from '@/lib/pg';
// Raw SQL: called on the ingest hot path for every JavaScript event (lookups cached).
import { checkSourceMap, tildeUrl } from './check-source-map';
import { sourceFileStore } from './file-store';
import { scopesOf, type Scope } from './scopes';

export type LoadedMap = {
  map: TraceMap;
  lines: Map<string, string[] | null>;
  scopes: Map<string, Scope[] | null>;
  bytes: number;
};
type Lookup = { fileId: string | null; until: number };

// Parsed maps, bounded by the memory their decoded mappings and text take (checkSourceMap's estimate): by default
// a quarter of the V8 heap's limit (about 130 MiB under `npm start`'s 512 MB old space), at most 256 MiB.
const CACHE_BYTES = Number(
  process.env.SOURCEMAP_CACHE_BYTES ??
    Math.min(256 * 1024 * 1024, Math.floor(v8.getHeapStatistics().heap_size_limit / 4)),
);
const FOUND_TTL_MS = 5 * 60_000;
// An event arriving before its map is stored as it came; the map is looked for again after this.
const MISSING_TTL_MS = 30_000;
const MAX_LOOKUPS = 100_000;

type Caches = {
  maps: Map<string, LoadedMap | null>;
  bytes: number;
  lookups: Map<string, Lookup>;
  projectsWithFiles: Map<string, { has: boolean; until: number }>;
  /** Why a stored map could not be used, by file id. */
  problems: Map<string, string>;
};
const g = globalThis as unknown as { trackerSourceMapCaches?: Caches };
const caches: Caches = (g.trackerSourceMapCaches ??= {
  maps: new Map(),
  bytes: 0,
  lookups: new Map(),
  projectsWithFiles: new Map(),
  problems: new Map(),
});
caches.problems ??= new Map();
const { maps, lookups, projectsWithFiles, problems } = caches;

/** Drops what this process knows of a project's files (after an upload or delete here). */
export function forgetProjectMaps(projectId: string): void {
  projectsWithFiles.delete(projectId);
  for (const k of lookups.keys()) if (k.startsWith(`${projectId}|`)) lookups.delete(k);
}

export function mapCacheStats() {
  return { maps: maps.size, bytes: caches.bytes, lookups: lookups.size };
}

/** Why a stored map could not be used, when it could not. */
export function mapProblem(fileId: string): string | undefined {
  return problems.get(fileId);
}

export function sourceLines(loaded: LoadedMap, source: string): string[] | null {
  if (!loaded.lines.has(source)) {
    const text = sourceContentFor(loaded.map, source);
    loaded.lines.set(source, text === null ? null : text.split(/\r?\n/));
  }
  return loaded.lines.get(source) ?? null;
}

export async function projectHasFiles(projectId: string): Promise<boolean> {
  const now = Date.now();
  const known = projectsWithFiles.get(projectId);
  if (known && known.until > now) return known.has;
  const { rowCount } = await pool().query('SELECT 1 FROM source_files WHERE project_id = $1 AND type = $2 LIMIT 1', [
    projectId,
    'source_map',
  ]);
  const has = (rowCount ?? 0) > 0;
  projectsWithFiles.set(projectId, { has, until: now + (has ? FOUND_TTL_MS : MISSING_TTL_MS) });
  return has;
}

async function cachedLookup(key: string, find: () => Promise<string | null>): Promise<string | null> {
  const now = Date.now();
  const hit = lookups.get(key);
  if (hit && hit.until > now) return hit.fileId;
  const fileId = await find();
  if (lookups.size >= MAX_LOOKUPS) lookups.clear();
  lookups.set(key, { fileId, until: now + (fileId ? FOUND_TTL_MS : MISSING_TTL_MS) });
  return fileId;
}

/** The source map for a frame's file: by debug ID first, else by release + `~/` URL (via the minified file's sourcemap reference or `<url>.map`). */
export function mapFor(
  projectId: string,
  { release, debugId, url }: { release: string | null; debugId: string | null; url: string },
): Promise<string | null> {
  if (debugId) {
    return cachedLookup(`${projectId}|d|${debugId}`, async () => {
      const { rows } = await pool().query<{ id: string }>(
        `SELECT id FROM source_files WHERE project_id = $1 AND debug_id = $2 AND type = 'source_map' ORDER BY created_at DESC LIMIT 1`,
        [projectId, debugId],
      );
      return rows[0]?.id ?? null;
    });
  }
  if (!release) return Promise.resolve(null);
  const tilde = tildeUrl(url.replace(/[?#].*$/, ''));
  return cachedLookup(`${projectId}|r|${release}|${tilde}`, async () => {
    const { rows: minified } = await pool().query<{ sourcemap_url: string | null; debug_id: string | null }>(
      `SELECT sf.sourcemap_url, sf.debug_id FROM source_files sf JOIN releases r ON r.id = sf.release_id
       WHERE r.project_id = $1 AND r.version = $2 AND sf.url = $3 AND sf.type = 'minified_source' ORDER BY sf.created_at DESC LIMIT 1`,
      [projectId, release, tilde],
    );
    const ref = minified[0]?.sourcemap_url;
    const candidates = [ref ? resolveRelative(tilde, ref) : null, `${tilde}.map`].filter(
      (c): c is string => c !== null,
    );
    const { rows } = await pool().query<{ id: string }>(
      `SELECT sf.id FROM source_files sf JOIN releases r ON r.id = sf.release_id
       WHERE r.project_id = $1 AND r.version = $2 AND sf.url = ANY($3) AND sf.type = 'source_map'
       ORDER BY array_position($3, sf.url), sf.created_at DESC LIMIT 1`,
      [projectId, release, candidates],
    );
    if (rows[0]) return rows[0].id;
    const id = minified[0]?.debug_id;
    if (!id) return null;
    const { rows: byId } = await pool().query<{ id: string }>(
      `SELECT id FROM source_files WHERE project_id = $1 AND debug_id = $2 AND type = 'source_map' ORDER BY created_at DESC LIMIT 1`,
      [projectId, id],
    );
    return byId[0]?.id ?? null;
  });
}

/** `~/static/js/main.js.map` for a reference `main.js.map` from `~/static/js/main.js`. */
function resolveRelative(fromTilde: string, ref: string): string | null {
  if (ref.startsWith('data:')) return null;
  if (/^https?:\/\//.test(ref) || ref.startsWith('~/')) return tildeUrl(ref);
  try {
    return `~${new URL(ref, `http://x${fromTilde.slice(1)}`).pathname}`;
  } catch {
    return null;
  }
}

export async function loadMap(fileId: string): Promise<LoadedMap | null> {
  if (maps.has(fileId)) {
    const hit = maps.get(fileId) ?? null;
    // Re-insert: the Map's order is the LRU order.
    maps.delete(fileId);
    maps.set(fileId, hit);
    return hit;
  }
  const data = await sourceFileStore.get(fileId);
  const check = data ? await checkSourceMap(data) : null;
  if (check && !check.ok) {
    if (problems.size >= MAX_LOOKUPS) problems.clear();
    problems.set(fileId, check.reason);
  }
  // Counted by what the decoded map takes in memory (estimated from its lines and segments), not its JSON bytes.
  const loaded = check?.ok
    ? {
        map: new TraceMap(check.map),
        lines: new Map<string, string[] | null>(),
        scopes: new Map<string, Scope[] | null>(),
        bytes: check.decodedBytes,
      }
    : null;
  maps.set(fileId, loaded);
  caches.bytes += loaded?.bytes ?? 0;
  for (const [k, v] of maps) {
    if (caches.bytes <= CACHE_BYTES) break;
    maps.delete(k);
    caches.bytes -= v?.bytes ?? 0;
  }
  return loaded;
}

export function sourceScopes(loaded: LoadedMap, source: string): Scope[] | null {
  if (!loaded.scopes.has(source)) {
    const text = sourceContentFor(loaded.map, source);
    const scopes = text === null ? null : scopesOf(text);
    loaded.scopes.set(source, scopes);
    // About 120 bytes a scope (its object and name), counted with the map.
    const bytes = (scopes?.length ?? 0) * 120;
    loaded.bytes += bytes;
    caches.bytes += bytes;
  }
  return loaded.scopes.get(source) ?? null;
}
