import { gzipSync, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '@/lib/envelope/decode-body';
import { events } from '@/lib/ingest/items/events';
import { sessions } from '@/lib/ingest/items/sessions';
import { prepareItems } from './prepare-items';

const EVENT_ID = '9ec79c33ec9942ab8353589fcb2e04dc';
const T = 1_700_000_000; // seconds, as Sentry sends them

/** Builds an envelope; items with `length: true` get an exact byte length in their header. */
function envelope(
  header: object,
  items: { header: Record<string, unknown>; payload: unknown; length?: boolean }[],
  trailingNewline = true,
) {
  const parts = [JSON.stringify(header)];
  for (const i of items) {
    const payload = typeof i.payload === 'string' ? i.payload : JSON.stringify(i.payload);
    parts.push(JSON.stringify(i.length ? { ...i.header, length: Buffer.byteLength(payload) } : i.header), payload);
  }
  return Buffer.from(parts.join('\n') + (trailingNewline ? '\n' : ''));
}

const sentryError = {
  event_id: EVENT_ID,
  timestamp: T + 0.123,
  platform: 'node',
  level: 'warning',
  environment: 'production',
  release: 'web@1.2.3',
  exception: {
    values: [
      {
        type: 'Error',
        value: 'cause',
        stacktrace: { frames: [{ filename: 'cause.js', lineno: 3, function: 'inner' }] },
      },
      {
        type: 'TypeError',
        value: 'boom',
        stacktrace: {
          frames: [
            { filename: 'node:internal/main', function: 'run', lineno: 10, colno: 5 },
            { filename: '/app/server.js', abs_path: '/app/server.js', function: 'handle', lineno: 42, colno: 7 },
            { filename: '/app/native.js', function: 'noLine' },
            { abs_path: '/app/thrower.js', function: 'throwIt', lineno: 7, colno: 11 },
          ],
        },
      },
    ],
  },
  tags: [
    ['route', '/checkout'],
    ['attempt', 3],
  ],
  user: { id: 42, email: 'a@example.com', ip_address: '{{auto}}' },
  request: { url: 'https://shop.example.com/checkout', method: 'POST', headers: [['User-Agent', 'curl']] },
  contexts: {
    browser: { name: 'Chrome', version: '120.0' },
    os: { name: 'macOS', version: 14 },
    trace: { trace_id: 'x' },
  },
  breadcrumbs: {
    values: Array.from({ length: 120 }, (_, i) => ({
      category: 'console',
      message: `m${i}`,
      timestamp: T + i,
      level: 'info',
    })),
  },
  fingerprint: ['{{ default }}', 'checkout'],
};

function ok(r: ReturnType<typeof prepareItems>) {
  if (!r.ok) throw new Error(`unexpected issues: ${JSON.stringify(r.issues)}`);
  return r;
}

describe('Sentry event → our error envelope', () => {
  it('takes the last exception, reverses frames to innermost first, drops frames without lineno, maps every field', () => {
    const r = ok(
      prepareItems('envelope', envelope({ event_id: EVENT_ID }, [{ header: { type: 'event' }, payload: sentryError }])),
    );
    expect(r.eventId).toBe(EVENT_ID);
    expect(r.units).toHaveLength(1);
    const e = r.units[0].envelope as any;
    expect(e.exception).toEqual({
      type: 'TypeError',
      value: 'boom',
      stacktrace: {
        frames: [
          { filename: '/app/thrower.js', abs_path: '/app/thrower.js', function: 'throwIt', lineno: 7, colno: 11 },
          { filename: '/app/server.js', abs_path: '/app/server.js', function: 'handle', lineno: 42, colno: 7 },
          { filename: 'node:internal/main', function: 'run', lineno: 10, colno: 5 },
        ],
      },
      causes: [
        {
          type: 'Error',
          value: 'cause',
          stacktrace: { frames: [{ filename: 'cause.js', lineno: 3, function: 'inner' }] },
        },
      ],
    });
    expect(e.level).toBe('warning');
    expect(e.timestamp).toBe(1_700_000_000_123);
    expect(e.environment).toBe('production');
    expect(e.release).toBe('web@1.2.3');
    expect(e.tags).toEqual({ route: '/checkout', attempt: '3' });
    // {{auto}} stays until ingest knows the sender's address (lib/scrubbing).
    expect(e.user).toEqual({ id: '42', email: 'a@example.com', ip_address: '{{auto}}' });
    expect(e.request).toEqual({
      url: 'https://shop.example.com/checkout',
      method: 'POST',
      headers: { 'User-Agent': 'curl' },
    });
    expect(e.contexts).toEqual({
      browser: { name: 'Chrome', version: '120.0' },
      os: { name: 'macOS', version: '14' },
      trace: { trace_id: 'x' },
    });
    expect(e.breadcrumbs).toHaveLength(100);
    // Sentry's type (absent: default), category and level are each kept.
    expect(e.breadcrumbs[0]).toEqual({
      type: 'default',
      category: 'console',
      level: 'info',
      message: 'm20',
      timestamp: (T + 20) * 1000,
    });
    expect(e.breadcrumbs[99].message).toBe('m119');
    expect(e.event_id).toBe(EVENT_ID);
    expect(e.fingerprint).toEqual(['{{ default }}', 'checkout']);
  });

  it.each([
    ['log', 'info'],
    ['fatal', 'fatal'],
    ['error', 'error'],
    ['debug', 'debug'],
    ['info', 'info'],
  ])('level %s → %s', (sentry, ours) => {
    const r = ok(prepareItems('store', Buffer.from(JSON.stringify({ ...sentryError, level: sentry }))));
    expect((r.units[0].envelope as any).level).toBe(ours);
  });

  it('a message event becomes type Message; without frames one frame is synthesized from culprit or transaction', () => {
    const message = {
      message: { formatted: 'Disk almost full' },
      level: 'info',
      timestamp: '2024-05-01T10:00:00.250Z',
      culprit: 'jobs/cleanup.py',
    };
    const e = ok(prepareItems('store', Buffer.from(JSON.stringify(message)))).units[0].envelope as any;
    expect(e.exception).toEqual({
      type: 'Message',
      value: 'Disk almost full',
      stacktrace: { frames: [{ filename: 'jobs/cleanup.py', lineno: 1 }] },
    });
    expect(e.timestamp).toBe(Date.parse('2024-05-01T10:00:00.250Z'));

    const logentry = {
      logentry: { message: 'Hello %s', formatted: 'Hello world' },
      transaction: '/home',
      timestamp: '2024-05-01T10:00:00',
    };
    const l = ok(prepareItems('store', Buffer.from(JSON.stringify(logentry)))).units[0].envelope as any;
    expect(l.exception).toEqual({
      type: 'Message',
      value: 'Hello world',
      stacktrace: { frames: [{ filename: '/home', lineno: 1 }] },
    });
    expect(l.timestamp).toBe(Date.UTC(2024, 4, 1, 10));

    const bare = ok(prepareItems('store', Buffer.from('{"exception":{"values":[{"type":"E","value":"v"}]}}'))).units[0]
      .envelope as any;
    expect(bare.exception.stacktrace.frames).toEqual([{ filename: '<unknown>', lineno: 1 }]);
  });

  it('takes the event id from the envelope header when the event has none', () => {
    const { event_id: _, ...noId } = sentryError;
    const r = ok(
      prepareItems(
        'envelope',
        envelope({ event_id: EVENT_ID }, [{ header: { type: 'event' }, payload: noId, length: true }]),
      ),
    );
    expect((r.units[0].envelope as any).event_id).toBe(EVENT_ID);
  });
});

describe('transactions and spans', () => {
  it('a transaction item → name, duration from start_timestamp, end timestamp in ms, trace status, measurements as vitals', () => {
    const tx = {
      type: 'transaction',
      transaction: '/checkout',
      start_timestamp: T,
      timestamp: T + 1.25,
      contexts: { trace: { status: 'internal_error' } },
      measurements: {
        lcp: { value: 2100.5, unit: 'millisecond' },
        cls: { value: 0.05, unit: '' },
        fcp: { value: 900 },
        ttfb: { value: 120 },
        fp: { value: 1 },
      },
    };
    const r = ok(prepareItems('envelope', envelope({}, [{ header: { type: 'transaction' }, payload: tx }])));
    expect(r.units.map((u) => u.envelope)).toEqual([
      {
        type: 'transaction',
        name: '/checkout',
        duration: 1250,
        timestamp: (T + 1.25) * 1000,
        status: 'internal_error',
        vitals: { lcp: 2100.5, cls: 0.05, fcp: 900, ttfb: 120 },
      },
    ]);
  });

  it('span v2: a segment span becomes a transaction, with web vitals from its attributes and from web-vital spans of its trace', () => {
    const trace = 'a'.repeat(32);
    const attr = (value: number) => ({ type: 'double', value });
    const spans = {
      version: 2,
      items: [
        {
          trace_id: trace,
          span_id: '1',
          parent_span_id: '0',
          name: 'resource',
          start_timestamp: T,
          end_timestamp: T + 0.1,
          status: 'ok',
          is_segment: false,
          attributes: {},
        },
        {
          trace_id: trace,
          span_id: '2',
          parent_span_id: '0',
          name: 'lcp',
          start_timestamp: T,
          end_timestamp: T + 1.8,
          status: 'ok',
          is_segment: false,
          attributes: { 'browser.web_vital.lcp.value': attr(1800) },
        },
        {
          trace_id: trace,
          span_id: '3',
          parent_span_id: '0',
          name: 'cls',
          start_timestamp: T,
          end_timestamp: T,
          status: 'ok',
          is_segment: false,
          attributes: { 'browser.web_vital.cls.value': attr(0.02) },
        },
        {
          trace_id: trace,
          span_id: '0',
          name: '/products',
          start_timestamp: T,
          end_timestamp: T + 2.5,
          status: 'ok',
          is_segment: true,
          attributes: {
            'sentry.op': { type: 'string', value: 'pageload' },
            'browser.web_vital.fcp.value': attr(700),
            'browser.web_vital.ttfb.value': attr(90),
          },
        },
        {
          trace_id: 'b'.repeat(32),
          span_id: '9',
          name: 'GET /api',
          start_timestamp: T,
          end_timestamp: T + 0.5,
          status: 'error',
          is_segment: true,
          attributes: {},
        },
      ],
    };
    const r = ok(
      prepareItems(
        'envelope',
        envelope({ sent_at: '2024-01-01T00:00:00Z' }, [
          {
            header: { type: 'span', item_count: 5, content_type: 'application/vnd.sentry.items.span.v2+json' },
            payload: spans,
          },
        ]),
      ),
    );
    expect(r.units.map((u) => [u.path, u.envelope])).toEqual([
      [
        ['items', 0, 'items', 3],
        {
          type: 'transaction',
          name: '/products',
          duration: 2500,
          timestamp: (T + 2.5) * 1000,
          status: 'ok',
          trace_id: trace,
          vitals: { lcp: 1800, cls: 0.02, fcp: 700, ttfb: 90 },
        },
      ],
      [
        ['items', 0, 'items', 4],
        {
          type: 'transaction',
          name: 'GET /api',
          duration: 500,
          timestamp: (T + 0.5) * 1000,
          status: 'error',
          trace_id: 'b'.repeat(32),
        },
      ],
    ]);
  });

  it('a page-load segment named by URL (source url) takes its url.path as the transaction name', () => {
    const str = (value: string) => ({ type: 'string', value });
    const span = {
      trace_id: 'e'.repeat(32),
      span_id: 'f',
      name: 'Pageload',
      start_timestamp: T,
      end_timestamp: T + 1,
      is_segment: true,
      attributes: { 'sentry.segment.name.source': str('url'), 'url.path': str('/products.html') },
    };
    const named = {
      ...span,
      attributes: { 'sentry.segment.name.source': str('route'), 'url.path': str('/products/42') },
      name: '/products/:id',
    };
    const r = ok(
      prepareItems(
        'envelope',
        envelope({}, [{ header: { type: 'span' }, payload: { version: 2, items: [span, named] } }]),
      ),
    );
    expect(r.units.map((u) => (u.envelope as { name: string }).name)).toEqual(['/products.html', '/products/:id']);
  });

  it('a single span object (older streaming SDKs) with is_segment and measurements', () => {
    const span = {
      trace_id: 'c'.repeat(32),
      span_id: 'd',
      description: 'GET /x',
      start_timestamp: T,
      timestamp: T + 0.02,
      is_segment: true,
      measurements: { ttfb: { value: 15 } },
    };
    const r = ok(prepareItems('envelope', envelope({}, [{ header: { type: 'span' }, payload: span }])));
    expect(r.units.map((u) => u.envelope)).toEqual([
      {
        type: 'transaction',
        name: 'GET /x',
        duration: 20,
        timestamp: (T + 0.02) * 1000,
        status: 'ok',
        trace_id: 'c'.repeat(32),
        vitals: { ttfb: 15 },
      },
    ]);
  });
});

describe('items that are skipped', () => {
  it.each([
    'session',
    'sessions',
    'client_report',
    'attachment',
    'profile',
    'replay_event',
    'replay_recording',
    'check_in',
    'log',
    'something_new',
  ])('%s is accepted and skipped', (type) => {
    const r = ok(
      prepareItems(
        'envelope',
        envelope({}, [
          { header: { type }, payload: '{"not":"checked"}', length: true },
          { header: { type: 'event' }, payload: sentryError },
        ]),
      ),
    );
    expect(r.units).toHaveLength(1);
    expect(r.units[0].path).toEqual(['items', 1]);
  });

  it('an envelope of sessions only has nothing to ingest', () => {
    expect(
      ok(prepareItems('envelope', envelope({}, [{ header: { type: 'session' }, payload: { sid: 's' } }]))).units,
    ).toEqual([]);
  });
});

describe('gzip and deflate bodies', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
  ] as const)('%s: the decoded envelope parses like the plain one', async (encoding, compress) => {
    const plain = envelope({ event_id: EVENT_ID }, [{ header: { type: 'event' }, payload: sentryError, length: true }]);
    const decoded = await decodeBody(compress(plain), encoding);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(ok(prepareItems('envelope', decoded.body)).units).toEqual(ok(prepareItems('envelope', plain)).units);
  });
});

describe('malformed input → issues with a path, never a throw', () => {
  it.each([
    ['payload not JSON', envelope({}, [{ header: { type: 'event' }, payload: '{nope' }]), ['items', 0]],
    ['payload an array', envelope({}, [{ header: { type: 'event' }, payload: [1, 2] }]), ['items', 0]],
    [
      'timestamp before 2020 (milliseconds sent as seconds would be far in the future instead)',
      envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, timestamp: 1000 } }]),
      ['items', 0, 'timestamp'],
    ],
    [
      'unknown level',
      envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, level: 'loud' } }]),
      ['items', 0, 'level'],
    ],
    [
      'bad event id',
      envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, event_id: 'xyz' } }]),
      ['items', 0, 'event_id'],
    ],
    [
      'both items invalid',
      envelope({}, [
        { header: { type: 'event' }, payload: { ...sentryError, level: 'loud' } },
        { header: { type: 'transaction' }, payload: { transaction: 'x', timestamp: T } },
      ]),
      ['items', 0, 'level'],
    ],
    [
      'an invalid event with its attachment',
      envelope({}, [
        { header: { type: 'event' }, payload: { ...sentryError, level: 'loud' } },
        { header: { type: 'attachment', filename: 'a.txt' }, payload: 'hi', length: true },
      ]),
      ['items', 0, 'level'],
    ],
    [
      'span payload of another shape',
      envelope({}, [{ header: { type: 'span' }, payload: { version: 2 } }]),
      ['items', 0],
    ],
    [
      'segment span without end',
      envelope({}, [
        {
          header: { type: 'span' },
          payload: { version: 2, items: [{ trace_id: 't', name: 'n', start_timestamp: T, is_segment: true }] },
        },
      ]),
      ['items', 0, 'items', 0, 'duration'],
    ],
    ['store body not JSON', Buffer.from('{"exception":'), []],
  ])('%s', (_name, body, path) => {
    const r = prepareItems(path.length === 0 ? 'store' : 'envelope', body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0].path).toEqual(path);
  });

  it('an invalid item is refused alone, with why; its siblings are kept', () => {
    const r = ok(
      prepareItems(
        'envelope',
        envelope({}, [
          { header: { type: 'event' }, payload: sentryError },
          { header: { type: 'transaction' }, payload: { transaction: 'x', timestamp: T } },
        ]),
      ),
    );
    expect(r.units.map((u) => u.kind)).toEqual(['error']);
    expect(r.batch.refused).toEqual([{ category: 'transaction', reason: 'validation: duration', quantity: 1 }]);
    expect(r.batch.issues.get(events)).toEqual([{ path: ['items', 1, 'duration'], message: expect.any(String) }]);
    const withSession = ok(
      prepareItems(
        'envelope',
        envelope({}, [
          { header: { type: 'event' }, payload: { ...sentryError, timestamp: 'soon' } },
          {
            header: { type: 'session' },
            payload: { sid: 's', status: 'ok', started: '2026-01-01T00:00:00Z', attrs: { release: 'r@1' } },
          },
        ]),
      ),
    );
    expect(withSession.units).toEqual([]);
    expect(withSession.batch.refused).toEqual([{ category: 'error', reason: 'validation: timestamp', quantity: 1 }]);
    expect(withSession.batch.rows.get(sessions)).toHaveLength(1);
  });

  it('property: random bytes and mutated envelopes never throw; failures always carry a path array and a message', () => {
    const valid = envelope({ event_id: EVENT_ID }, [
      { header: { type: 'event' }, payload: sentryError, length: true },
      {
        header: { type: 'span' },
        payload: {
          version: 2,
          items: [
            {
              trace_id: 't',
              span_id: 's',
              name: 'n',
              start_timestamp: T,
              end_timestamp: T + 1,
              is_segment: true,
              attributes: {},
            },
          ],
        },
      },
    ]);
    const jsonish = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
    );
    const mutation = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.tuple(fc.nat(), fc.nat(), fc.uint8Array({ maxLength: 20 })).map(([at, cut, bytes]) => {
        const i = at % valid.length;
        return Buffer.concat([
          valid.subarray(0, i),
          Buffer.from(bytes),
          valid.subarray(Math.min(valid.length, i + (cut % 40))),
        ]);
      }),
      fc
        .tuple(
          fc.constantFrom(
            'timestamp',
            'exception',
            'level',
            'tags',
            'user',
            'request',
            'contexts',
            'breadcrumbs',
            'fingerprint',
            'event_id',
            'message',
            'logentry',
            'threads',
            'stacktrace',
          ),
          jsonish,
        )
        .map(([k, v]) => envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, [k]: v } }])),
      fc
        .tuple(fc.constantFrom('start_timestamp', 'timestamp', 'transaction', 'measurements', 'contexts'), jsonish)
        .map(([k, v]) =>
          envelope({}, [
            {
              header: { type: 'transaction' },
              payload: { transaction: 't', start_timestamp: T, timestamp: T + 1, [k]: v },
            },
          ]),
        ),
      fc
        .tuple(
          fc.constantFrom('name', 'start_timestamp', 'end_timestamp', 'attributes', 'is_segment', 'trace_id', 'status'),
          jsonish,
        )
        .map(([k, v]) =>
          envelope({}, [
            {
              header: { type: 'span' },
              payload: {
                version: 2,
                items: [
                  { trace_id: 't', name: 'n', start_timestamp: T, end_timestamp: T + 1, is_segment: true, [k]: v },
                ],
              },
            },
          ]),
        ),
    );
    fc.assert(
      fc.property(mutation, fc.constantFrom('envelope' as const, 'store' as const), (body, endpoint) => {
        const r = prepareItems(endpoint, body);
        if (!r.ok) {
          expect(r.issues.length).toBeGreaterThan(0);
          for (const i of r.issues) {
            expect(Array.isArray(i.path)).toBe(true);
            expect(typeof i.message).toBe('string');
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});
