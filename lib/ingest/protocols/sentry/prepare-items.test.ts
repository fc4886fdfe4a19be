import { gzipSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '@/lib/envelope/decode-body';
import { envelope, EVENT_ID, ok, sentryError, T } from '@/tests/support/sentry-items';
import { prepareItems } from './prepare-items';

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
