import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@/lib/envelope/decode-body';
import { bodyCapFor, LARGE_BODY_SLOTS, MAX_ENVELOPE_BYTES } from './large-bodies';

describe('large ingest bodies', () => {
  it('only Sentry envelopes that declare more than 1 MiB (and at most 10 MiB) get the envelope cap, a few at a time', () => {
    for (const [endpoint, length] of [
      ['native', String(5 * 1024 * 1024)],
      ['store', String(5 * 1024 * 1024)],
      ['envelope', String(MAX_BODY_BYTES)],
      ['envelope', null],
      ['envelope', String(MAX_ENVELOPE_BYTES + 1)],
    ] as const) {
      const r = bodyCapFor(endpoint, length);
      expect(r === 'busy' ? r : r.cap, `${endpoint} ${length}`).toBe(MAX_BODY_BYTES);
    }
    const held = Array.from({ length: LARGE_BODY_SLOTS }, () => bodyCapFor('envelope', String(2 * 1024 * 1024)));
    expect(held.map((h) => (h === 'busy' ? h : h.cap))).toEqual(Array(LARGE_BODY_SLOTS).fill(MAX_ENVELOPE_BYTES));
    expect(bodyCapFor('envelope', String(2 * 1024 * 1024))).toBe('busy');
    // Small bodies never wait for a slot.
    expect(bodyCapFor('envelope', '100')).toMatchObject({ cap: MAX_BODY_BYTES });
    const first = held[0];
    if (first !== 'busy') {
      first.release();
      first.release();
    }
    const again = bodyCapFor('envelope', String(2 * 1024 * 1024));
    expect(again === 'busy' ? again : again.cap).toBe(MAX_ENVELOPE_BYTES);
    expect(bodyCapFor('envelope', String(2 * 1024 * 1024))).toBe('busy');
    for (const h of [...held.slice(1), again]) if (h !== 'busy') h.release();
  });
});
