import type { FieldIssue } from '@/lib/errors';

// Deeper nesting than this only comes from hostile input, and the database's JSON parser has a stack limit.
export const MAX_JSON_DEPTH = 32;

// NUL and unpaired surrogates cannot be stored in PostgreSQL text or jsonb.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableString(s: string): string {
  return s.replace(UNSTORABLE, '\uFFFD');
}

class TooDeep extends Error {
  constructor(readonly path: (string | number)[]) {
    super('too deep');
  }
}

function walk(value: unknown, path: (string | number)[], fixStrings: boolean): unknown {
  if (typeof value === 'string') return fixStrings ? storableString(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (path.length >= MAX_JSON_DEPTH) throw new TooDeep([...path]);
  if (Array.isArray(value)) {
    const out: unknown[] | null = fixStrings ? [] : null;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const v = walk(value[i], path, fixStrings);
      path.pop();
      if (out) out.push(v);
    }
    return out ?? value;
  }
  const out: Record<string, unknown> | null = fixStrings ? Object.create(null) : null;
  for (const [k, v] of Object.entries(value)) {
    path.push(k);
    const w = walk(v, path, fixStrings);
    path.pop();
    if (out) out[storableString(k)] = w;
  }
  return out ?? value;
}

/** True when `value` (found `depth` levels down) nests objects or arrays to MAX_JSON_DEPTH; allocates nothing. */
function nestsTooDeep(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth >= MAX_JSON_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (nestsTooDeep(value[i], depth + 1)) return true;
    return false;
  }
  for (const k in value) if (nestsTooDeep((value as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

/**
 * Makes a validated envelope storable: refuses nesting deeper than MAX_JSON_DEPTH (with the path) and,
 * when the raw text had escapes, replaces NUL and unpaired surrogates. `depthChecked`: the caller knows the value
 * nests less deep than that (it came from a payload tooDeepKey passed, no deeper).
 */
export function storableEnvelope<T>(
  value: T,
  hadEscapes: boolean,
  depthChecked = false,
): { ok: true; value: T } | { ok: false; issue: FieldIssue } {
  // The common case (no escapes, sane depth) only reads the value; the path is worked out when needed.
  if (!hadEscapes && (depthChecked || !nestsTooDeep(value, 0))) return { ok: true, value };
  try {
    return { ok: true, value: walk(value, [], hadEscapes) as T };
  } catch (err) {
    if (err instanceof TooDeep)
      return { ok: false, issue: { path: err.path, message: `Nested more than ${MAX_JSON_DEPTH} levels deep` } };
    throw err;
  }
}

/**
 * The top-level key of `obj` under which objects or arrays nest deeper than MAX_JSON_DEPTH (counting `obj`
 * itself as level 0), or null. Iterative, so even a value nested 500,000 deep costs no stack: run it before
 * anything that recurses over untrusted JSON.
 */
export function tooDeepKey(obj: Record<string, unknown>): string | null {
  // Two parallel stacks of objects only (no pair allocated per value: this runs over every payload, #51).
  const values: object[] = [];
  const depths: number[] = [];
  const push = (v: unknown, depth: number) => {
    if (typeof v === 'object' && v !== null) {
      values.push(v);
      depths.push(depth);
    }
  };
  for (const key in obj) {
    push(obj[key], 1);
    while (values.length > 0) {
      const value = values.pop()!;
      const depth = depths.pop()!;
      if (depth >= MAX_JSON_DEPTH) {
        values.length = 0;
        depths.length = 0;
        return key;
      }
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) push(value[i], depth + 1);
      else for (const k in value) push((value as Record<string, unknown>)[k], depth + 1);
    }
  }
  return null;
}
