// A metric point as the metrics kind stores it (#61), and the checks every way in applies to it (Sentry's trace_metric
// items, OTLP metrics): a name of 1–200 characters without control characters, a finite value (JSON has no NaN or
// Infinity: the SDKs send null for them, and 1e999 reads as Infinity), a unit of at most 64 characters, a time of the
// last 30 days (one more than a minute ahead is the receipt time), attributes flattened as log attributes are (scalars,
// names cut to 200 characters, texts to 2,000) and refused past 200 of them or 16 KiB: cutting them would store the
// point in another series than the one it was sent for.
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { boundedAttributes } from '@/lib/envelope/bounded-attributes';
import { storableString } from '@/lib/envelope/prepare-json';
import { storableTimeMs } from '@/lib/envelope/schemas';
import { METRIC_TYPES, type Histogram, type MetricType } from '@/lib/metrics-store/types';
import type { Canonical } from './series';

export type MetricPoint = {
  name: string;
  type: MetricType;
  /** '' when none was sent. */
  unit: string;
  /** Epoch milliseconds, with the fraction sent (microseconds are kept). */
  timestampMs: number;
  traceId: string | null;
  spanId: string | null;
  /** A counter's increment, a gauge's reading, one measurement; an OTLP histogram's sum (null when it sent none). */
  value: number | null;
  /** Its series' attributes: the number of a set of its request's MetricItem (./series.ts). */
  set: number;
  /** The attributes of this occurrence (ids, the user, the SDK's sequence); null when none. */
  own: JsonObject | null;
  histogram: Histogram | null;
  /** An OTLP cumulative stream's point: stored as what it added since the stream's previous point (./cumulative.ts). */
  cumulative: { stream: string; startMs: number } | null;
};

/** A request's metric points and the distinct attribute sets of their series, what the kind stores. */
export type MetricItem = {
  points: MetricPoint[];
  sets: JsonObject[];
  /** Each set as parsing made it (SeriesSets.made): its series ids are worked out once while scrubbing leaves it. */
  made?: Canonical[];
};

export const MAX_NAME = 200;
export const MAX_UNIT = 64;
export const MAX_ATTRIBUTES_BYTES = 16 * 1024;
/** Points older than this many days are refused. */
export const MAX_AGE_DAYS = 30;
/** A time further ahead of the receipt than this is a client clock's error: the point is stored at its receipt. */
const MAX_AHEAD_MS = 60_000;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a point is refused, as the Stats page counts it (`validation: <field>`). */
export type PointRefusal = 'name' | 'type' | 'value' | 'unit' | 'timestamp' | 'attributes';
export const refusalReason = (field: PointRefusal) => `validation: ${field}`;

// Names and units repeat in every request: each distinct one is checked once (bounded).
const names = new Map<string, string | null>();
const units = new Map<string, string | null>();
function remembered(
  checked: Map<string, string | null>,
  v: string,
  check: (v: string) => string | null,
): string | null {
  let r = checked.get(v);
  if (r === undefined) {
    if (checked.size >= 10_000) checked.clear();
    checked.set(v, (r = check(v)));
  }
  return r;
}

const nameOf = (v: string) => (v.length > 0 && v.trim() === v && !CONTROL.test(v) ? storableString(v) : null);

export function metricName(v: unknown): string | null {
  return typeof v === 'string' && v.length <= MAX_NAME ? remembered(names, v, nameOf) : null;
}

export function metricType(v: unknown): MetricType | null {
  return (METRIC_TYPES as readonly unknown[]).includes(v) ? (v as MetricType) : null;
}

/** A unit as sent ('' when none); null when it is not one. */
export function metricUnit(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return '';
  return typeof v === 'string' && v.length <= MAX_UNIT
    ? remembered(units, v, () => (CONTROL.test(v) ? null : v))
    : null;
}

export const finiteValue = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The time to store a point at: as sent, or the receipt when it is ahead; null when it cannot be stored or is more
 * than MAX_AGE_DAYS old (a clock or unit gone wrong: no client buffers metrics that long).
 */
export function pointTime(ms: number, nowMs: number): number | null {
  if (!storableTimeMs(ms) || ms < nowMs - MAX_AGE_DAYS * 86_400_000) return null;
  return ms > nowMs + MAX_AHEAD_MS ? nowMs : ms;
}

/** Attributes flattened and capped; 'refused' past the caps (see the header). */
export function metricAttributes(bag: unknown): JsonObject | null | 'refused' {
  const seen = { capped: false };
  const out = boundedAttributes(bag, MAX_ATTRIBUTES_BYTES, seen);
  return seen.capped ? 'refused' : out;
}
