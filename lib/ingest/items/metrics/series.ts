// A point's series (#61): its project, name, type, unit and the attributes that say what is measured (environment,
// release, SDK, route, region…), named by a 64-bit hash of them all, so the writer knows a series without reading it.
// The attributes that name one occurrence rather than a kind of thing stay with the point and out of the series, or
// every point would be a series of its own and no rollup would sum anything: the SDK's sequence number, the replay, the
// user (id, email, name, address), the trace's parent span, any `*.id`/`*_id`/`*uuid` key (order.id, request_id,
// service.instance.id), a value shaped like an id (16+ hex digits, a UUID), a fraction, a text longer than 200
// characters, and every attribute past the first 32 by name.
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { key64Bytes, memo } from '@/lib/traces/span-keys';
import type { MetricType } from '@/lib/metrics-store/types';

/** Attributes of the occurrence: kept on the point, never in its series. */
export const POINT_KEYS: ReadonlySet<string> = new Set([
  'sentry.timestamp.sequence',
  'sentry.replay_id',
  'sentry._internal.replay_is_buffering',
  'sentry.trace.parent_span_id',
  'user.id',
  'user.email',
  'user.name',
  'user.username',
  'user.ip_address',
  'client.address',
]);
const ID_KEY = /(?:^|[._-])(?:id|uuid|guid)$/i;
const ID_VALUE = /^(?:[0-9a-f]{16,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const MAX_SERIES_ATTRIBUTES = 32;
const MAX_SERIES_VALUE = 200;

type Scalar = string | number | boolean | null;

/** Whether an attribute names one occurrence (kept on the point) rather than a kind of thing (the series). */
export function isPointAttribute(key: string, value: unknown): boolean {
  if (POINT_KEYS.has(key) || ID_KEY.test(key)) return true;
  if (typeof value === 'number') return !Number.isInteger(value);
  if (typeof value === 'string') return value.length > MAX_SERIES_VALUE || ID_VALUE.test(value);
  return false;
}

export type PointSeries = {
  /** metric_series.id as its 8 big-endian bytes (for COPY) and as a decimal string. */
  id: Buffer;
  idText: string;
  /** The series' attributes, by name. */
  attributes: JsonObject;
  /** What stays on the point; null when nothing does. */
  own: JsonObject | null;
};

const idOfKey = memo((key: string) => {
  const id = key64Bytes(key);
  return { id, idText: id.readBigInt64BE(0).toString() };
}, 50_000);

/** The series of a point of `projectId` and the attributes left to the point. */
export function seriesOf(
  projectId: string,
  p: { name: string; type: MetricType; unit: string; attributes: JsonObject | null },
): PointSeries {
  const pairs: [string, Scalar][] = [];
  let own: JsonObject | null = null;
  const a = p.attributes;
  if (a)
    for (const k in a) {
      const v = a[k] as Scalar;
      if (isPointAttribute(k, v)) (own ??= {})[k] = v;
      else pairs.push([k, v]);
    }
  pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  if (pairs.length > MAX_SERIES_ATTRIBUTES)
    for (const [k, v] of pairs.splice(MAX_SERIES_ATTRIBUTES)) (own ??= {})[k] = v;
  const { id, idText } = idOfKey(
    `${projectId}\u0000${p.name}\u0000${p.type}\u0000${p.unit}\u0000${JSON.stringify(pairs)}`,
  );
  return { id, idText, attributes: Object.fromEntries(pairs), own };
}
