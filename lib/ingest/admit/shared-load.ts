/**
 * `load(key)`, shared by every caller that asks for the same key while it runs: cache misses that arrive together
 * (the first envelopes after a start) make one query, not one each on a pool connection of its own (#65). The entry
 * goes once the load settles, so a failed load is tried again by the next caller; the caller stores what it caches
 * inside `load`, before that.
 */
export function sharedLoad<K, V>(pending: Map<K, Promise<V>>, key: K, load: (key: K) => Promise<V>): Promise<V> {
  let p = pending.get(key);
  if (!p) {
    p = load(key);
    pending.set(key, p);
    p.finally(() => pending.delete(key)).catch(() => {});
  }
  return p;
}
