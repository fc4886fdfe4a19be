// Key changes (disable, delete, project delete) are announced so caches of public keys drop them at once.
type Listener = (publicKeys: string[]) => void;
const g = globalThis as unknown as { trackerKeyListeners?: Set<Listener> };
const listeners = (g.trackerKeyListeners ??= new Set());

export function onKeysChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function keysChanged(publicKeys: string[]): void {
  for (const l of listeners) l(publicKeys);
}
