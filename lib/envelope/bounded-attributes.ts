// Attribute bags from SDKs (span data, log attributes, OTLP attributes) as what we store: scalar values only
// (`{ type, value }` unwrapped), names and strings cut short, at most MAX_KEYS keys and MAX_BYTES of JSON, built in
// one pass (a bag of 40,000 keys costs one walk, not one re-serialisation per key), strings made storable. A caller
// that refuses a bag past the caps rather than keep its first keys (metrics, #61) passes `seen` to learn it was cut.
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { storableString } from './prepare-json';

const MAX_KEYS = 200;
/** The most attributes a bag keeps. */
export const MAX_ATTRIBUTE_KEYS = MAX_KEYS;
const MAX_NAME = 200;
const MAX_STRING = 2000;

// Plain ASCII a JSON string holds as it is: its JSON is its length and two quotes (most names and values are).
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** The bytes of `s` as a JSON string. */
const jsonBytes = (s: string) => (PLAIN.test(s) ? s.length + 2 : Buffer.byteLength(JSON.stringify(s)));

// A bag's names repeat from item to item: each distinct one is cut, made storable and measured once (bounded).
const names = new Map<string, { key: string; bytes: number }>();
function nameOf(name: string): { key: string; bytes: number } {
  let n = names.get(name);
  if (n === undefined) {
    const key = storableString(name.slice(0, MAX_NAME));
    n = { key, bytes: jsonBytes(key) };
    if (name.length > MAX_NAME) return n;
    if (names.size >= 10_000) names.clear();
    names.set(name, n);
  }
  return n;
}

export function boundedAttributes(bag: unknown, maxBytes: number, seen?: { capped: boolean }): JsonObject | null {
  if (typeof bag !== 'object' || bag === null || Array.isArray(bag)) return null;
  const out: JsonObject = {};
  let bytes = 2;
  let keys = 0;
  for (const name in bag) {
    if (!Object.hasOwn(bag, name)) continue;
    if (keys >= MAX_KEYS) {
      if (seen) seen.capped = true;
      break;
    }
    const raw = (bag as Record<string, unknown>)[name];
    const v =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'value' in raw
        ? (raw as { value: unknown }).value
        : raw;
    if (!(v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) continue;
    if (typeof v === 'number' && !Number.isFinite(v)) continue;
    const { key, bytes: keyBytes } = nameOf(name);
    const value = typeof v === 'string' ? storableString(v.slice(0, MAX_STRING)) : v;
    const cost = keyBytes + (typeof value === 'string' ? jsonBytes(value) : String(value).length) + 2;
    if (bytes + cost > maxBytes) {
      if (seen) seen.capped = true;
      break;
    }
    out[key] = value;
    bytes += cost;
    keys++;
  }
  return keys > 0 ? out : null;
}
