// A shop's API log lines as @sentry/node 11 sends them with `enableLogs` (bench:logs, bench:wal).
import { randomBytes } from 'node:crypto';

/** Lines in one request, as the SDK's log buffer flushes them. */
export const PER_REQUEST = 100;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const LEVELS = ['info', 'info', 'info', 'info', 'debug', 'info', 'warn', 'info', 'info', 'error'] as const;
export const SEVERITY: Record<string, number> = { debug: 5, info: 9, warn: 13, error: 17 };

/** One request's worth of lines of a shop's API: what its `Sentry.logger.*` calls say. */
export function line(i: number) {
  const level = LEVELS[i % LEVELS.length];
  const order = `o-${(i * 7919) % 100000}`;
  const user = `user-${i % 5000}`;
  const template = ['Order %s paid by %s', 'Cart of %s has %s items', 'Payment for %s declined: %s'][i % 3];
  const params = [
    [order, user],
    [user, String(i % 9)],
    [order, 'card_expired'],
  ][i % 3];
  let k = 0;
  const body = template.replace(/%s/g, () => params[k++]);
  return { level, template, params, body, order, user };
}

export function sentryLogEnvelope(start: number, dsnKey: string): string {
  const traceId = hex(16);
  const spanId = hex(8);
  const now = Date.now() / 1000;
  const items = Array.from({ length: PER_REQUEST }, (_, j) => {
    const l = line(start + j);
    const attr = (value: string | number, type = typeof value === 'number' ? 'integer' : 'string') => ({ value, type });
    return {
      timestamp: now - (PER_REQUEST - j) / 1000,
      level: l.level,
      body: l.body,
      trace_id: traceId,
      severity_number: SEVERITY[l.level],
      attributes: {
        'sentry.release': attr('shop@2.14.0'),
        'sentry.environment': attr('production'),
        'sentry.sdk.name': attr('sentry.javascript.node'),
        'sentry.sdk.version': attr('11.12.0'),
        'server.address': attr(`web-${(start / PER_REQUEST) % 8}`),
        'sentry.message.template': attr(l.template),
        ...Object.fromEntries(l.params.map((p, n) => [`sentry.message.parameter.${n}`, attr(p)])),
        'sentry.trace.parent_span_id': attr(spanId),
        'user.id': attr(l.user),
        'order.id': attr(l.order),
      },
    };
  });
  const payload = JSON.stringify({ items });
  return `${JSON.stringify({ sent_at: new Date().toISOString(), sdk: { name: 'sentry.javascript.node', version: '11.12.0' }, dsn: `http://${dsnKey}@localhost/1` })}
${JSON.stringify({ type: 'log', item_count: items.length, content_type: 'application/vnd.sentry.items.log+json', length: Buffer.byteLength(payload) })}
${payload}
`;
}
