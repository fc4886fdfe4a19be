import { describe, expect, it } from 'vitest';
import { fastErrorEnvelope } from './fast-error-envelope';
import { errorEnvelopeSchema } from './schemas';
import { errorEnvelopeFromSentry } from './sentry/map-event';

const LINE = (i: number) => `    r${i} = handler(req, data.get("k${i}"))`;

/** A Sentry SDK's error event as it arrives (outermost frame first). */
function sentryEvent(i: number): Record<string, unknown> {
  return {
    event_id: `A1B2C3D4E5F6${String(i).padStart(20, '0')}`,
    timestamp: 1_780_000_000 + i,
    level: 'error',
    platform: 'python',
    environment: 'production',
    release: 'shop@2.14.0',
    server_name: 'web-1',
    transaction: '/orders/{id}',
    exception: {
      // Oldest first: the cause, then the exception thrown.
      values: [
        { type: 'ValueError', value: 'cause', stacktrace: { frames: [{ filename: 'a.py', lineno: 1 }] } },
        {
          type: 'KeyError',
          value: `'item-${i}'`,
          module: 'builtins',
          mechanism: { type: 'django', handled: false },
          stacktrace: {
            frames: Array.from({ length: 6 }, (_, f) => ({
              filename: `app/views/orders_${f}.py`,
              abs_path: `/srv/app/views/orders_${f}.py`,
              module: `app.views.orders_${f}`,
              function: `handler_${f}`,
              lineno: 100 + f,
              colno: 3,
              in_app: f > 2,
              pre_context: [1, 2, 3, 4, 5, 6, 7].map((k) => LINE(k)),
              context_line: LINE(0),
              post_context: [1, 2, 3, 4, 5, 6, 7].map((k) => LINE(k)),
            })),
          },
        },
      ],
    },
    breadcrumbs: {
      values: Array.from({ length: 15 }, (_, b) => ({
        type: 'default',
        category: 'query',
        message: 'SELECT 1',
        level: 'info',
        timestamp: 1_780_000_000 + b,
        data: { duration_ms: b, url: 'https://api.example.com/v1/prices?token=abc' },
      })),
    },
    contexts: {
      runtime: { name: 'CPython', version: '3.11.2', build: 'x'.repeat(1200) },
      os: { name: 'Linux', version: '6.1.0', kernel_version: '6.1.0-18-amd64' },
      browser: { name: 'Chrome', version: '120.0', extra_flag: true },
      trace: { trace_id: 'ab'.repeat(16), span_id: 'a1b2c3d4e5f60718', op: 'http.server' },
      order: { id: `o-${i}`, lines: [{ sku: 'a', qty: 2 }], paid: true },
      flags: { values: [{ flag: 'new-checkout', result: i % 2 === 0 }] },
    },
    tags: { 'http.method': 'POST', url: `/orders/${i}` },
    user: { id: `user-${i}`, email: 'u@example.com', ip_address: '{{auto}}', username: 'u'.repeat(300) },
    request: {
      url: 'https://shop.example/orders/1?x=1',
      method: 'POST',
      headers: { 'User-Agent': 'Mozilla/5.0', Authorization: 'Bearer abc' },
      query_string: 'x=1',
      cookies: 'session=abc; theme=dark',
      data: { card: '4111 1111 1111 1111' },
    },
    sdk: { name: 'sentry.python', version: '1.40.0' },
    extra: { order: { id: 42, lines: [1, 2, 3] }, note: 'hello' },
    modules: { django: '4.2.0', requests: '2.31.0' },
    logentry: { message: 'Order %s failed', params: [42, { a: 1 }] },
    debug_meta: { images: [{ type: 'sourcemap', code_file: 'app.js', debug_id: 'x' }] },
    fingerprint: ['{{ default }}', `order-${i % 3}`],
  };
}

/** Our native envelope as a client sends it. */
function nativeEvent(i: number): Record<string, unknown> {
  return {
    exception: {
      type: 'TypeError',
      value: `x is undefined ${i}`,
      stacktrace: { frames: [{ filename: 'app.js', lineno: 10, function: 'render', colno: 4 }] },
    },
    timestamp: 1_780_000_000_000 + i,
    environment: 'staging',
    release: '1.0.0',
    user: { id: 'u1', email: 'a@b.c' },
    breadcrumbs: [{ type: 'navigation', message: '/home', timestamp: 1_780_000_000_000 }],
    tags: { page: 'home' },
    request: { url: 'https://x.example/', method: 'GET', headers: { accept: 'text/html' } },
    contexts: { browser: { name: 'Firefox', version: '121' }, os: { name: 'Mac OS' } },
    event_id: 'ABCDEF0123456789ABCDEF0123456789',
  };
}

/** The invariant: whatever the fast path answers, zod answers the same (or the fast path leaves it to zod). */
function check(json: unknown): 'fast' | 'zod' {
  const fast = fastErrorEnvelope(json);
  const zod = errorEnvelopeSchema.safeParse(json);
  if (fast === null) return 'zod';
  expect(zod.success, JSON.stringify(json)).toBe(true);
  expect(fast).toEqual(zod.data);
  return 'fast';
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

describe('fastErrorEnvelope', () => {
  it('reads realistic native and Sentry-mapped events exactly as the schema does (cuts, defaults, lower-cased id)', () => {
    for (let i = 0; i < 20; i++) {
      expect(check(nativeEvent(i))).toBe('fast');
      expect(check(errorEnvelopeFromSentry(sentryEvent(i)).json)).toBe('fast');
    }
    const mapped = fastErrorEnvelope(errorEnvelopeFromSentry(sentryEvent(1)).json)!;
    expect(mapped.event_id).toBe(`a1b2c3d4e5f6${'1'.padStart(20, '0')}`);
    expect(mapped.exception.stacktrace.frames[0].pre_context).toHaveLength(5);
    expect(mapped.user?.username).toHaveLength(200);
    expect(mapped.contexts?.runtime?.build).toHaveLength(1000);
    expect(mapped.contexts?.order).toEqual({ id: 'o-1', lines: [{ sku: 'a', qty: 2 }], paid: true });
    expect(fastErrorEnvelope({ exception: nativeEvent(0).exception })?.level).toBe('error');
    // Contexts past their caps are cut the same way on both paths.
    const wide = Object.fromEntries(Array.from({ length: 60 }, (_, k) => [`k${k}`, { text: 'x'.repeat(900) }]));
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, k) => [`c${k}`, { v: 'y'.repeat(1500) }]));
    expect(check({ ...nativeEvent(0), contexts: { wide, os: { name: 'Linux', extra: 'z'.repeat(2000) } } })).toBe(
      'fast',
    );
    expect(check({ ...nativeEvent(0), contexts: many })).toBe('fast');
  });

  it('copies what the schema copies: scrubbing the result leaves the parsed payload alone', () => {
    const input = nativeEvent(0) as { tags: Record<string, string> };
    const out = fastErrorEnvelope(input)!;
    out.tags!.page = '[Filtered]';
    expect(input.tags.page).toBe('home');
  });

  it('leaves to zod what the schema refuses or drops', () => {
    const e = nativeEvent(0);
    expect(fastErrorEnvelope({ ...e, level: 'loud' })).toBeNull();
    expect(fastErrorEnvelope({ ...e, event_id: 'nope' })).toBeNull();
    expect(fastErrorEnvelope({ ...e, timestamp: 12 })).toBeNull();
    expect(fastErrorEnvelope({ ...e, platform: 42 })).toBeNull();
    expect(fastErrorEnvelope({ ...e, tags: { a: null } })).toBeNull();
    expect(fastErrorEnvelope({ ...e, breadcrumbs: Array.from({ length: 101 }, () => ({ type: 'x' })) })).toBeNull();
    expect(fastErrorEnvelope({ ...e, extra: { big: 'x'.repeat(20_000) } })).toBeNull();
    expect(fastErrorEnvelope({ ...e, contexts: { order: 'not an object' } })).toBeNull();
    expect(fastErrorEnvelope({ ...e, contexts: { browser: { name: 5 } } })).toBeNull();
    expect(
      fastErrorEnvelope(JSON.parse('{"exception":{"type":"E","value":"v","stacktrace":{"frames":[]}}}')),
    ).toBeNull();
    expect(
      fastErrorEnvelope(JSON.parse(`{"tags":{"__proto__":"x"},"exception":${JSON.stringify(e.exception)}}`)),
    ).toBeNull();
    expect(fastErrorEnvelope([])).toBeNull();
  });

  it('never answers differently from the schema, over thousands of mutated events', () => {
    const values: unknown[] = [
      null,
      0,
      -1,
      1.5,
      2 ** 60,
      1_780_000_000_000,
      '',
      'x'.repeat(250),
      'ABCDEF0123456789ABCDEF0123456789',
      '{{auto}}',
      '10.0.0.1',
      true,
      [],
      ['a'],
      [1, 2],
      {},
      { a: 'b' },
      { name: 'n', version: 1 },
      { type: 't' },
      { frames: [] },
      { frames: [{ filename: 'f', lineno: 1 }] },
      undefined,
    ];
    // A small deterministic generator, so a failure repeats.
    let seed = 51;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const paths = (v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) => {
      if (typeof v === 'object' && v !== null) {
        for (const [k, x] of Object.entries(v)) {
          const p = [...prefix, Array.isArray(v) ? Number(k) : k];
          out.push(p);
          paths(x, p, out);
        }
      }
      return out;
    };
    let fast = 0;
    let zod = 0;
    for (let i = 0; i < 3000; i++) {
      const base = clone(i % 2 === 0 ? nativeEvent(i) : errorEnvelopeFromSentry(sentryEvent(i)).json);
      const all = paths(base);
      for (let m = 0; m < 1 + rand(2); m++) {
        const p = all[rand(all.length)];
        let target = base as Record<string | number, unknown>;
        for (const k of p.slice(0, -1)) target = target[k] as Record<string | number, unknown>;
        const last = p[p.length - 1];
        if (rand(5) === 0) delete target[last];
        else target[last] = clone(values[rand(values.length)]);
      }
      if (check(base) === 'fast') fast++;
      else zod++;
    }
    // Both paths are exercised.
    expect(fast).toBeGreaterThan(300);
    expect(zod).toBeGreaterThan(300);
    // Thousands of cases: about 3 s alone, more when the API suite shares the CPU.
  }, 60_000);
});
