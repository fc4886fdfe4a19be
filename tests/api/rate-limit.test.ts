import { afterEach, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createIngestLimiter } from '@/lib/ingest/admit/rate-limit';
import { db } from '@/lib/db';

const previous = process.env.INGEST_RATE_LIMIT_PER_SECOND;
afterEach(() => {
  if (previous === undefined) delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
  else process.env.INGEST_RATE_LIMIT_PER_SECOND = previous;
});

const freshKey = () => `test-${crypto.randomBytes(8).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ingest rate limit shared by every instance', () => {
  it('two instances hammering one key together get the burst once, not once each', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '10';
    const key = freshKey();
    const a = createIngestLimiter();
    const b = createIngestLimiter();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 400 }, (_, i) => (i % 2 ? a : b).reserve(key)));
    const seconds = (performance.now() - started) / 1000;
    const granted = results.filter(Boolean).length;
    // Burst 100 plus what refilled while the test ran; two per-instance buckets would have allowed 200.
    expect(granted).toBeGreaterThanOrEqual(100);
    expect(granted).toBeLessThanOrEqual(100 + Math.ceil(10 * seconds) + 1);
  });

  it('refills at the rate per second, shared: what one instance spends the other cannot', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1';
    const key = freshKey();
    const a = createIngestLimiter();
    const b = createIngestLimiter();
    let drained = 0;
    while (await a.reserve(key)) drained++;
    expect(drained).toBeGreaterThanOrEqual(10);
    expect(drained).toBeLessThanOrEqual(11);
    expect(await b.reserve(key)).toBe(false);
    const slept = performance.now();
    await sleep(3000);
    // About three tokens came back in those seconds, to be shared by both.
    let got = 0;
    for (let i = 0; i < 20; i++) if (await (i % 2 ? a : b).reserve(key)) got++;
    const seconds = (performance.now() - slept) / 1000;
    expect(got).toBeGreaterThanOrEqual(2);
    expect(got).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  it('a request needing several tokens takes them all or none; more than the burst is never granted', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '5';
    const key = freshKey();
    const a = createIngestLimiter();
    expect(await a.reserve(key, 51)).toBe(false);
    expect(await a.reserve(key, 30)).toBe(true);
    expect(await a.reserve(key, 30)).toBe(false);
    expect(await a.reserve(key, 15)).toBe(true);
  });

  it('keys have separate buckets, kept in PostgreSQL', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1';
    const [k1, k2] = [freshKey(), freshKey()];
    const a = createIngestLimiter();
    while (await a.reserve(k1));
    expect(await a.reserve(k2)).toBe(true);
    const rows = await db.rateLimitBucket.findMany({ where: { key: { in: [k1, k2] } }, orderBy: { key: 'asc' } });
    expect(rows.map((r) => r.key).sort()).toEqual([k1, k2].sort());
    expect(rows.find((r) => r.key === k1)!.tokens).toBeLessThan(1);
  });

  it('a flood against a dry bucket is refused locally without a query per request', async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '2';
    const key = freshKey();
    const a = createIngestLimiter();
    while (await a.reserve(key));
    const before = (await db.rateLimitBucket.findUniqueOrThrow({ where: { key } })).updatedAt;
    const refused = await Promise.all(Array.from({ length: 100 }, () => a.reserve(key)));
    expect(refused.every((r) => r === false)).toBe(true);
    expect((await db.rateLimitBucket.findUniqueOrThrow({ where: { key } })).updatedAt).toEqual(before);
  });
});
