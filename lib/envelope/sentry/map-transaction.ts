// A Sentry transaction mapped into our transaction envelope, and the pieces the span mapping shares with it.
import { isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { compact, scalarString, sentryTimeToMs, str } from './map-event';

const MAX_TRANSACTION_NAME = 200;
const VITALS = ['lcp', 'cls', 'fcp', 'ttfb'] as const;
export type Vitals = Partial<Record<(typeof VITALS)[number], number>>;

export function transactionName(v: unknown): string {
  const name = scalarString(v) || '<unlabeled transaction>';
  return name.length > MAX_TRANSACTION_NAME ? name.slice(0, MAX_TRANSACTION_NAME) : name;
}

/** Span and transaction times are seconds; our duration is milliseconds. */
export function durationMs(start: unknown, end: unknown): unknown {
  const s = sentryTimeToMs(start);
  const e = sentryTimeToMs(end);
  return typeof s === 'number' && typeof e === 'number' ? e - s : undefined;
}

export function vitalsFrom(read: (vital: (typeof VITALS)[number]) => unknown): Vitals {
  const out: Vitals = {};
  for (const v of VITALS) {
    const value = read(v);
    if (typeof value === 'number') out[v] = value;
  }
  return out;
}

/** A Sentry `transaction` event → our transaction envelope (unvalidated). */
export function transactionEnvelopeFromSentry(event: JsonObject): JsonObject {
  const trace = isObject(event.contexts) && isObject(event.contexts.trace) ? event.contexts.trace : {};
  const measurements = isObject(event.measurements) ? event.measurements : {};
  const vitals = vitalsFrom((v) => {
    const m = measurements[v];
    return isObject(m) ? m.value : undefined;
  });
  return compact({
    type: 'transaction',
    name: transactionName(event.transaction),
    duration: durationMs(event.start_timestamp, event.timestamp),
    timestamp: sentryTimeToMs(event.timestamp),
    status: str(trace.status),
    vitals: Object.keys(vitals).length > 0 ? vitals : undefined,
    environment: scalarString(event.environment),
    release: scalarString(event.release),
    trace_id: str(trace.trace_id),
  });
}
