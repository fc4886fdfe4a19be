// Logs (#34): Sentry's `log` items (`Sentry.logger.*` with enableLogs: `{ items: [{ timestamp, level, body,
// trace_id, span_id?, severity_number, attributes: { name: { type, value } } }] }`) and OTLP log records, as the
// rows the log writer stores: level, message, its template (sentry.message.template) and attributes, the trace it
// happened in. At most MAX_LOGS_PER_ITEM a item; bodies and attributes capped.
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import { hexId, isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { boundedAttributes } from '@/lib/envelope/bounded-attributes';
import { storableString, tooDeepKey } from '@/lib/envelope/prepare-json';
import { sentryTimeMs, storableTimeMs as validTime } from '@/lib/envelope/schemas';
import { LOG_LEVELS, type LogLevel, type LogRow } from '@/lib/logs/log-row';

export { LOG_LEVELS, type LogLevel, type LogRow };

export const MAX_LOGS_PER_ITEM = 1000;
const MAX_BODY = 8 * 1024;
const MAX_ATTRIBUTES_BYTES = 8 * 1024;
/** OpenTelemetry severity numbers (1–24) to the six levels. */
export function levelOfSeverity(n: number): LogLevel {
  return n <= 4 ? 'trace' : n <= 8 ? 'debug' : n <= 12 ? 'info' : n <= 16 ? 'warn' : n <= 20 ? 'error' : 'fatal';
}

export function levelOf(v: unknown, severity: number | null): LogLevel {
  const s = typeof v === 'string' ? v.toLowerCase() : '';
  if ((LOG_LEVELS as readonly string[]).includes(s)) return s as LogLevel;
  if (s === 'warning') return 'warn';
  if (s === 'critical') return 'fatal';
  return severity !== null ? levelOfSeverity(severity) : 'info';
}

/** `{ name: { type, value } }` (or plain values) → `{ name: value }`, scalars only, capped (one pass). */
export function flattenAttributes(bag: unknown): JsonObject | null {
  return boundedAttributes(bag, MAX_ATTRIBUTES_BYTES);
}

export function logRow(fields: {
  timestampMs: number;
  level: unknown;
  severity: unknown;
  body: unknown;
  attributes: JsonObject | null;
  traceId: unknown;
  spanId: unknown;
}): LogRow | null {
  if (!validTime(fields.timestampMs)) return null;
  // A structured body is kept as JSON text; one nested past the depth limit is unusable (and counted), not a throw.
  if (typeof fields.body === 'object' && fields.body !== null && tooDeepKey({ body: fields.body }) !== null)
    return null;
  const body =
    typeof fields.body === 'string'
      ? fields.body
      : fields.body === undefined || fields.body === null
        ? ''
        : JSON.stringify(fields.body);
  const severity =
    typeof fields.severity === 'number' &&
    Number.isInteger(fields.severity) &&
    fields.severity >= 0 &&
    fields.severity <= 24
      ? fields.severity
      : null;
  const a = fields.attributes;
  const str = (k: string) => (typeof a?.[k] === 'string' ? (a[k] as string).slice(0, 200) : null);
  return {
    timestamp: new Date(fields.timestampMs),
    level: levelOf(fields.level, severity),
    severityNumber: severity,
    body: storableString(body.slice(0, MAX_BODY)),
    template:
      typeof a?.['sentry.message.template'] === 'string'
        ? storableString((a['sentry.message.template'] as string).slice(0, MAX_BODY))
        : null,
    attributes: a,
    traceId: hexId(fields.traceId, 32),
    spanId: hexId(fields.spanId, 16),
    environment: str('sentry.environment') ?? str('deployment.environment') ?? str('deployment.environment.name'),
    release: str('sentry.release') ?? str('service.version'),
  };
}

/**
 * The span a log line was written in: `span_id`, else the `sentry.trace.parent_span_id` attribute, the only place
 * @sentry/node 11 puts the active span (Relay reads both).
 */
function spanIdOf(l: JsonObject): unknown {
  if (hexId(l.span_id, 16)) return l.span_id;
  const a = isObject(l.attributes) ? l.attributes['sentry.trace.parent_span_id'] : undefined;
  return isObject(a) ? a.value : a;
}

/** A Sentry `log` item. */
export function parseLogs(payload: JsonObject, path: Path): LogRow[] | FieldIssue[] {
  if (!Array.isArray(payload.items)) return [{ path: [...path, 'items'], message: 'A log item is { items: [...] }' }];
  const rows: LogRow[] = [];
  for (const l of payload.items.slice(0, MAX_LOGS_PER_ITEM)) {
    if (!isObject(l)) continue;
    const r = logRow({
      timestampMs: sentryTimeMs(l.timestamp),
      level: l.level,
      severity: l.severity_number,
      body: l.body,
      attributes: flattenAttributes(l.attributes),
      traceId: l.trace_id,
      spanId: spanIdOf(l),
    });
    if (r) rows.push(r);
  }
  return rows;
}
