import { TraceMap, decodedMappings, type EncodedSourceMap } from '@jridgewell/trace-mapping';

/** The largest source map we accept (upload) or parse (ingest). */
export const MAX_SOURCE_MAP_BYTES = 16 * 1024 * 1024;
const VLQ = /^[A-Za-z0-9+/,;]*$/;

export type RawSourceMap = EncodedSourceMap & { debug_id?: string; debugId?: string };

export type MapCheck = { ok: true; map: RawSourceMap; debugId: string | null } | { ok: false; reason: string };

/**
 * A source map we can use, or why not: valid JSON, version 3, not an indexed map, string sources, base64
 * VLQ mappings that decode. Hostile maps end here (a 400 at upload, skipped at ingest), never a 5xx.
 */
export function checkSourceMap(text: string): MapCheck {
  if (text.length > MAX_SOURCE_MAP_BYTES) return { ok: false, reason: `Source map larger than ${MAX_SOURCE_MAP_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'Source map is not valid JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'Source map is not a JSON object' };
  const m = json as Record<string, unknown>;
  if (m.version !== 3) return { ok: false, reason: 'Source map version must be 3' };
  if ('sections' in m) return { ok: false, reason: 'Indexed source maps (sections) are not supported' };
  if (!Array.isArray(m.sources) || !m.sources.every((s) => typeof s === 'string' || s === null)) return { ok: false, reason: 'Source map sources must be an array of strings' };
  if (typeof m.mappings !== 'string' || !VLQ.test(m.mappings)) return { ok: false, reason: 'Source map mappings are not base64 VLQ' };
  if (m.sourcesContent !== undefined && !(Array.isArray(m.sourcesContent) && m.sourcesContent.every((s) => typeof s === 'string' || s === null))) {
    return { ok: false, reason: 'Source map sourcesContent must be an array of strings' };
  }
  if (m.names !== undefined && !(Array.isArray(m.names) && m.names.every((s) => typeof s === 'string'))) return { ok: false, reason: 'Source map names must be an array of strings' };
  const map = { ...m, names: m.names ?? [] } as RawSourceMap;
  try {
    const decoded = decodedMappings(new TraceMap(map));
    for (const line of decoded) {
      for (const seg of line) {
        if (seg.some((n) => !Number.isSafeInteger(n) || n < 0)) return { ok: false, reason: 'Source map mappings do not decode' };
        if (seg.length >= 4 && (seg[1] ?? 0) >= map.sources.length) return { ok: false, reason: 'Source map mappings name a source that does not exist' };
      }
    }
  } catch {
    return { ok: false, reason: 'Source map mappings do not decode' };
  }
  const id = typeof map.debug_id === 'string' ? map.debug_id : typeof map.debugId === 'string' ? map.debugId : null;
  return { ok: true, map, debugId: id ? normalizeDebugId(id) : null };
}

/** Debug IDs compare as lower-case UUIDs. */
export function normalizeDebugId(id: string): string | null {
  const v = id.trim().toLowerCase();
  return /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/.test(v) ? v.replace(/^(.{8})-?(.{4})-?(.{4})-?(.{4})-?(.{12})$/, '$1-$2-$3-$4-$5') : null;
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
