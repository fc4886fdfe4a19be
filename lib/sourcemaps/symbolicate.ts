import v8 from 'node:v8';
import { TraceMap, decodedMappings, originalPositionFor, sourceContentFor } from '@jridgewell/trace-mapping';
import { pool } from '@/lib/pg';
// Raw SQL: called on the ingest hot path for every JavaScript event (lookups cached).
import { logger } from '@/lib/log';
import { CAPS, cut, type Frame } from '@/lib/envelope/schemas';
import type { IngestUnit } from '@/lib/envelope/validate-envelope';
import { checkSourceMap, normalizeDebugId, tildeUrl } from './check-source-map';
import { sourceFileStore } from './file-store';
import { scopeNameAt, scopesOf, type Scope } from './scopes';

/** The frame as it came (minified), kept on a symbolicated frame for "show minified". */
export type RawFrame = Pick<Frame, 'filename' | 'function' | 'lineno' | 'colno' | 'abs_path'>;
export type SymbolicatedFrame = Frame & { raw?: RawFrame };

type LoadedMap = {
  map: TraceMap;
  lines: Map<string, string[] | null>;
  scopes: Map<string, Scope[] | null>;
  bytes: number;
};
type Lookup = { fileId: string | null; until: number };
type Resolved = { loaded: LoadedMap; source: string; line: number; column: number; name: string | null };

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

// On globalThis: `npm start` loads this module twice (Next's bundle and the plain ingest adapter), and an
// upload through one must reach the caches of the other.
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

/**
 * Resolves JavaScript frames of error units to their original file, line, column, function and context
 * lines, before grouping, when the project holds their map (by debug ID from `debug_meta.images`, else
 * by release + `~/path` URL). Never throws: a frame without a usable map stays as it came.
 */
export async function symbolicateUnits(projectId: string, units: IngestUnit[]): Promise<void> {
  const candidates = units.filter((u) => u.kind === 'error' && u.envelope.exception.stacktrace.frames.some(mappable));
  if (candidates.length === 0) return;
  try {
    if (!(await projectHasFiles(projectId))) return;
    for (const u of candidates) {
      if (u.kind !== 'error') continue;
      const env = u.envelope;
      const images = new Map<string, string>();
      for (const img of env.debug_meta?.images ?? []) {
        const id = normalizeDebugId(img.debug_id);
        if (id && img.code_file) images.set(img.code_file, id);
      }
      env.exception.stacktrace.frames = await symbolicateFrames(
        projectId,
        env.release ?? null,
        images,
        env.exception.stacktrace.frames,
      );
    }
  } catch (err) {
    logger.warn({ err: (err as Error).message, projectId }, 'symbolication skipped');
  }
}

/** A profile frame (#47) under its original name, file and line. */
export type ProfileFrameSource = { function: string; file: string; line: number; inApp: boolean | undefined };

/**
 * Profile frames (#47) of bundled JavaScript resolved through their source maps (debug ID, else release and URL).
 * A V8 profile names each function where its parameter list opens, a column to trust but, in @sentry/profiling-node
 * 11, a line that is not always the file's: the exact position is tried first, then the function's own minified
 * name just before that column on the generated line nearest the one reported. Null where no map resolves it;
 * never throws.
 */
export async function symbolicateProfileFrames({
  projectId,
  release,
  images,
  frames,
}: {
  projectId: string;
  release: string | null;
  /** Debug IDs by file (the profile's debug_meta.images). */
  images: Map<string, string>;
  frames: { function: string; file: string | null; line: number | null; col: number | null }[];
}): Promise<(ProfileFrameSource | null)[]> {
  const candidates = frames.map((f) =>
    f.file && f.col && f.line && /\.(m|c)?js(\?|#|$)/.test(f.file) && /^[\w$]+$/.test(f.function) ? f : null,
  );
  if (!candidates.some(Boolean)) return frames.map(() => null);
  try {
    if (!(await projectHasFiles(projectId))) return frames.map(() => null);
    return await Promise.all(
      candidates.map(async (f) => {
        if (!f) return null;
        const fileId = await mapFor(projectId, release, images.get(f.file!) ?? null, f.file!);
        const loaded = fileId ? await loadMap(fileId) : null;
        if (!loaded) return null;
        const nameAt = Math.max(0, f.col! - 1 - f.function.length);
        const lines = decodedMappings(loaded.map).length;
        const order = Array.from({ length: Math.min(lines, 5000) }, (_, i) => i + 1).sort(
          (a, b) => Math.abs(a - f.line!) - Math.abs(b - f.line!),
        );
        for (const line of [f.line!, ...order]) {
          const exact = line === f.line;
          const pos = originalPositionFor(loaded.map, { line, column: exact ? f.col! - 1 : nameAt });
          if (pos.source === null || pos.line === null) continue;
          if (!exact && pos.name === null) continue;
          const name =
            pos.name ??
            functionName(
              { loaded, source: pos.source, line: pos.line, column: pos.column ?? 0 },
              { function: f.function } as Frame,
              null,
              sourceLines(loaded, pos.source),
            );
          return {
            function: name ?? f.function,
            file: cleanSource(pos.source),
            line: pos.line,
            inApp: /\bnode_modules\//.test(pos.source) ? false : undefined,
          };
        }
        return null;
      }),
    );
  } catch (err) {
    logger.warn({ err: (err as Error).message, projectId }, 'profile symbolication skipped');
    return frames.map(() => null);
  }
}

const mappable = (f: Frame) =>
  f.colno !== undefined && /\.(m|c)?js(\?|#|$)|^https?:|^~\//.test(f.abs_path ?? f.filename);

async function symbolicateFrames(
  projectId: string,
  release: string | null,
  images: Map<string, string>,
  frames: Frame[],
): Promise<Frame[]> {
  const resolved = await Promise.all(
    frames.map(async (f): Promise<Resolved | { error: string } | null> => {
      if (!mappable(f)) return null;
      const url = f.abs_path ?? f.filename;
      const debugId = images.get(url) ?? null;
      const fileId = await mapFor(projectId, release, debugId, url);
      const where = tildeUrl(url.replace(/[?#].*$/, ''));
      if (!fileId) {
        if (debugId) return { error: `No source map uploaded for debug ID ${debugId}` };
        return {
          error: release
            ? `No source map for ${where} in release ${release}`
            : `No debug ID and no release: no source map for ${where} can be found`,
        };
      }
      const loaded = await loadMap(fileId);
      if (!loaded)
        return { error: `The source map for ${where} did not parse: ${problems.get(fileId) ?? 'it cannot be used'}` };
      const pos = originalPositionFor(loaded.map, { line: f.lineno, column: Math.max(0, (f.colno ?? 1) - 1) });
      if (pos.source === null || pos.line === null)
        return { error: `Line ${f.lineno}, column ${f.colno} of ${where} is not covered by its source map` };
      return { loaded, source: pos.source, line: pos.line, column: pos.column ?? 0, name: pos.name };
    }),
  );
  const positions = resolved.map((r) => (r && 'loaded' in r ? r : null));
  return frames.map((f, i) => {
    const r = resolved[i];
    // Why this frame stays minified, shown on the event page.
    if (r && 'error' in r) return { ...f, symbolication_error: r.error };
    const p = positions[i];
    if (!p) return f;
    const lines = sourceLines(p.loaded, p.source);
    const fn = functionName(p, f, positions[i + 1]?.name ?? null, lines);
    const raw: RawFrame = {
      filename: f.filename,
      function: f.function,
      lineno: f.lineno,
      colno: f.colno,
      abs_path: f.abs_path,
    };
    const out: SymbolicatedFrame = {
      ...f,
      filename: cleanSource(p.source),
      abs_path: p.source,
      lineno: p.line,
      colno: p.column + 1,
      function: fn ?? undefined,
      in_app: /\bnode_modules\//.test(p.source) ? false : f.in_app,
      ...(lines ? contextOf(lines, p.line) : {}),
      raw,
    };
    return out;
  });
}

/**
 * The frame's function as Sentry names it: the original function (scope) that contains its position, read from the
 * original source when the map carries it (`<anonymous>` outside any named function, never a token borrowed from a
 * call site). Without the source: the name the caller's call site maps to, then the nearest declaration above.
 */
function functionName(
  p: { loaded: LoadedMap; source: string; line: number; column: number },
  f: Frame,
  callerName: string | null,
  lines: string[] | null,
): string | undefined {
  const scopes = sourceScopes(p.loaded, p.source);
  if (scopes) return scopeNameAt(scopes, p.line, p.column) ?? '<anonymous>';
  return callerName ?? (lines ? enclosingFunction(lines, p.line) : null) ?? f.function;
}

function sourceScopes(loaded: LoadedMap, source: string): Scope[] | null {
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

function contextOf(lines: string[], line: number) {
  const at = line - 1;
  if (at < 0 || at >= lines.length) return {};
  const c = (l: string) => cut(l, CAPS.lineChars);
  return {
    context_line: c(lines[at]),
    pre_context: lines.slice(Math.max(0, at - CAPS.contextLines), at).map(c),
    post_context: lines.slice(at + 1, at + 1 + CAPS.contextLines).map(c),
  };
}

/** `src/app.js` for `webpack://app/./src/app.js` or `../src/app.js`. */
export function cleanSource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.?\/)+/, '');
}

const FUNCTION_PATTERNS = [
  /function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/,
  /([A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/,
  /^\s*(?:async\s+)?(?:static\s+)?(?!(?:if|for|while|switch|catch|function|return)\b)([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{/,
];

/** The nearest function declared above a line of the original source: a readable name when the map has none. */
export function enclosingFunction(lines: string[], line: number): string | null {
  for (let i = Math.min(line, lines.length) - 1; i >= 0 && i >= line - 200; i--) {
    for (const re of FUNCTION_PATTERNS) {
      const m = re.exec(lines[i]);
      if (m) return m[1];
    }
  }
  return null;
}

function sourceLines(loaded: LoadedMap, source: string): string[] | null {
  if (!loaded.lines.has(source)) {
    const text = sourceContentFor(loaded.map, source);
    loaded.lines.set(source, text === null ? null : text.split(/\r?\n/));
  }
  return loaded.lines.get(source) ?? null;
}

async function projectHasFiles(projectId: string): Promise<boolean> {
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
function mapFor(
  projectId: string,
  release: string | null,
  debugId: string | null,
  url: string,
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

async function loadMap(fileId: string): Promise<LoadedMap | null> {
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
