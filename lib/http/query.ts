import { validationError } from '@/lib/errors';

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
