import { afterEach, describe, expect, it } from 'vitest';
import { takeIngestToken } from './rate-limit';

const previous = process.env.INGEST_RATE_LIMIT_PER_SECOND;
afterEach(() => {
  if (previous === undefined) delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
  else process.env.INGEST_RATE_LIMIT_PER_SECOND = previous;
});

describe('takeIngestToken', () => {
  it('allows a burst of 10× the rate, then refills at the rate per second', () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '5';
    const key = `k-${Math.random()}`;
    const t = 1_000;
    const burst = Array.from({ length: 51 }, () => takeIngestToken(key, t));
    expect(burst.filter(Boolean)).toHaveLength(50);
    expect(burst[50]).toBe(false);
    expect(takeIngestToken(key, t + 100)).toBe(false); // 0.5 token
    expect(takeIngestToken(key, t + 200)).toBe(true); // 1 token
    expect(takeIngestToken(key, t + 200)).toBe(false);
    // Never more than the burst, however long the pause.
    const later = Array.from({ length: 60 }, () => takeIngestToken(key, t + 3_600_000));
    expect(later.filter(Boolean)).toHaveLength(50);
  });

  it('keys have separate buckets; the default is 100/s with a burst of 1000', () => {
    delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
    const a = `a-${Math.random()}`;
    const b = `b-${Math.random()}`;
    const taken = Array.from({ length: 1001 }, () => takeIngestToken(a, 0));
    expect(taken.filter(Boolean)).toHaveLength(1000);
    expect(takeIngestToken(b, 0)).toBe(true);
    expect(takeIngestToken(a, 10)).toBe(true);
  });
});
