import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { checkSourceMap, MAX_SOURCE_MAP_BYTES, normalizeDebugId, tildeUrl } from './check-source-map';
import type { SourceFileInput } from './save-source-files';

/** Largest artifact bundle (all chunks together) we assemble. */
export const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;
/**
 * Largest sum of the files inside one bundle once inflated, counted while inflating (never from the sizes the zip
 * declares), so a bomb stops here and the memory it costs stays under this.
 */
export const MAX_INFLATED_BYTES = Number(process.env.SOURCEMAP_BUNDLE_MAX_INFLATED_BYTES ?? 64 * 1024 * 1024);
/** Entries a bundle may hold (each is a file sentry-cli put there: minified sources, maps, the manifest). */
export const MAX_BUNDLE_ENTRIES = 10_000;

const inflateRaw = promisify(zlib.inflateRaw);

type ManifestEntry = { type?: unknown; url?: unknown; headers?: unknown };

export type BundleRead = { ok: true; files: SourceFileInput[] } | { ok: false; reason: string };

type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a zip's central directory; null when it has none we can read. Reads headers only. */
function zipEntries(zip: Buffer): ZipEntry[] | null {
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes (its comment is at most 64 KiB).
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = zip.readUInt16LE(eocd + 10);
  const directorySize = zip.readUInt32LE(eocd + 12);
  // Offsets count from the archive's start, which a prefix (sentry-cli's `SYSB` header) moves: by this much.
  const shift = eocd - directorySize - zip.readUInt32LE(eocd + 16);
  let at = eocd - directorySize;
  if (count > MAX_BUNDLE_ENTRIES || shift < 0 || at < 0) return null;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    if (at + 46 + nameLength > zip.length) return null;
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42) + shift,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

class BundleError extends Error {}

/**
 * The entries' contents, inflated off the event loop (zlib's thread pool) with one byte budget shared by the whole
 * bundle: each inflate may produce at most what is left of it, whatever the entry claims.
 */
async function inflateEntries(zip: Buffer, entries: ZipEntry[]): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  let left = MAX_INFLATED_BYTES;
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const at = e.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL)
      throw new BundleError('The bundle is not a valid zip archive');
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + e.compressedSize);
    if (start + e.compressedSize > zip.length) throw new BundleError('The bundle is not a valid zip archive');
    const cap = Math.min(MAX_SOURCE_MAP_BYTES, left);
    const tooBig = () =>
      new BundleError(
        left < MAX_SOURCE_MAP_BYTES
          ? `The bundle inflates past ${MAX_INFLATED_BYTES} bytes`
          : `${e.name} is larger than ${MAX_SOURCE_MAP_BYTES} bytes once inflated`,
      );
    let content: Buffer;
    if (e.method === 0) {
      content = data;
    } else if (e.method === 8) {
      try {
        content = await inflateRaw(data, { maxOutputLength: cap });
      } catch (err) {
        throw (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
          ? tooBig()
          : new BundleError('The bundle is not a valid zip archive');
      }
    } else {
      throw new BundleError(`${e.name}: compression method ${e.method} is not supported (use deflate)`);
    }
    if (content.length > cap) throw tooBig();
    left -= content.length;
    files.set(e.name, content);
  }
  return files;
}

/**
 * An artifact bundle as `sentry-cli sourcemaps upload` builds it: a zip (after an 8-byte `SYSB` header)
 * with `manifest.json` naming each file's type, URL, debug ID and source map. Minified files and maps
 * are kept; a map that cannot be used or a hostile archive refuses the whole bundle with its reason (sentry-cli then
 * fails and prints it), so a broken build never passes CI with maps that will not resolve. Memory and CPU are bounded by
 * MAX_INFLATED_BYTES, counted while inflating.
 */
export async function readArtifactBundle(bytes: Uint8Array): Promise<BundleRead> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = zipEntries(zip);
  if (!entries)
    return {
      ok: false,
      reason: `The bundle is not a valid zip archive (or holds more than ${MAX_BUNDLE_ENTRIES} files)`,
    };
  let files: Map<string, Buffer>;
  try {
    files = await inflateEntries(zip, entries);
  } catch (err) {
    if (err instanceof BundleError) return { ok: false, reason: err.message };
    throw err;
  }
  const manifestBytes = files.get('manifest.json');
  if (!manifestBytes) return { ok: false, reason: 'The bundle has no manifest.json' };
  let manifest: { files?: Record<string, ManifestEntry> };
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    return { ok: false, reason: 'The bundle manifest is not valid JSON' };
  }
  const out: SourceFileInput[] = [];
  for (const [path, entry] of Object.entries(manifest.files ?? {})) {
    const type = entry.type;
    if (type !== 'minified_source' && type !== 'source_map') continue;
    const content = files.get(path);
    if (!content || typeof entry.url !== 'string')
      return { ok: false, reason: `The manifest names ${path}, which the bundle lacks` };
    const headers = (typeof entry.headers === 'object' && entry.headers !== null ? entry.headers : {}) as Record<
      string,
      unknown
    >;
    const headerId = typeof headers['debug-id'] === 'string' ? normalizeDebugId(headers['debug-id']) : null;
    // A map sentry-cli could not parse comes labelled minified_source: checked as the map it is.
    const isMap = type === 'source_map' || /\.map$/i.test(entry.url.replace(/[?#].*$/, ''));
    if (isMap) {
      const check = await checkSourceMap(content);
      if (!check.ok) return { ok: false, reason: `${entry.url}: not a valid source map (${check.reason})` };
    }
    out.push({
      url: tildeUrl(entry.url),
      type: isMap ? 'source_map' : type,
      debugId: headerId,
      sourcemapUrl: typeof headers.sourcemap === 'string' ? headers.sourcemap : null,
      content,
    });
  }
  return { ok: true, files: out };
}
