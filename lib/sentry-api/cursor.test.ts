import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { forwardCursors, formatCursor, linkHeader, offsetCursors, parseCursor } from './cursor';

const key = (r: { k: number }) => r.k;
const rows = (...ks: number[]) => ks.map((k, i) => ({ k, i }));

describe("Sentry's cursors", () => {
  it('reads value:offset:is_prev; absent or empty is the first page', () => {
    expect(parseCursor(undefined)).toBeNull();
    expect(parseCursor('')).toBeNull();
    expect(parseCursor('1700000000000:7:0')).toEqual({ value: 1700000000000, offset: 7, isPrev: false });
    expect(parseCursor('0:100:1')).toEqual({ value: 0, offset: 100, isPrev: true });
    expect(formatCursor({ value: 5, offset: 2, isPrev: true })).toBe('5:2:1');
  });

  it.each(['x', '1:2', '1:2:3', '1:2:0:4', '1.5:0:0', '1:-2:0', '1:100001:0', '99999999999999999:0:0'])(
    '%j is "Invalid cursor parameter."',
    (text) => {
      expect(() => parseCursor(text)).toThrow(new AppError('BAD_REQUEST', 'Invalid cursor parameter.'));
    },
  );

  it('the next cursor starts at the first row not shown, skipping the rows of its key already shown', () => {
    // Page of 3 from the first page; the extra row (key 7) shares its key with the last two shown.
    const page = forwardCursors(rows(9, 7, 7, 7), key, { limit: 3, cursor: null });
    expect(page.rows.map(key)).toEqual([9, 7, 7]);
    expect(page.next).toEqual({ value: 7, offset: 2, isPrev: false, hasResults: true });
    expect(page.prev).toEqual({ value: 0, offset: 0, isPrev: true, hasResults: false });
  });

  it('a page all of one key carries the cursor’s own skip forward', () => {
    const page = forwardCursors(rows(7, 7, 7, 7), key, { limit: 3, cursor: { value: 7, offset: 2, isPrev: false } });
    expect(page.next).toMatchObject({ value: 7, offset: 5, hasResults: true });
    expect(page.prev).toEqual({ value: 7, offset: 2, isPrev: true, hasResults: true });
  });

  it('a new key after the cursor’s: only this page’s rows of it are skipped', () => {
    const page = forwardCursors(rows(7, 5, 4, 4), key, { limit: 3, cursor: { value: 7, offset: 2, isPrev: false } });
    expect(page.next).toMatchObject({ value: 4, offset: 1, hasResults: true });
  });

  it('the last page says there is nothing next; a cursor of key 0 is still a cursor', () => {
    expect(forwardCursors(rows(3, 2), key, { limit: 3, cursor: null }).next.hasResults).toBe(false);
    expect(forwardCursors([], key, { limit: 3, cursor: { value: 0, offset: 4, isPrev: false } }).prev.hasResults).toBe(
      true,
    );
  });

  it('offset cursors are 0:<offset>:<is_prev>', () => {
    expect(offsetCursors(0, 100, true)).toEqual({
      prev: { value: 0, offset: 0, isPrev: true, hasResults: false },
      next: { value: 0, offset: 100, isPrev: false, hasResults: true },
    });
    expect(offsetCursors(200, 100, false).prev).toEqual({ value: 0, offset: 100, isPrev: true, hasResults: true });
  });

  it('the Link header is Sentry’s, byte for byte, the request’s query kept and its cursor replaced', () => {
    const header = linkHeader('https://t.example/api/0/organizations/acme/issues/?query=is%3Aunresolved&cursor=5:1:0', {
      prev: { value: 5, offset: 1, isPrev: true, hasResults: true },
      next: { value: 3, offset: 0, isPrev: false, hasResults: false },
    });
    expect(header).toBe(
      '<https://t.example/api/0/organizations/acme/issues/?query=is%3Aunresolved&cursor=5:1:1>; rel="previous"; results="true"; cursor="5:1:1", ' +
        '<https://t.example/api/0/organizations/acme/issues/?query=is%3Aunresolved&cursor=3:0:0>; rel="next"; results="false"; cursor="3:0:0"',
    );
    expect(
      linkHeader('https://t.example/api/0/x/', {
        prev: { value: 0, offset: 0, isPrev: true, hasResults: false },
        next: { value: 0, offset: 0, isPrev: false, hasResults: false },
      }),
    ).toMatch(/^<https:\/\/t\.example\/api\/0\/x\/\?&cursor=0:0:1>/);
  });
});
