import type { EncodedSourceMap } from '@jridgewell/trace-mapping';

/** The largest source map we accept (upload) or parse (ingest). */
export const MAX_SOURCE_MAP_BYTES = 16 * 1024 * 1024;
/**
 * Caps on what a map decodes into (each line and each segment becomes an array in memory): a 16 MB map of empty
 * lines would otherwise decode to about a gigabyte. Real maps of the largest bundles stay well below.
 */
export const MAX_MAP_LINES = 500_000;
export const MAX_MAP_SEGMENTS = 2_000_000;
// Bytes of memory a decoded line and segment take (V8 arrays of small integers), for the symbolication cache.
const LINE_BYTES = 48;
const SEGMENT_BYTES = 80;
// The VLQ scan yields to the event loop after this many characters, so one upload never stalls ingest.
const SLICE_CHARS = 256 * 1024;

export type RawSourceMap = EncodedSourceMap & { debug_id?: string; debugId?: string };

export type MapCheck =
  | {
      ok: true;
      map: RawSourceMap;
      debugId: string | null;
      lines: number;
      segments: number;
      /** What the decoded map will take in memory, estimated. */ decodedBytes: number;
    }
  | { ok: false; reason: string };

const BASE64 = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  BASE64[c.charCodeAt(0)] = i;
const COMMA = 44;
const SEMICOLON = 59;

type Scan = { ok: true; lines: number; segments: number } | { ok: false; reason: string };

/**
 * Reads `mappings` once, without allocating a segment: every field base64 VLQ, every segment of 1, 4 or 5 fields,
 * source and name indexes within the map, and the line and segment counts within their caps. Yields to the event
 * loop between slices.
 */
export async function scanMappings(mappings: string, sources: number, names: number): Promise<Scan> {
  let lines = 1;
  let segments = 0;
  let fields = 0;
  let value = 0;
  let shift = 0;
  let inField = false;
  let column = 0;
  let source = 0;
  let line = 0;
  let sourceColumn = 0;
  let name = 0;
  const bad = (reason = 'Source map mappings do not decode'): Scan => ({ ok: false, reason });
  const endSegment = (): Scan | null => {
    if (inField) return bad();
    if (fields === 0) return null;
    if (fields !== 1 && fields !== 4 && fields !== 5) return bad();
    segments++;
    if (segments > MAX_MAP_SEGMENTS)
      return bad(`Source map has more than ${MAX_MAP_SEGMENTS.toLocaleString('en-US')} mapped segments`);
    fields = 0;
    return null;
  };
  for (let i = 0; i < mappings.length; i++) {
    if (i % SLICE_CHARS === SLICE_CHARS - 1) await new Promise((r) => setImmediate(r));
    const c = mappings.charCodeAt(i);
    if (c === COMMA || c === SEMICOLON) {
      const err = endSegment();
      if (err) return err;
      if (c === SEMICOLON) {
        column = 0;
        if (++lines > MAX_MAP_LINES)
          return bad(`Source map has more than ${MAX_MAP_LINES.toLocaleString('en-US')} lines`);
      }
      continue;
    }
    const digit = c < 128 ? BASE64[c] : -1;
    if (digit < 0) return bad('Source map mappings are not base64 VLQ');
    inField = true;
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if (shift > 35) return bad();
    if (digit & 32) continue;
    // One field done: its sign is the lowest bit.
    const n = value % 2 === 1 ? -Math.floor(value / 2) : value / 2;
    fields++;
    // Each field is relative to the previous segment's (the generated column only within its line).
    if (fields === 1 && (column += n) < 0) return bad();
    if (fields === 2 && ((source += n) < 0 || source >= sources))
      return bad('Source map mappings name a source that does not exist');
    if (fields === 3 && (line += n) < 0) return bad();
    if (fields === 4 && (sourceColumn += n) < 0) return bad();
    if (fields === 5 && ((name += n) < 0 || name >= names))
      return bad('Source map mappings name a name that does not exist');
    value = 0;
    shift = 0;
    inField = false;
  }
  const err = endSegment();
  return err ?? { ok: true, lines, segments };
}

/**
 * A source map we can use, or why not: valid JSON, version 3, not an indexed map, string sources, base64 VLQ
 * mappings that decode, within the line and segment caps. Hostile maps end here (a 400 at upload, skipped at
 * ingest), never a 5xx; no mapping is decoded into memory here.
 */
export async function checkSourceMap(input: string | Buffer): Promise<MapCheck> {
  if (input.length > MAX_SOURCE_MAP_BYTES)
    return { ok: false, reason: `Source map larger than ${MAX_SOURCE_MAP_BYTES} bytes` };
  if (typeof input !== 'string') {
    const refused = await precheckMappings(input);
    if (refused) return { ok: false, reason: refused };
  }
  const text = typeof input === 'string' ? input : input.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'Source map is not valid JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, reason: 'Source map is not a JSON object' };
  const m = json as Record<string, unknown>;
  if (m.version !== 3) return { ok: false, reason: 'Source map version must be 3' };
  if ('sections' in m) return { ok: false, reason: 'Indexed source maps (sections) are not supported' };
  if (!Array.isArray(m.sources) || !m.sources.every((s) => typeof s === 'string' || s === null))
    return { ok: false, reason: 'Source map sources must be an array of strings' };
  if (typeof m.mappings !== 'string') return { ok: false, reason: 'Source map mappings are not base64 VLQ' };
  if (
    m.sourcesContent !== undefined &&
    !(Array.isArray(m.sourcesContent) && m.sourcesContent.every((s) => typeof s === 'string' || s === null))
  ) {
    return { ok: false, reason: 'Source map sourcesContent must be an array of strings' };
  }
  if (m.names !== undefined && !(Array.isArray(m.names) && m.names.every((s) => typeof s === 'string')))
    return { ok: false, reason: 'Source map names must be an array of strings' };
  const map = { ...m, names: m.names ?? [] } as RawSourceMap;
  const scan = await scanMappings(map.mappings, map.sources.length, map.names.length);
  if (!scan.ok) return scan;
  const id = typeof map.debug_id === 'string' ? map.debug_id : typeof map.debugId === 'string' ? map.debugId : null;
  return {
    ok: true,
    map,
    debugId: id ? normalizeDebugId(id) : null,
    lines: scan.lines,
    segments: scan.segments,
    // The text stays referenced (sourcesContent), plus the decoded lines and segments.
    decodedBytes: text.length * 2 + scan.lines * LINE_BYTES + scan.segments * SEGMENT_BYTES,
  };
}

const MAPPINGS_KEY = Buffer.from('"mappings"');

/**
 * Refuses a map whose `mappings` plainly exceed the line or segment caps by counting its separators in the raw bytes,
 * before the map is turned into a string or parsed (a 16 MB map of empty lines is refused for the cost of one scan).
 * Only a top-level-looking key counts (one inside a string is escaped as \"mappings\"); anything it cannot place is
 * left to the full check.
 */
async function precheckMappings(bytes: Buffer): Promise<string | null> {
  let key = bytes.indexOf(MAPPINGS_KEY);
  while (key > 0 && bytes[key - 1] === 92) key = bytes.indexOf(MAPPINGS_KEY, key + 1);
  if (key < 0) return null;
  let i = key + MAPPINGS_KEY.length;
  while (bytes[i] === 32 || bytes[i] === 9 || bytes[i] === 10 || bytes[i] === 13) i++;
  if (bytes[i++] !== 58) return null; // ':'
  while (bytes[i] === 32 || bytes[i] === 9 || bytes[i] === 10 || bytes[i] === 13) i++;
  if (bytes[i++] !== 34) return null; // '"'
  const end = bytes.indexOf(34, i);
  if (end < 0) return null;
  let lines = 1;
  let commas = 0;
  for (let j = i; j < end; j++) {
    if (j % SLICE_CHARS === 0) await new Promise((r) => setImmediate(r));
    const c = bytes[j];
    if (c === SEMICOLON) lines++;
    else if (c === COMMA) commas++;
  }
  if (lines > MAX_MAP_LINES) return `Source map has more than ${MAX_MAP_LINES.toLocaleString('en-US')} lines`;
  if (commas >= MAX_MAP_SEGMENTS)
    return `Source map has more than ${MAX_MAP_SEGMENTS.toLocaleString('en-US')} mapped segments`;
  return null;
}

/** Debug IDs compare as lower-case UUIDs. */
export function normalizeDebugId(id: string): string | null {
  const v = id.trim().toLowerCase();
  return /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/.test(v)
    ? v.replace(/^(.{8})-?(.{4})-?(.{4})-?(.{4})-?(.{12})$/, '$1-$2-$3-$4-$5')
    : null;
}

/** `~/static/js/main.js` for `https://host/static/js/main.js?x#y`; a path or `~/` URL stays as it is. */
export function tildeUrl(url: string): string {
  if (url.startsWith('~/')) return url;
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') return `~${u.pathname}`;
    return url;
  } catch {
    return url.startsWith('/') ? `~${url}` : url;
  }
}
