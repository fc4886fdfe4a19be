import { unzipSync } from 'fflate';
import { checkSourceMap, MAX_SOURCE_MAP_BYTES, normalizeDebugId, tildeUrl } from './check-source-map';
import type { SourceFileInput } from './save-source-files';

/** Largest artifact bundle (all chunks together) we assemble. */
export const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;
/** Largest sum of the files inside one bundle, once inflated (zip bombs stop here). */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

type ManifestEntry = { type?: unknown; url?: unknown; headers?: unknown };

export type BundleRead = { ok: true; files: SourceFileInput[] } | { ok: false; reason: string };

/**
 * An artifact bundle as `sentry-cli sourcemaps upload` builds it: a zip (after an 8-byte `SYSB` header)
 * with `manifest.json` naming each file's type, URL, debug ID and source map. Minified files and maps
 * are kept; a hostile map refuses the whole bundle with its reason.
 */
export function readArtifactBundle(bytes: Uint8Array): BundleRead {
  let files: Record<string, Uint8Array>;
  let inflated = 0;
  let tooBig = false;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        inflated += f.originalSize;
        if (f.originalSize > MAX_SOURCE_MAP_BYTES || inflated > MAX_INFLATED_BYTES) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    return { ok: false, reason: 'The bundle is not a valid zip archive' };
  }
  if (tooBig) return { ok: false, reason: `A file in the bundle is larger than ${MAX_SOURCE_MAP_BYTES} bytes or the bundle inflates past ${MAX_INFLATED_BYTES}` };
  const manifestBytes = files['manifest.json'];
  if (!manifestBytes) return { ok: false, reason: 'The bundle has no manifest.json' };
  let manifest: { files?: Record<string, ManifestEntry> };
  try {
    manifest = JSON.parse(Buffer.from(manifestBytes).toString('utf8'));
  } catch {
    return { ok: false, reason: 'The bundle manifest is not valid JSON' };
  }
  const out: SourceFileInput[] = [];
  for (const [path, entry] of Object.entries(manifest.files ?? {})) {
    const type = entry.type;
    if (type !== 'minified_source' && type !== 'source_map') continue;
    const data = files[path];
    if (!data || typeof entry.url !== 'string') return { ok: false, reason: `The manifest names ${path}, which the bundle lacks` };
    const headers = (typeof entry.headers === 'object' && entry.headers !== null ? entry.headers : {}) as Record<string, unknown>;
    const headerId = typeof headers['debug-id'] === 'string' ? normalizeDebugId(headers['debug-id']) : null;
    const content = Buffer.from(data);
    if (type === 'source_map') {
      const check = checkSourceMap(content.toString('utf8'));
      if (!check.ok) return { ok: false, reason: `${entry.url}: ${check.reason}` };
    }
    out.push({
      url: tildeUrl(entry.url),
      type,
      debugId: headerId,
      sourcemapUrl: typeof headers.sourcemap === 'string' ? headers.sourcemap : null,
      content,
    });
  }
  return { ok: true, files: out };
}
