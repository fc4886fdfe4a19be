/**
 * "Chrome 131.0" from a Sentry context's name and version (contexts.browser, os, runtime; a device without a name
 * by its model), or null when it names nothing.
 */
export function contextLabel(contexts: unknown, key: string): string | null {
  const c = isRecord(contexts) ? contexts[key] : undefined;
  if (!isRecord(c)) return null;
  const name = typeof c.name === 'string' && c.name !== '' ? c.name : key === 'device' ? c.model : undefined;
  if (typeof name !== 'string' || name === '') return null;
  return typeof c.version === 'string' || typeof c.version === 'number' ? `${name} ${c.version}` : name;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
