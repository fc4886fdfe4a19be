// A Sentry envelope and error event as the SDKs send them, for the tests of lib/ingest/protocols/sentry/prepare-items.
import { prepareItems } from '@/lib/ingest/protocols/sentry/prepare-items';

export const EVENT_ID = '9ec79c33ec9942ab8353589fcb2e04dc';
export const T = 1_700_000_000; // seconds, as Sentry sends them

/** Builds an envelope; items with `length: true` get an exact byte length in their header. */
export function envelope(
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

export const sentryError = {
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

/** The prepared items of an envelope that must prepare cleanly. */
export function ok(r: ReturnType<typeof prepareItems>) {
  if (!r.ok) throw new Error(`unexpected issues: ${JSON.stringify(r.issues)}`);
  return r;
}
