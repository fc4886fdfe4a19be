// Query-string values: integers clamped into range, enums that drop what they do not know, pagination.
import { z } from 'zod';

/** An integer query value clamped into [min, max]; a missing or non-numeric value takes the default. */
export function clampedInt(def: number, min: number, max: number) {
  return z.preprocess((v) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
    if (!Number.isFinite(n)) return def;
    return Math.min(max, Math.max(min, Math.trunc(n)));
  }, z.number().int());
}

/** An enum query value; anything else is treated as absent (the filter is not applied). */
export function lenientEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' && (values as readonly string[]).includes(v) ? v : undefined),
    z.enum(values).optional(),
  );
}

export const paginationQuery = z.object({
  page: clampedInt(1, 1, Number.MAX_SAFE_INTEGER),
  limit: clampedInt(10, 1, 50),
});
