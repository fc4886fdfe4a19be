// What an event's contexts and feature flags add to its issue's tag rollup (#58), so that the issue search finds
// `contexts.<name>.<key>:value` and `flags.<name>:true` the way it finds a tag: from the rollup, never the events.
// Each has its own per-event cap beside the tags' (rollup-keys.ts), and its own per-issue key cap in the batch SQL.
import { CONTEXT_PREFIX, FLAG_PREFIX } from '@/lib/envelope/rollup-prefixes';

/** Flag pairs kept per event: the size of the Sentry SDKs' flag buffer (the most recent evaluations). */
export const MAX_FLAGS_PER_EVENT = 100;
/** Context pairs kept per event (the documented contexts' first). */
export const MAX_CONTEXT_PAIRS_PER_EVENT = 50;

export { CONTEXT_PREFIX, FLAG_PREFIX };

/** The contexts Sentry documents as searchable, read first; then the others by name. */
const DOCUMENTED = ['browser', 'os', 'device', 'runtime', 'app', 'culture', 'trace', 'gpu'];

/**
 * Keys that differ on every event (ids, free memory, start times): never a facet, they would only fill their key's
 * value cap and "other" bucket. The trace id is found through the trace view.
 */
const PER_EVENT: Record<string, ReadonlySet<string>> = {
  trace: new Set(['trace_id', 'span_id', 'parent_span_id']),
  device: new Set([
    'free_memory',
    'usable_memory',
    'free_storage',
    'external_free_storage',
    'boot_time',
    'battery_temperature',
  ]),
  app: new Set(['app_start_time', 'app_memory', 'free_memory']),
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A scalar as the search compares it: text as sent, a number or boolean as JSON writes it; null otherwise. */
function searchable(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** `[name, value]` of each flag of `contexts.flags.values` (`{ flag, result }`), the last evaluation of a name winning. */
export function flagPairs(contexts: unknown): [string, string][] {
  const values = isRecord(contexts) && isRecord(contexts.flags) ? contexts.flags.values : undefined;
  if (!Array.isArray(values)) return [];
  const out = new Map<string, string>();
  for (const f of values.slice(-MAX_FLAGS_PER_EVENT)) {
    if (!isRecord(f) || typeof f.flag !== 'string' || f.flag === '') continue;
    const value = searchable(f.result);
    if (value === null) continue;
    out.delete(f.flag);
    out.set(f.flag, value);
  }
  return [...out];
}

/**
 * `[contexts.<name>.<key>, value]` for each top-level scalar of each context (flags aside, nested values aside), the
 * documented contexts first, the rest by name, keys sorted: the same pairs whatever order the stored JSON gives
 * back (erasure derives them again from the stored event).
 */
export function contextPairs(contexts: unknown): [string, string][] {
  if (!isRecord(contexts)) return [];
  const names = Object.keys(contexts).filter((n) => n !== 'flags' && isRecord(contexts[n]));
  const documented = DOCUMENTED.filter((n) => names.includes(n));
  const others = names.filter((n) => !DOCUMENTED.includes(n)).sort();
  const out: [string, string][] = [];
  for (const name of [...documented, ...others]) {
    const c = contexts[name] as Record<string, unknown>;
    const skip = PER_EVENT[name];
    for (const key of Object.keys(c).sort()) {
      if (skip?.has(key)) continue;
      const value = searchable(c[key]);
      if (value === null) continue;
      out.push([`${CONTEXT_PREFIX}${name}.${key}`, value]);
      if (out.length >= MAX_CONTEXT_PAIRS_PER_EVENT) return out;
    }
  }
  return out;
}
