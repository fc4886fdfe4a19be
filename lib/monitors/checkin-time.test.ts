import { describe, expect, it } from 'vitest';
import { checkInTime, MAX_CLOCK_DRIFT_MS } from './checkin-time';
import { parseCheckIn } from '@/lib/ingest/items/check-ins';

const arrived = new Date('2026-11-26T17:00:00.000Z');
const before = (ms: number) => new Date(arrived.getTime() - ms);

describe('checkInTime', () => {
  it.each([
    ['no time of its own: the arrival', null, arrived],
    ['sent 3 s before it arrived: when it was sent', before(3_000), before(3_000)],
    ['sent at the drift bound: when it was sent', before(MAX_CLOCK_DRIFT_MS), before(MAX_CLOCK_DRIFT_MS)],
    ['a clock an hour behind: the arrival', before(MAX_CLOCK_DRIFT_MS + 1), arrived],
    ['a clock ahead (sent after it arrived): the arrival', before(-1_000), arrived],
  ])('%s', (_label, sentAt, expected) => {
    expect(checkInTime(sentAt, arrived).toISOString()).toBe(expected.toISOString());
  });
});

describe('a check-in’s own time', () => {
  const base = { check_in_id: 'a'.repeat(32), monitor_slug: 'job', status: 'ok' };
  const sentAtOf = (payload: object, header?: unknown) => {
    const r = parseCheckIn(payload as never, ['items', 0], header);
    if (Array.isArray(r)) throw new Error(JSON.stringify(r));
    return r.sentAt?.toISOString() ?? null;
  };

  it.each([
    ['the envelope’s sent_at (JavaScript, Go)', base, '2026-11-26T16:59:58.250Z', '2026-11-26T16:59:58.250Z'],
    [
      'its timestamp before sent_at (Python, Ruby)',
      { ...base, timestamp: '2026-11-26T16:59:57.000000Z' },
      '2026-11-26T16:59:58Z',
      '2026-11-26T16:59:57.000Z',
    ],
    ['a timestamp in seconds', { ...base, timestamp: 1_795_712_397.5 }, undefined, '2026-11-26T16:59:57.500Z'],
    ['none', base, undefined, null],
    ['a time without a zone is not read', { ...base, timestamp: '2026-11-26T16:59:57' }, 'yesterday', null],
    ['garbage is not read, and not refused', { ...base, timestamp: { at: 1 } }, 42n, null],
  ])('%s', (_label, payload, header, expected) => {
    expect(sentAtOf(payload, header)).toBe(expected);
  });
});
