import { decodedMappings, originalPositionFor } from '@jridgewell/trace-mapping';
import { logger } from '@/lib/log';
import { CAPS, cut, type Frame } from '@/lib/envelope/schemas';
import type { IngestUnit } from '@/lib/envelope/validate-envelope';
import { normalizeDebugId, tildeUrl } from './check-source-map';
import { loadMap, mapFor, mapProblem, projectHasFiles, sourceLines, sourceScopes, type LoadedMap } from './map-cache';
import { scopeNameAt } from './scopes';

export { forgetProjectMaps, mapCacheStats } from './map-cache';

/** The frame as it came (minified), kept on a symbolicated frame for "show minified". */
export type RawFrame = Pick<Frame, 'filename' | 'function' | 'lineno' | 'colno' | 'abs_path'>;
export type SymbolicatedFrame = Frame & { raw?: RawFrame };

type Resolved = { loaded: LoadedMap; source: string; line: number; column: number; name: string | null };

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
        const fileId = await mapFor(projectId, { release, debugId: images.get(f.file!) ?? null, url: f.file! });
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
      const fileId = await mapFor(projectId, { release, debugId, url });
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
        return { error: `The source map for ${where} did not parse: ${mapProblem(fileId) ?? 'it cannot be used'}` };
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
