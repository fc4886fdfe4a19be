// Sentry's cursor pagination, as its API answers it (src/sentry/utils/cursors.py, api/base.py): a cursor is
// `<value>:<offset>:<is_prev>`, where value is the sort key of the row the page starts at (a time in milliseconds,
// a count) and offset how many rows of that same key to skip; every list answers a `Link` header with a
// `previous` and a `next` cursor, each saying whether it has results. Pure: no I/O.
import { AppError } from '@/lib/errors';

export type Cursor = { value: number; offset: number; isPrev: boolean };
export type CursorLink = Cursor & { hasResults: boolean };

/** Most rows a cursor may skip: a deeper offset is a cursor no list of ours made. */
const MAX_OFFSET = 100_000;

/** The `cursor` parameter; absent or empty is the first page; anything else malformed is Sentry's 400. */
export function parseCursor(text: string | undefined): Cursor | null {
  if (text === undefined || text === '') return null;
  const m = /^(-?\d{1,16}):(\d{1,7}):([01])$/.exec(text);
  const value = m ? Number(m[1]) : NaN;
  const offset = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(value) || offset > MAX_OFFSET)
    throw new AppError('BAD_REQUEST', 'Invalid cursor parameter.');
  return { value, offset, isPrev: m[3] === '1' };
}

export const formatCursor = (c: Cursor) => `${c.value}:${c.offset}:${c.isPrev ? 1 : 0}`;

/**
 * The next cursor of a page read forwards, from the rows fetched for it (up to limit + 1 in the order shown: the
 * extra row says there is more) and their keys, as Sentry's build_cursor makes it: it starts at the key of the
 * first row not shown and skips the rows of that key the page showed. The previous cursor is the page's own start.
 * Unlike Sentry, a cursor whose key is 0 (issues no user has seen, sorted by users) is a cursor, not the first page.
 */
export function forwardCursors<T>(
  rows: T[],
  key: (row: T) => number,
  page: { limit: number; cursor: Cursor | null },
): { rows: T[]; prev: CursorLink; next: CursorLink } {
  const { limit } = page;
  const { value, offset } = page.cursor ?? { value: 0, offset: 0 };
  const prev: CursorLink = { value, offset, isPrev: true, hasResults: page.cursor !== null };
  const n = rows.length;
  if (n === 0) return { rows, prev, next: { value, offset, isPrev: false, hasResults: false } };
  const nextValue = key(rows[n - 1]);
  // Rows of the next page's first key already shown: this page's (sorted, so they end it), and the cursor's own skip.
  let nextOffset = nextValue === value ? offset : 0;
  for (let i = n - 2; i >= 0 && key(rows[i]) === nextValue; i--) nextOffset++;
  return {
    rows: rows.slice(0, limit),
    prev,
    next: { value: nextValue, offset: nextOffset, isPrev: false, hasResults: n > limit },
  };
}

/** Cursors of a list paged by offset (Sentry's OffsetPaginator: `0:<offset>:<is_prev>`). */
export function offsetCursors(offset: number, limit: number, hasMore: boolean): { prev: CursorLink; next: CursorLink } {
  return {
    prev: { value: 0, offset: Math.max(0, offset - limit), isPrev: true, hasResults: offset > 0 },
    next: { value: 0, offset: offset + limit, isPrev: false, hasResults: hasMore },
  };
}

/**
 * Sentry's `Link` header: the request's own URL without its cursor, once for `previous` and once for `next`:
 * `<url&cursor=…>; rel="previous"; results="false"; cursor="…", <…>; rel="next"; results="true"; cursor="…"`.
 */
export function linkHeader(requestUrl: string, links: { prev: CursorLink; next: CursorLink }): string {
  const url = new URL(requestUrl);
  url.searchParams.delete('cursor');
  const query = url.searchParams.toString();
  const base = `${url.origin}${url.pathname}?${query}`;
  const one = (name: string, c: CursorLink) =>
    `<${base}&cursor=${formatCursor(c)}>; rel="${name}"; results="${c.hasResults}"; cursor="${formatCursor(c)}"`;
  return `${one('previous', links.prev)}, ${one('next', links.next)}`;
}
