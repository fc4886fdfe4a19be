import { parseStack } from './stack';
import type { DebugImage, StackFrame } from './types';

type DebugIdMap = Record<string, string>;
let cached: { size: number; byFile: Map<string, string> } | undefined;

/**
 * File URL → debug ID, from what `sentry-cli sourcemaps inject` leaves in each bundle:
 * `globalThis._sentryDebugIds[<a stack captured in that file>] = "<debug id>"`.
 */
function debugIdsByFile(): Map<string, string> {
  const ids = (globalThis as { _sentryDebugIds?: DebugIdMap })._sentryDebugIds;
  if (!ids || typeof ids !== 'object') return new Map();
  const keys = Object.keys(ids);
  if (cached && cached.size === keys.length) return cached.byFile;
  const byFile = new Map<string, string>();
  for (const stack of keys) {
    // The innermost frame of the captured stack is the injected snippet, in the bundle it belongs to.
    const file = parseStack(stack)[0]?.filename;
    const id = ids[stack];
    if (file && typeof id === 'string') byFile.set(file, id);
  }
  cached = { size: keys.length, byFile };
  return byFile;
}

/** `debug_meta.images` for the files on an event's stack that carry a debug ID (none: undefined). */
export function debugImagesFor(frames: StackFrame[]): DebugImage[] | undefined {
  let byFile: Map<string, string>;
  try {
    byFile = debugIdsByFile();
  } catch {
    return undefined;
  }
  if (byFile.size === 0) return undefined;
  const images: DebugImage[] = [];
  const seen = new Set<string>();
  for (const f of frames) {
    const id = byFile.get(f.filename);
    if (id && !seen.has(f.filename)) {
      seen.add(f.filename);
      images.push({ type: 'sourcemap', code_file: f.filename, debug_id: id });
    }
  }
  return images.length ? images : undefined;
}
