import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '@/lib/envelope/parse-envelope';
import { parseProfile, type ProfileRow } from './parse-profile';
import { functionStats, histogramQuantile, sampleWeights, type StoredProfile } from '@/lib/profiles/samples';

const FIXTURES = path.join(__dirname, '../../../../tests/fixtures/profiles');

/** The profile item of an envelope recorded from a real SDK, parsed as of the time it was sent. */
function recorded(file: string): ProfileRow {
  const parsed = parseEnvelope(fs.readFileSync(path.join(FIXTURES, file)));
  if (!parsed.ok) throw new Error('fixture is not an envelope');
  const item = parsed.envelope.items.find((i) => String(i.header.type).startsWith('profile'))!;
  const payload = JSON.parse(item.payload.toString('utf8'));
  const sentAt = Date.parse(String(parsed.envelope.header.sent_at));
  const r = parseProfile({ payload, type: String(item.header.type), path: ['items', 0], now: sentAt });
  if (!('row' in r)) throw new Error(JSON.stringify(r.invalid));
  return r.row;
}

/** The row as the writer stores it, with one id per distinct frame. */
function stored(row: ProfileRow): StoredProfile {
  const keys = row.frames.map((f) => `${f.function}|${f.file}|${f.line}|${f.col}`);
  return {
    threads: row.threads,
    frames: keys.map((k) => keys.indexOf(k)),
    stacks: row.stacks,
    t: row.samples.t,
    stack: row.samples.stack,
    thread: row.samples.thread,
    window: row.window,
    truncatedStacks: row.truncatedStacks,
  };
}

describe('profiles recorded from real SDKs', () => {
  it('a Python transaction profile (version 1, sentry-python 1.9.10): its transaction, thread and busiest function', () => {
    const row = recorded('sentry-python-1.9.10-transaction-profile.envelope');
    expect(row).toMatchObject({
      kind: 'transaction',
      id: '35a7a417c40c4a82812d231a8c8cc6db',
      traceId: '0e74e3acccc043a59c4756e35b25f13f',
      transactionId: 'f875fe81801c476884103c0bc09af7db',
      transaction: 'generic WSGI request',
      platform: 'python',
      release: 'prof@1.0.0',
    });
    expect(row.samples.t).toHaveLength(60);
    expect(row.window).toMatchObject({ startMs: 0, threadId: '139782081638464' });
    expect(row.window!.endMs).toBeCloseTo(600.125014, 5);
    const index = (name: string) => row.frames.findIndex((f) => f.function === name);
    expect(row.frames[index('fibonacci_heavy')]).toMatchObject({ file: '/tmp/prof/app.py', inApp: true });
    expect(row.frames[index('__call__')].inApp).toBe(false);
    const p = stored(row);
    const fib = functionStats(p).get(p.frames[index('fibonacci_heavy')])!;
    const total = sampleWeights(p.t, p.thread).reduce((a, b) => a + b, 0);
    // The heavy function is on nearly every sample, and counted once however deep it recurses.
    expect(fib.totalMs).toBeGreaterThan(0.9 * total);
    expect(fib.totalMs).toBeLessThanOrEqual(total + 1e-9);
  });

  it('a Node profile chunk (version 2, @sentry/profiling-node 11.1.0): absolute times, the main thread, stacks leaf first', () => {
    const row = recorded('sentry-node-11.1.0-profile-chunk.envelope');
    expect(row).toMatchObject({
      kind: 'continuous',
      id: 'df27429ef0664322ac0811c7e755cc7e',
      profilerId: '20c8f544989940de8e5bf4038267ceff',
      platform: 'node',
      threads: [{ id: '0', name: 'main' }],
      window: null,
    });
    expect(row.startedAt.toISOString()).toBe('2026-11-26T20:17:40.926Z');
    expect(row.samples.t[0]).toBe(0);
    const p = stored(row);
    const stats = functionStats(p);
    const fib = row.frames.findIndex((f) => f.function === 'fibonacciHeavy');
    expect(row.frames[fib].inApp).toBe(true);
    const busiest = [...stats].sort((a, b) => b[1].selfMs - a[1].selfMs)[0][0];
    expect(row.frames[p.frames.indexOf(busiest)].function).toBe('fibonacciHeavy');
    // The busy loop runs once for 800 ms: one call of busyLoop, its duration near that.
    const busy = stats.get(p.frames[row.frames.findIndex((f) => f.function === 'busyLoop')])!;
    expect(busy.calls).toBe(1);
    expect(histogramQuantile(busy.histogram, 0.75)).toBeGreaterThan(650);
    expect(histogramQuantile(busy.histogram, 0.75)).toBeLessThan(1000);
  });
});

describe('refusals name the field', () => {
  const NOW = Date.UTC(2026, 10, 26);
  const chunk = (profile: unknown) =>
    parseProfile({
      payload: { chunk_id: 'a'.repeat(32), profiler_id: 'b'.repeat(32), platform: 'node', version: '2', profile },
      type: 'profile_chunk',
      path: ['items', 1],
      now: NOW,
    });
  const at = NOW / 1000;
  const frames = [{ function: 'a', abs_path: '/app/a.js', lineno: 1 }];
  const one = (extra: Record<string, unknown>) => [{ stack_id: 0, thread_id: '0', timestamp: at, ...extra }];
  it.each([
    [
      'a sample pointing at no stack',
      { samples: one({ stack_id: 3 }), stacks: [[0]], frames },
      ['items', 1, 'profile', 'samples', 0, 'stack_id'],
      'Must point at one of the 1 stacks',
    ],
    [
      'a stack pointing at no frame',
      { samples: one({}), stacks: [[0, 7]], frames },
      ['items', 1, 'profile', 'stacks', 0, 1],
      'Must point at one of the 1 frames',
    ],
    [
      'a timestamp in 1970',
      { samples: one({ timestamp: 5 }), stacks: [[0]], frames },
      ['items', 1, 'profile', 'samples', 0, 'timestamp'],
      'Must be a time between 2001 and a day from now',
    ],
    [
      'a timestamp a year ahead',
      { samples: one({ timestamp: at + 365 * 86400 }), stacks: [[0]], frames },
      ['items', 1, 'profile', 'samples', 0, 'timestamp'],
      'Must be a time between 2001 and a day from now',
    ],
    [
      'samples two hours apart',
      { samples: [...one({ timestamp: at - 7200 }), ...one({})], stacks: [[0]], frames },
      ['items', 1, 'profile', 'samples'],
      'The samples may span at most an hour',
    ],
    [
      'no samples',
      { samples: [], stacks: [], frames: [] },
      ['items', 1, 'profile', 'samples'],
      'A profile needs at least one sample',
    ],
    ['no profile', undefined, ['items', 1, 'profile'], 'Must be an object with samples, stacks and frames'],
  ])('%s', (_name, profile, path, message) => {
    expect(chunk(profile)).toEqual({ invalid: [{ path, message }] });
  });

  it('a stack deeper than 1,000 frames keeps its outermost 1,000 and is counted', () => {
    const deep = Array.from({ length: 5000 }, (_, i) => i);
    const r = chunk({ samples: one({}), stacks: [deep], frames: deep.map((i) => ({ function: `f${i}` })) });
    if (!('row' in r)) throw new Error('refused');
    expect(r.row.truncatedStacks).toBe(1);
    expect(r.row.stacks[0]).toHaveLength(1000);
    expect(r.row.stacks[0][999]).toBe(4999);
  });
});
