// The full-fidelity mapping of a Sentry event, field by field, and its malformed variants (each a clear issue
// with a path, or the field dropped; never a throw).
import { describe, expect, it } from 'vitest';
import type { ErrorUnit } from '@/lib/envelope/validate-envelope';
import { prepareItems } from '@/lib/ingest/protocols/sentry/prepare-items';

const T = 1_700_000_000;
const base = {
  event_id: 'a'.repeat(32),
  timestamp: T,
  exception: { values: [{ type: 'E', value: 'v', stacktrace: { frames: [{ filename: 'a.py', lineno: 1 }] } }] },
};

function unit(event: Record<string, unknown>): ErrorUnit {
  const r = prepareItems('store', Buffer.from(JSON.stringify(event)));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.units[0] as ErrorUnit;
}
const mapped = (patch: Record<string, unknown>) => unit({ ...base, ...patch }).envelope;
const frameOf = (f: Record<string, unknown>) =>
  mapped({
    exception: { values: [{ type: 'E', value: 'v', stacktrace: { frames: [{ filename: 'a.py', lineno: 3, ...f }] } }] },
  }).exception.stacktrace.frames[0];

describe('frames: every field', () => {
  it.each([
    ['abs_path', { abs_path: '/srv/app/a.py' }, { abs_path: '/srv/app/a.py' }],
    ['module', { module: 'app.billing' }, { module: 'app.billing' }],
    ['in_app true', { in_app: true }, { in_app: true }],
    ['in_app false', { in_app: false }, { in_app: false }],
    ['platform', { platform: 'python' }, { platform: 'python' }],
    ['context_line', { context_line: '    raise X' }, { context_line: '    raise X' }],
    [
      'pre_context: the 5 lines nearest the frame',
      { pre_context: ['1', '2', '3', '4', '5', '6', '7'] },
      { pre_context: ['3', '4', '5', '6', '7'] },
    ],
    [
      'post_context: the 5 lines after',
      { post_context: ['1', '2', '3', '4', '5', '6'] },
      { post_context: ['1', '2', '3', '4', '5'] },
    ],
    ['a context line over 200 characters is cut', { context_line: 'x'.repeat(500) }, { context_line: 'x'.repeat(200) }],
    [
      'filename from abs_path when missing',
      { filename: undefined, abs_path: '/srv/b.py' },
      { filename: '/srv/b.py', abs_path: '/srv/b.py' },
    ],
    [
      'filename from module when both missing',
      { filename: undefined, module: 'pkg.mod' },
      { filename: 'pkg.mod', module: 'pkg.mod' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(frameOf(patch)).toMatchObject(expected);
  });

  it.each([
    ['in_app a string', { in_app: 'yes' }, 'in_app'],
    ['abs_path a number', { abs_path: 5 }, 'abs_path'],
    ['pre_context a string', { pre_context: 'line' }, 'pre_context'],
    ['context_line an object', { context_line: { a: 1 } }, 'context_line'],
    ['module an array', { module: ['m'] }, 'module'],
  ])('malformed %s: the field is dropped, the frame kept', (_name, patch, field) => {
    const f = frameOf(patch);
    expect(f.lineno).toBe(3);
    expect(f).not.toHaveProperty(field);
  });

  it("function '?' is dropped", () => {
    expect(frameOf({ function: '?' })).not.toHaveProperty('function');
  });

  it('non-string context lines are skipped; 10,000 frames keep the innermost 250', () => {
    expect(frameOf({ pre_context: [1, 'a', null, 'b'] }).pre_context).toEqual(['a', 'b']);
    const frames = Array.from({ length: 10_000 }, (_, i) => ({ filename: `f${i}.py`, lineno: i + 1 }));
    const out = mapped({ exception: { values: [{ type: 'E', value: 'v', stacktrace: { frames } }] } }).exception
      .stacktrace.frames;
    expect(out).toHaveLength(250);
    expect(out[0].filename).toBe('f9999.py');
  });

  it('the innermost 250 objects among other values, unusable frames dropped after the cut; members in one order', () => {
    // 400 entries: every third not an object, every seventh object without a usable line number.
    const sent = Array.from({ length: 400 }, (_, i) =>
      i % 3 === 0 ? [null, 'x', 5][i % 9 === 0 ? 0 : 1] : { filename: `f${i}.py`, lineno: i % 7 === 0 ? 0 : i },
    );
    const objects = sent.filter((f): f is { filename: string; lineno: number } => typeof f === 'object' && f !== null);
    const expected = objects
      .slice(-250)
      .filter((f) => f.lineno > 0)
      .reverse()
      .map((f) => f.filename);
    const out = mapped({ exception: { values: [{ type: 'E', value: 'v', stacktrace: { frames: sent } }] } }).exception
      .stacktrace.frames;
    expect(out.map((f) => f.filename)).toEqual(expected);
    const full = frameOf({
      context_line: 'c',
      post_context: ['d'],
      pre_context: ['b'],
      platform: 'python',
      in_app: true,
      package: 'p',
      module: 'm',
      abs_path: '/srv/a.py',
      colno: 2,
      function: 'f',
    });
    expect(Object.keys(full)).toEqual([
      'filename',
      'lineno',
      'function',
      'colno',
      'abs_path',
      'module',
      'package',
      'in_app',
      'platform',
      'context_line',
      'pre_context',
      'post_context',
    ]);
  });

  it('the last 100 breadcrumb objects among other values, in order, each member once in one order', () => {
    const sent = Array.from({ length: 150 }, (_, i) =>
      i % 4 === 0 ? 'not a crumb' : { data: { i }, timestamp: T + i, message: i, level: 'info', category: 'c' },
    );
    const out = mapped({ breadcrumbs: { values: sent } }).breadcrumbs!;
    const kept = sent.filter((b) => typeof b === 'object').slice(-100);
    expect(out.map((b) => b.data)).toEqual(kept.map((b) => (b as { data: unknown }).data));
    expect(Object.keys(out[0])).toEqual(['type', 'message', 'timestamp', 'data', 'category', 'level']);
    expect(out[0]).toMatchObject({ type: 'default', category: 'c', level: 'info', message: expect.any(String) });
  });
});

describe('the exception chain', () => {
  const chain = {
    values: [
      {
        type: 'KeyError',
        value: "'id'",
        module: 'builtins',
        mechanism: { type: 'chained', source: '__context__', exception_id: 1, parent_id: 0 },
        stacktrace: { frames: [{ filename: 'c.py', lineno: 1 }] },
      },
      { type: 'ValueError', value: 'bad', stacktrace: { frames: [{ filename: 'b.py', lineno: 2 }] } },
      {
        type: 'RuntimeError',
        value: 'top',
        mechanism: { type: 'logging', handled: true, synthetic: false, extra: 1 },
        stacktrace: { frames: [{ filename: 'a.py', lineno: 3 }] },
      },
    ],
  };
  it('thrown (last) exception on top with its mechanism; causes from the nearest to the root, each with frames', () => {
    const e = mapped({ exception: chain }).exception;
    expect([e.type, e.value, e.mechanism]).toEqual([
      'RuntimeError',
      'top',
      { type: 'logging', handled: true, synthetic: false },
    ]);
    expect(e.causes).toEqual([
      { type: 'ValueError', value: 'bad', stacktrace: { frames: [{ filename: 'b.py', lineno: 2 }] } },
      {
        type: 'KeyError',
        value: "'id'",
        module: 'builtins',
        mechanism: { type: 'chained', source: '__context__', exception_id: 1, parent_id: 0 },
        stacktrace: { frames: [{ filename: 'c.py', lineno: 1 }] },
      },
    ]);
  });
  it('a chain of 50 keeps the 10 nearest causes; a mechanism without type is "generic"; a non-object mechanism is dropped', () => {
    const values = Array.from({ length: 51 }, (_, i) => ({
      type: `E${i}`,
      value: '',
      mechanism: i === 49 ? { handled: false } : 'x',
    }));
    const e = mapped({ exception: { values } }).exception;
    expect(e.causes?.map((c) => c.type)).toEqual([
      'E49',
      'E48',
      'E47',
      'E46',
      'E45',
      'E44',
      'E43',
      'E42',
      'E41',
      'E40',
    ]);
    expect(e.causes?.[0].mechanism).toEqual({ type: 'generic', handled: false });
    expect(e.mechanism).toBeUndefined();
  });
});

describe('logentry, message and the rest of the event', () => {
  it.each([
    [
      'logentry with params, unformatted: formatted here',
      { logentry: { message: 'Payment %s for %d', params: ['p_1', 7] } },
      { message: 'Payment %s for %d', params: ['p_1', 7], formatted: 'Payment p_1 for 7' },
    ],
    [
      'logentry formatted by the SDK: kept',
      { logentry: { message: 'x {}', params: [1], formatted: 'x one' } },
      { message: 'x {}', params: [1], formatted: 'x one' },
    ],
    [
      'the older message interface',
      { message: { message: 'Hello %s', params: ['w'] } },
      { message: 'Hello %s', params: ['w'], formatted: 'Hello w' },
    ],
    [
      'object params become JSON text',
      { logentry: { message: '%s', params: [{ a: 1 }] } },
      { message: '%s', params: ['{"a":1}'], formatted: '{"a":1}' },
    ],
    ['a plain string message has no template', { message: 'Disk full' }, undefined],
  ])('%s', (_name, patch, expected) => {
    const { exception: _, ...noException } = { ...base, ...patch };
    expect(unit(noException).envelope.logentry).toEqual(expected);
  });

  it('a message without exception or stack is stackless and its value is the formatted text', () => {
    const u = unit({ logentry: { message: 'retry %d', params: [3] }, logger: 'jobs', level: 'warning' });
    expect([u.stackless, u.envelope.exception.type, u.envelope.exception.value, u.envelope.logger]).toEqual([
      true,
      'Message',
      'retry 3',
      'jobs',
    ]);
    expect(unit({ message: 'm', stacktrace: { frames: [{ filename: 'x.py', lineno: 4 }] } }).stackless).toBe(false);
    expect(unit(base).stackless).toBe(false);
  });

  it.each([
    [
      'contexts: every one sent, nested values included (a type repeating the name and null names left out)',
      {
        contexts: {
          runtime: { name: 'CPython', version: '3.11.2', build: { nested: true } },
          os: { name: 'Linux', version: 6, kernel_version: '6.1', build: null },
          browser: { name: 'Chrome', version: '120', type: 'browser' },
          device: { model: 'Pixel 8', battery_level: 80, charging: false, type: 'device' },
          app: { app_version: '2.4.0' },
          trace: { trace_id: 't', span_id: 's', data: { a: 1 } },
          culture: { locale: 'fr-FR', timezone: 'Europe/Paris' },
          gpu: { name: 'x', type: 'gpu' },
          order: { id: 'o-1', lines: [{ sku: 'a', qty: 2 }], type: 'checkout' },
          flags: { values: [{ flag: 'new-checkout', result: true }] },
          state: { state: { type: 'redux', value: { cart: { items: 3 } } } },
        },
      },
      'contexts',
      {
        runtime: { name: 'CPython', version: '3.11.2', build: { nested: true } },
        os: { name: 'Linux', version: '6', kernel_version: '6.1', build: null },
        browser: { name: 'Chrome', version: '120' },
        device: { model: 'Pixel 8', battery_level: 80, charging: false },
        app: { app_version: '2.4.0' },
        trace: { trace_id: 't', span_id: 's', data: { a: 1 } },
        culture: { locale: 'fr-FR', timezone: 'Europe/Paris' },
        gpu: { name: 'x' },
        order: { id: 'o-1', lines: [{ sku: 'a', qty: 2 }], type: 'checkout' },
        flags: { values: [{ flag: 'new-checkout', result: true }] },
        state: { state: { type: 'redux', value: { cart: { items: 3 } } } },
      },
    ],
    [
      'contexts: one that is not an object, or empty, is left out',
      { contexts: { a: 'text', b: [1, 2], c: null, d: {}, e: { type: 'e' }, f: { ok: 1 } } },
      'contexts',
      { f: { ok: 1 } },
    ],
    [
      'sdk name and version',
      { sdk: { name: 'sentry.python', version: '1.9.10', integrations: ['logging'] } },
      'sdk',
      { name: 'sentry.python', version: '1.9.10' },
    ],
    ['server_name', { server_name: 'worker-1' }, 'server_name', 'worker-1'],
    ['logger', { logger: 'billing' }, 'logger', 'billing'],
    ['transaction', { transaction: '/checkout' }, 'transaction', '/checkout'],
    ['platform', { platform: 'python' }, 'platform', 'python'],
    ['extra', { extra: { job: { attempt: 3 }, flag: true } }, 'extra', { job: { attempt: 3 }, flag: true }],
    ['modules', { modules: { django: '4.2', bad: 1 } }, 'modules', { django: '4.2' }],
    ['a server_name over 200 characters is cut', { server_name: 's'.repeat(300) }, 'server_name', 's'.repeat(200)],
  ])('%s', (_name, patch, field, expected) => {
    expect((mapped(patch) as Record<string, unknown>)[field]).toEqual(expected);
  });

  it('size caps: extra keeps the keys that fit in 16 KiB, modules the first 500, a context its first 50 keys', () => {
    const extra = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'x'.repeat(1000)]));
    const e = mapped({
      extra,
      modules: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`m${i}`, '1'])),
      contexts: { device: Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`d${i}`, i])) },
    });
    expect(Buffer.byteLength(JSON.stringify(e.extra))).toBeLessThanOrEqual(16_384);
    expect(Object.keys(e.extra ?? {}).length).toBe(16);
    expect(Object.keys(e.modules ?? {})).toHaveLength(500);
    expect(Object.keys(e.contexts?.device ?? {})).toHaveLength(50);
  });

  it('context caps, as extra: keys in order while the context fits in 16 KiB, top-level text cut to 1,000 characters, 64 KiB and 50 contexts in all', () => {
    const big = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, { text: 'x'.repeat(1000) }]));
    const one = mapped({
      contexts: { order: big, app: { build: 'b'.repeat(3000), nested: { long: 'n'.repeat(3000) } } },
    });
    expect(Buffer.byteLength(JSON.stringify(one.contexts?.order))).toBeLessThanOrEqual(16_384);
    expect(Object.keys(one.contexts?.order ?? {})).toEqual(Array.from({ length: 16 }, (_, i) => `k${i}`));
    expect(one.contexts?.app).toEqual({ build: 'b'.repeat(1000), nested: { long: 'n'.repeat(3000) } });

    const many = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`c${i}`, { v: { text: 'y'.repeat(12_000) } }]),
    );
    const total = mapped({ contexts: many }).contexts ?? {};
    expect(Object.keys(total)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(Buffer.byteLength(JSON.stringify(total))).toBeLessThanOrEqual(65_536);

    const names = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`n${i}`, { i }]));
    expect(Object.keys(mapped({ contexts: names }).contexts ?? {})).toHaveLength(50);
  });

  it.each([
    ['sdk a string', { sdk: 'sentry' }, 'sdk'],
    ['logger a number', { logger: 5 }, 'logger'],
    ['server_name an object', { server_name: {} }, 'server_name'],
    ['extra an array', { extra: [1, 2] }, 'extra'],
    ['modules a string', { modules: 'django' }, 'modules'],
    ['contexts a string', { contexts: 'linux' }, 'contexts'],
    ['logentry without a message', { logentry: { params: [1] } }, 'logentry'],
    ['platform an array', { platform: ['python'] }, 'platform'],
  ])('malformed %s: dropped, the event kept', (_name, patch, field) => {
    expect(mapped(patch)).not.toHaveProperty(field);
  });
});

describe('malformed events → a clear issue with a path', () => {
  // Built as text: JSON.stringify of such values would itself recurse.
  const deep = (d: number) => '['.repeat(d) + ']'.repeat(d);
  const withField = (field: string, json: string) => JSON.stringify(base).replace(/}$/, `,"${field}":${json}}`);
  it.each([
    ['extra nested 40 deep', withField('extra', `{"k":${deep(40)}}`), ['extra']],
    ['tags nested 10,000 deep', withField('tags', `{"k":${deep(10_000)}}`), ['tags']],
    ['tags pairs nested 100,000 deep', withField('tags', `[["k",${deep(100_000)}]]`), ['tags']],
    ['a breadcrumb nested 100 deep', withField('breadcrumbs', `[{"data":{"a":${deep(100)}}}]`), ['breadcrumbs']],
    ['a timestamp that is no time', withField('timestamp', '"soon"'), ['timestamp']],
    ['level of another type', withField('level', '5'), ['level']],
  ])('%s', (_name, body, path) => {
    const r = prepareItems('store', Buffer.from(body));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0].path).toEqual(path);
  });
});
