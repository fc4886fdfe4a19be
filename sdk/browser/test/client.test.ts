import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureException, captureMessage, close, init, setTag, setUser } from '../src/index';
import type { ErrorEvent as TrackerEvent } from '../src/types';

const DSN = 'https://pk_test@errors.example.com/17';
const INGEST = 'https://errors.example.com/api/v1/ingest/17/envelope';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36';

let fetchMock: ReturnType<typeof vi.fn>;
const sent = (): TrackerEvent[] =>
  fetchMock.mock.calls.filter((c) => c[0] === INGEST).map((c) => JSON.parse(c[1].body));
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => CHROME_MAC });
  history.replaceState(null, '', '/app/page?x=1');
});
afterEach(() => {
  close();
  delete (navigator as unknown as Record<string, unknown>).userAgent;
});

describe('error envelope', () => {
  it('has exactly the server format', async () => {
    init({ dsn: DSN, environment: 'production', release: 'web@1.4.0' });
    setUser({ id: 'u1', email: 'a@b.c' });
    setTag('plan', 'pro');
    setTag('seats', 12 as unknown as string);
    const err = new TypeError('x is not a function');
    err.stack =
      'TypeError: x is not a function\n    at run (https://app.example.com/main.js:10:5)\n    at https://app.example.com/main.js:20:1';
    const id = captureException(err, { tags: { feature: 'checkout', attempt: 2 }, level: 'fatal' });
    await tick();
    const events = sent();
    expect(events).toHaveLength(1);
    const e = events[0];
    expect(Object.keys(e).sort()).toEqual(
      [
        'breadcrumbs',
        'contexts',
        'environment',
        'event_id',
        'exception',
        'level',
        'release',
        'request',
        'tags',
        'timestamp',
        'user',
      ].filter((k) => k !== 'breadcrumbs'),
    );
    expect(e.exception).toEqual({
      type: 'TypeError',
      value: 'x is not a function',
      stacktrace: {
        frames: [
          { filename: 'https://app.example.com/main.js', function: 'run', lineno: 10, colno: 5 },
          { filename: 'https://app.example.com/main.js', lineno: 20, colno: 1 },
        ],
      },
    });
    expect(e.level).toBe('fatal');
    expect(typeof e.timestamp).toBe('number');
    expect(Math.abs(e.timestamp - Date.now())).toBeLessThan(5000);
    expect(e.environment).toBe('production');
    expect(e.release).toBe('web@1.4.0');
    expect(e.user).toEqual({ id: 'u1', email: 'a@b.c' });
    expect(e.tags).toEqual({ plan: 'pro', seats: '12', feature: 'checkout', attempt: '2' });
    expect(e.request).toEqual({ url: 'http://localhost:3000/app/page?x=1', headers: { 'User-Agent': CHROME_MAC } });
    expect(e.contexts).toEqual({
      browser: { name: 'Chrome', version: '124.0.6367.91' },
      os: { name: 'macOS', version: '10.15.7' },
    });
    expect(e.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(e.event_id).toBe(id);
  });

  it('uses the synthetic frame when no frame can be parsed', async () => {
    init({ dsn: DSN });
    const err = new Error('no stack');
    err.stack = 'Error: no stack\n    at <anonymous>';
    captureException(err);
    await tick();
    expect(sent()[0].exception.stacktrace.frames).toEqual([
      { filename: 'http://localhost:3000/app/page?x=1', lineno: 1 },
    ]);
    expect(sent()[0].level).toBe('error');
  });

  it('omits optional fields that are not set', async () => {
    init({ dsn: DSN });
    captureException(new Error('plain'));
    await tick();
    const e = sent()[0];
    for (const k of ['environment', 'release', 'user', 'tags', 'breadcrumbs']) expect(e).not.toHaveProperty(k);
  });

  it('captureMessage sends type Message with a call-site stack', async () => {
    init({ dsn: DSN });
    captureMessage('user clicked pay twice');
    captureMessage('disk almost full', 'warning');
    await tick();
    const [a, b] = sent();
    expect(a.exception.type).toBe('Message');
    expect(a.exception.value).toBe('user clicked pay twice');
    expect(a.level).toBe('info');
    expect(b.level).toBe('warning');
    const frames = a.exception.stacktrace.frames;
    expect(frames.length).toBeGreaterThan(0);
    // the SDK's own captureMessage frame is removed; the call site (this test file) comes first
    expect(frames[0].filename).toContain('client.test.ts');
    for (const f of frames) expect(Number.isInteger(f.lineno) && f.lineno > 0).toBe(true);
  });

  it('non-Error values: type Error with String/JSON value', async () => {
    init({ dsn: DSN });
    captureException('just a string');
    captureException({ code: 42, reason: 'nope' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => captureException(cyclic)).not.toThrow();
    await tick();
    expect(sent().map((e) => [e.exception.type, e.exception.value])).toEqual([
      ['Error', 'just a string'],
      ['Error', '{"code":42,"reason":"nope"}'],
      ['Error', '[object Object]'],
    ]);
  });

  it('invalid levels fall back to the default', async () => {
    init({ dsn: DSN });
    captureException(new Error('e'), { level: 'critical' as never });
    captureMessage('m', 'loud' as never);
    await tick();
    expect(sent().map((e) => e.level)).toEqual(['error', 'info']);
  });
});

describe('global handlers', () => {
  it('captures window error events', async () => {
    init({ dsn: DSN });
    const err = new RangeError('index out of range');
    err.stack = 'RangeError: index out of range\n    at pick (https://app.example.com/list.js:3:11)';
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: err,
        message: 'Uncaught RangeError: index out of range',
        filename: 'https://app.example.com/list.js',
        lineno: 3,
        colno: 11,
      }),
    );
    await tick();
    const e = sent()[0];
    expect(e.exception.type).toBe('RangeError');
    expect(e.exception.value).toBe('index out of range');
    expect(e.exception.stacktrace.frames[0]).toEqual({
      filename: 'https://app.example.com/list.js',
      function: 'pick',
      lineno: 3,
      colno: 11,
    });
  });

  it('cross-origin "Script error." uses the event location', async () => {
    init({ dsn: DSN });
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Script error.',
        filename: 'https://cdn.other.com/x.js',
        lineno: 7,
        colno: 2,
      }),
    );
    await tick();
    expect(sent()[0].exception).toEqual({
      type: 'Error',
      value: 'Script error.',
      stacktrace: { frames: [{ filename: 'https://cdn.other.com/x.js', lineno: 7, colno: 2 }] },
    });
  });

  it('captures unhandled rejections (Error and non-Error reasons)', async () => {
    init({ dsn: DSN });
    const ev1 = Object.assign(new Event('unhandledrejection'), { reason: new Error('fetch failed') });
    const ev2 = Object.assign(new Event('unhandledrejection'), { reason: { status: 503 } });
    const ev3 = Object.assign(new Event('unhandledrejection'), { reason: undefined });
    window.dispatchEvent(ev1);
    window.dispatchEvent(ev2);
    window.dispatchEvent(ev3);
    await tick();
    expect(sent().map((e) => [e.exception.type, e.exception.value])).toEqual([
      ['Error', 'fetch failed'],
      ['UnhandledRejection', '{"status":503}'],
      ['UnhandledRejection', 'undefined'],
    ]);
  });

  it('does not report the same Error object twice', async () => {
    init({ dsn: DSN });
    const err = new Error('once');
    captureException(err);
    window.dispatchEvent(new ErrorEvent('error', { error: err, message: 'once' }));
    await tick();
    expect(sent()).toHaveLength(1);
  });

  it('stops capturing after close()', async () => {
    init({ dsn: DSN });
    close();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), message: 'late' }));
    captureException(new Error('late 2'));
    await tick();
    expect(sent()).toHaveLength(0);
  });
});

describe('beforeSend', () => {
  it('can modify the event (tags are coerced to strings afterwards)', async () => {
    init({
      dsn: DSN,
      beforeSend: (event) => {
        event.exception.value = event.exception.value.replace(/\d{4}-\d{4}/, '[card]');
        event.tags = { ...(event.tags || {}), scrubbed: true as unknown as string };
        return event;
      },
    });
    captureException(new Error('card 1234-5678 declined'));
    await tick();
    const e = sent()[0];
    expect(e.exception.value).toBe('card [card] declined');
    expect(e.tags).toEqual({ scrubbed: 'true' });
  });

  it('null drops the event', async () => {
    const beforeSend = vi.fn((event: TrackerEvent) => (event.exception.value.includes('ignore') ? null : event));
    init({ dsn: DSN, beforeSend });
    captureException(new Error('please ignore me'));
    captureException(new Error('keep me'));
    await tick();
    expect(beforeSend).toHaveBeenCalledTimes(2);
    expect(sent().map((e) => e.exception.value)).toEqual(['keep me']);
  });

  it('a throwing beforeSend drops the event and does not throw into the page', async () => {
    init({
      dsn: DSN,
      beforeSend: () => {
        throw new Error('bug in hook');
      },
    });
    expect(() => captureException(new Error('x'))).not.toThrow();
    await tick();
    expect(sent()).toHaveLength(0);
  });
});

describe('debug IDs (sentry-cli sourcemaps inject)', () => {
  afterEach(() => {
    delete (globalThis as { _sentryDebugIds?: unknown })._sentryDebugIds;
  });

  it("sends debug_meta.images for the stack's files that carry one, once per file", async () => {
    (globalThis as { _sentryDebugIds?: unknown })._sentryDebugIds = {
      'Error\n    at https://cdn.example.com/main.3f9a1c2b.js:1:120\n    at https://cdn.example.com/main.3f9a1c2b.js:1:300':
        'cc4332ab-4618-58a4-abe2-8bfdc47e4edb',
      'Error\n    at https://cdn.example.com/vendor.js:1:50': '11111111-2222-3333-4444-555555555555',
    };
    init({ dsn: DSN, release: 'web@2' });
    const err = new TypeError('boom');
    err.stack =
      'TypeError: boom\n    at e (https://cdn.example.com/main.3f9a1c2b.js:2:40)\n    at o (https://cdn.example.com/main.3f9a1c2b.js:2:70)\n    at https://other.example.com/x.js:1:1';
    captureException(err);
    await tick();
    const [e] = sent();
    expect(e.release).toBe('web@2');
    expect(e.debug_meta).toEqual({
      images: [
        {
          type: 'sourcemap',
          code_file: 'https://cdn.example.com/main.3f9a1c2b.js',
          debug_id: 'cc4332ab-4618-58a4-abe2-8bfdc47e4edb',
        },
      ],
    });
  });

  it('no injected IDs: no debug_meta', async () => {
    init({ dsn: DSN });
    const err = new Error('x');
    err.stack = 'Error: x\n    at f (https://cdn.example.com/main.js:1:1)';
    captureException(err);
    await tick();
    expect(sent()[0].debug_meta).toBeUndefined();
  });
});
