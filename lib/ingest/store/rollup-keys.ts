// What an error event contributes to its issue's rollups (tags seen, distinct users), capped so that a
// hostile client cannot grow the rollup tables without bound. The per-issue caps live in the batch SQL.
import { MAX_TAG_LENGTH } from '@/lib/envelope/schemas';
import { contextPairs, FLAG_PREFIX, flagPairs } from './context-keys';

/** Tag pairs kept per event (environment and release included). */
export const MAX_TAGS_PER_EVENT = 50;
export { MAX_TAG_LENGTH };
/**
 * Distinct keys kept per issue, in each of three namespaces (tags, `flags.*`, `contexts.*`); later keys are left
 * out of the rollup (the raw event keeps them).
 */
export const MAX_TAG_KEYS_PER_ISSUE = 100;
/** Distinct values kept per key and issue; later values are counted in the key's "other" bucket. */
export const MAX_TAG_VALUES_PER_KEY = 100;

export type RollupKeys = {
  /** [key, value] pairs, one per key: tags, then `flags.<name>` and `contexts.<name>.<key>` (./context-keys.ts). */
  tags: [string, string][];
  /** `id:…`, else `email:…`, else `ip:…`; null for an anonymous event. */
  user: string | null;
};

type RollupSource = {
  tags?: Record<string, string> | null;
  environment?: string | null;
  release?: string | null;
  user?: { id?: string; email?: string; ip_address?: string } | null;
  contexts?: unknown;
};

/** The first MAX_TAG_LENGTH characters, never ending on half a surrogate pair. */
function cut(s: string): string {
  if (s.length <= MAX_TAG_LENGTH) return s;
  const end = /[\uD800-\uDBFF]/.test(s[MAX_TAG_LENGTH - 1]) ? MAX_TAG_LENGTH - 1 : MAX_TAG_LENGTH;
  return s.slice(0, end);
}

export function rollupKeysOf(src: RollupSource): RollupKeys {
  const tags: [string, string][] = [];
  const seen = new Set<string>();
  let tagCount = 0;
  const add = (key: string, value: string): boolean => {
    const k = cut(key);
    if (seen.has(k)) return false;
    seen.add(k);
    tags.push([k, cut(value)]);
    return true;
  };
  // The event's own environment and release win over tags of the same name, and its flags and contexts over tags
  // named like them; each has its own cap (context-keys.ts), so a busy context never crowds out a tag.
  const addTag = (key: string, value: string) => {
    if (tagCount < MAX_TAGS_PER_EVENT && add(key, value)) tagCount++;
  };
  if (src.environment != null) addTag('environment', src.environment);
  if (src.release != null) addTag('release', src.release);
  for (const [name, value] of flagPairs(src.contexts)) add(`${FLAG_PREFIX}${name}`, value);
  for (const [key, value] of contextPairs(src.contexts)) add(key, value);
  if (src.tags)
    for (const key in src.tags)
      if (Object.hasOwn(src.tags, key) && typeof src.tags[key] === 'string') addTag(key, src.tags[key]);
  return { tags, user: userKeyOf(src.user) };
}

function userKeyOf(u: RollupSource['user']): string | null {
  if (!u) return null;
  if (typeof u.id === 'string') return cut(`id:${u.id}`);
  if (typeof u.email === 'string') return cut(`email:${u.email.toLowerCase()}`);
  if (typeof u.ip_address === 'string') return cut(`ip:${u.ip_address}`);
  return null;
}
