// Realistic SDK error events of 5–20 KB (frames with context lines, breadcrumbs, contexts, modules), rendered
// as Sentry envelopes and as our native envelope carrying the same fields, for bench:ingest and bench:abuse.

const LINE = (i: number, fn: string) => `    r${i} = ${fn}(req, data.get("k${i}"))`;

export type SdkEvent = { sentry: Record<string, unknown>; native: Record<string, unknown> };

function frameOf(g: number, f: number, inApp: boolean) {
  const fn = inApp ? `handler_${g}_${f}` : `dispatch_${f}`;
  const file = inApp ? `app/views/orders_${g % 7}.py` : `django/core/handlers/base_${f % 3}.py`;
  return {
    filename: file,
    abs_path: `/srv/${inApp ? '' : 'venv/lib/python3.11/site-packages/'}${file}`,
    module: file.replace(/\//g, '.').replace(/\.py$/, ''),
    function: fn,
    lineno: 100 + f * 7,
    in_app: inApp,
    pre_context: [1, 2, 3, 4, 5].map((k) => LINE(f * 10 + k, fn)),
    context_line: LINE(f * 10, fn),
    post_context: [6, 7, 8, 9, 10].map((k) => LINE(f * 10 + k, fn)),
  };
}

/** Event `i` of `n`: 50 groups, 4–20 frames (outermost first, as Sentry sends them), 15 breadcrumbs. */
export function sdkEvent({
  i,
  n,
  idPrefix,
  fingerprints = 50,
}: {
  i: number;
  n: number;
  idPrefix: string;
  fingerprints?: number;
}): SdkEvent {
  const g = i % fingerprints;
  const nowSec = Date.now() / 1000;
  const frameCount = 4 + (i % 17);
  const frames = Array.from({ length: frameCount }, (_, f) => frameOf(g, f, f >= frameCount - 4));
  const type = ['ValueError', 'KeyError', 'TypeError', 'RuntimeError', 'ZeroDivisionError'][g % 5];
  const value = `invalid literal for int() with base 10: 'item-${i % 97}'`;
  const timestamp = nowSec - (n - i) / 1000;
  const breadcrumbs = Array.from({ length: 15 }, (_, b) => ({
    type: 'default',
    category: ['query', 'http', 'logging', 'navigation'][b % 4],
    message: [
      'SELECT "orders".* FROM "orders" WHERE "orders"."id" = %s LIMIT 1',
      'GET https://api.example.com/v1/prices',
      'cache miss for key order:42',
      '/orders/42',
    ][b % 4],
    level: 'info',
    timestamp: timestamp - (15 - b),
    data:
      b % 4 === 1
        ? { method: 'GET', status_code: 200, url: 'https://api.example.com/v1/prices' }
        : { duration_ms: b * 3 },
  }));
  const contexts = {
    runtime: { name: 'CPython', version: '3.11.2', build: '3.11.2 (main, Mar 13 2023)' },
    os: { name: 'Linux', version: '6.1.0', kernel_version: '6.1.0-18-amd64' },
    trace: {
      trace_id: `${idPrefix}${i}`.padEnd(32, '0').slice(0, 32),
      span_id: 'a1b2c3d4e5f60718',
      op: 'http.server',
      status: 'internal_error',
    },
  };
  const modules = Object.fromEntries(
    ['django', 'requests', 'urllib3', 'celery', 'redis', 'psycopg2', 'sentry-sdk', 'pydantic'].map((m, k) => [
      m,
      `${k + 1}.${i % 10}.0`,
    ]),
  );
  const tags = { 'http.method': 'POST', url: `/orders/${i % 20}`, tenant: `t${i % 9}` };
  const user = { id: `user-${i % 500}`, email: `user${i % 500}@example.com`, ip_address: '{{auto}}' };
  const eventId = `${idPrefix}${i.toString(16).padStart(32 - idPrefix.length, '0')}`;
  const sentry = {
    event_id: eventId,
    timestamp,
    platform: 'python',
    level: 'error',
    logger: 'django.request',
    server_name: `web-${i % 4}`,
    transaction: `/orders/${g}`,
    release: 'shop@2.14.0',
    environment: 'production',
    sdk: {
      name: 'sentry.python.django',
      version: '1.40.0',
      packages: [{ name: 'pypi:sentry-sdk', version: '1.40.0' }],
    },
    exception: {
      values: [
        { type, value, module: 'builtins', mechanism: { type: 'django', handled: false }, stacktrace: { frames } },
      ],
    },
    breadcrumbs: { values: breadcrumbs },
    contexts,
    tags,
    user,
    request: {
      url: `https://shop.example.com/orders/${i % 20}`,
      method: 'POST',
      headers: { 'User-Agent': 'python-requests/2.31.0', 'Content-Type': 'application/json' },
    },
    extra: { 'sys.argv': ['manage.py', 'runserver'], order_id: i },
    modules,
  };
  const native = {
    event_id: eventId,
    timestamp: Math.round(timestamp * 1000),
    platform: 'python',
    level: 'error',
    logger: 'django.request',
    server_name: `web-${i % 4}`,
    transaction: `/orders/${g}`,
    release: 'shop@2.14.0',
    environment: 'production',
    sdk: { name: 'sentry.python.django', version: '1.40.0' },
    exception: {
      type,
      value,
      module: 'builtins',
      mechanism: { type: 'django', handled: false },
      stacktrace: { frames: [...frames].reverse() },
    },
    breadcrumbs: breadcrumbs.map((b) => ({
      type: b.category,
      message: b.message,
      timestamp: Math.round(b.timestamp * 1000),
      data: b.data,
    })),
    contexts,
    tags,
    user: { id: user.id, email: user.email },
    request: sentry.request,
    extra: sentry.extra,
    modules,
  };
  return { sentry, native };
}

/** A Sentry envelope of one event item, as SDKs send it. */
export function sentryEnvelope(event: Record<string, unknown>): string {
  const payload = JSON.stringify(event);
  return `${JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString(), sdk: event.sdk })}\n${JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) })}\n${payload}\n`;
}
