// Compact attributes (#51): a log line's attributes are stored without the keys a column of its row already holds
// (sentry.message.template as `template`, sentry.environment as `environment`, sentry.release as `release`: about a
// quarter of what @sentry/node sends a line) and put back when read, so the API answers the bag as it was sent.
// A key is left out only where putting it back is exact: its value is the column's, and the column could not have
// come from another key (deployment.environment, service.version) with the same value.
import type { JsonObject } from '@/lib/envelope/parse-envelope';

type Columns = { template: string | null; environment: string | null; release: string | null };

/** The attribute each column repeats, and the keys the column may have come from instead (first 200 characters). */
export const DUPLICATE_KEYS = [
  { key: 'sentry.message.template', column: 'template', others: [] },
  {
    key: 'sentry.environment',
    column: 'environment',
    others: ['deployment.environment', 'deployment.environment.name'],
  },
  { key: 'sentry.release', column: 'release', others: ['service.version'] },
] as const;

const fromOther = (a: JsonObject | null, others: readonly string[], value: string) =>
  others.some((k) => typeof a?.[k] === 'string' && (a[k] as string).slice(0, 200) === value);

/** The attributes to store: without the keys whose value a column holds (null when nothing else is left). */
export function compactAttributes(a: JsonObject | null, cols: Columns): JsonObject | null {
  if (!a) return a;
  let out: JsonObject | null = null;
  for (const d of DUPLICATE_KEYS) {
    const value = cols[d.column];
    if (value === null || a[d.key] !== value || fromOther(a, d.others, value)) continue;
    out ??= { ...a };
    delete out[d.key];
  }
  if (!out) return a;
  return Object.keys(out).length > 0 ? out : null;
}

/** The attributes as sent: stored ones with the left-out keys put back from their columns. */
export function restoreAttributes(a: JsonObject | null, cols: Columns): JsonObject | null {
  let out = a;
  for (const d of DUPLICATE_KEYS) {
    const value = cols[d.column];
    if (value === null || (out && d.key in out) || fromOther(out, d.others, value)) continue;
    out = { ...out, [d.key]: value };
  }
  return out;
}

/**
 * SQL for an attribute's value as sent (`key` is the parameter holding the attribute's name), for the logs page's
 * attribute filter: the stored value, else the column's when the key was left out.
 */
export function attributeValueSql(keyParam: string, key: string): string {
  const d = DUPLICATE_KEYS.find((x) => x.key === key);
  if (!d) return `attributes ->> ${keyParam}`;
  const notOther = d.others.map((k) => ` AND left(attributes ->> '${k}', 200) IS DISTINCT FROM ${d.column}`).join('');
  return `coalesce(attributes ->> ${keyParam}, CASE WHEN true${notOther} THEN ${d.column} END)`;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The jsonb bags whose containment (`attributes @> …`, which the GIN index of attributes answers) finds every stored
 * line where the attribute's value as sent reads `value`: the value as a string, and as the number, boolean, object
 * or array its text spells. A superset: the equality of attributeValueSql still decides. None for a key a column may
 * hold instead (its value may not be in the bag), or for text jsonb cannot hold (NUL).
 */
export function attributeContainments(key: string, value: string): string[] {
  if (DUPLICATE_KEYS.some((d) => d.key === key) || key.includes('\0') || value.includes('\0')) return [];
  const k = JSON.stringify(key);
  const out = [`{${k}:${JSON.stringify(value)}}`];
  if (JSON_NUMBER.test(value) || value === 'true' || value === 'false') out.push(`{${k}:${value}}`);
  else if (value.startsWith('{') || value.startsWith('[')) {
    try {
      JSON.parse(value);
      out.push(`{${k}:${value}}`);
    } catch {
      // Not JSON: only a string reads as it.
    }
  }
  return out;
}
