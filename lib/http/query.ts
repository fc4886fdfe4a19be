import { validationError } from '@/lib/errors';
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

export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** A search's pagination when its count stopped at `cap`: `total` is then a lower bound, marked `totalCapped`. */
export function cappedPagination({
  page,
  limit,
  counted,
  cap,
}: {
  page: number;
  limit: number;
  counted: number;
  cap: number;
}) {
  return counted > cap ? { ...pagination(page, limit, cap), totalCapped: true } : pagination(page, limit, counted);
}

/** A keyset cursor of a list ordered by (time, id) descending: the last row's `<ISO time>|<id>`. */
export const cursorOf = (at: Date, id: string) => `${at.toISOString()}|${id}`;

/** Reads a cursor made by cursorOf (its id of the list's shape, when given); anything else is a 400 on `cursor`. */
export function readCursor(cursor: string, idShape?: RegExp): { at: Date; id: string } {
  const i = cursor.indexOf('|');
  const at = new Date(i < 0 ? NaN : cursor.slice(0, i));
  const id = i < 0 ? '' : cursor.slice(i + 1);
  if (!id || Number.isNaN(at.getTime()) || (idShape && !idShape.test(id)))
    throw validationError([{ path: ['query', 'cursor'], message: 'Not a cursor from this list' }]);
  return { at, id };
}
