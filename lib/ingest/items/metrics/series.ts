// A point's series (#61): its project, name, type, unit and the attributes that say what is measured (environment,
// release, SDK, route, region…), named by a 64-bit hash of them all, so the writer knows a series without reading it.
// The attributes that name one occurrence rather than a kind of thing stay with the point and out of the series, or
// every point would be a series of its own and no rollup would sum anything: the SDK's sequence number, the replay, the
// user (id, email, name, address), the trace's parent span, any `*.id`/`*_id`/`*uuid` key (order.id, request_id,
// service.instance.id), a value shaped like an id (16+ hex digits, a UUID), a fraction, a text longer than 200
// characters, and every attribute past the first 32 by name.
//
// A request's points mostly share their series' attributes (a hundred metrics of one process, one release, one
// route): parsing gathers each distinct set once (SeriesSets), so the scrubber reads it once and the writer hashes it
// once, and each point keeps only its own attributes beside the set's number.
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

// Whether a key alone makes an attribute the point's, remembered: a request's points repeat their keys.
const pointKey = memo((key: string) => POINT_KEYS.has(key) || ID_KEY.test(key), 10_000);

/** Whether an attribute names one occurrence (kept on the point) rather than a kind of thing (the series). */
export function isPointAttribute(key: string, value: unknown): boolean {
  if (pointKey(key)) return true;
  if (typeof value === 'number') return !Number.isInteger(value);
  if (typeof value === 'string') return value.length > MAX_SERIES_VALUE || ID_VALUE.test(value);
  return false;
}

/**
 * A set as first made from its attributes: its pairs in name order (what the set is made of, fresh per request: the
 * scrubber writes into it), their JSON as the series key reads it, and the series ids made of it unscrubbed.
 */
export type Canonical = {
  template: JsonObject;
  /** The template's values in its key order: a set still holding them was left alone by the scrubber. */
  values: unknown[];
  /** The pairs in name order, as JSON: the same set met in another order is one. */
  sorted: string;
  json: string;
  ids: Map<string, SeriesId>;
};

// Process-wide, by the attributes as met: a service sends the same few sets again and again, so each is sorted and
// serialised once, not once per request (at most MAX_CANONICAL remembered).
const g = globalThis as unknown as { trackerMetricSets?: Map<string, Canonical> };
const canonical = (g.trackerMetricSets ??= new Map());
const MAX_CANONICAL = 20_000;

function canonicalOf(key: string, pairs: () => [string, unknown][]): Canonical {
  let c = canonical.get(key);
  if (c === undefined) {
    const sorted = pairs().sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const template = Object.fromEntries(sorted);
    c = {
      template,
      values: Object.values(template),
      sorted: JSON.stringify(sorted),
      json: setJson(template),
      ids: new Map(),
    };
    if (canonical.size >= MAX_CANONICAL) canonical.clear();
    canonical.set(key, c);
  }
  return c;
}

/** Each distinct set of series attributes of a request, numbered, sorted by name (what the scrubber and writer read). */
export class SeriesSets {
  readonly sets: JsonObject[] = [];
  /** Each set as made (its JSON and ids while the scrubber leaves it unchanged): see `SeriesSets.json`. */
  readonly made: Canonical[] = [];
  // By the attributes as met (their order as sent), and by their sorted pairs: the same set in another order is one.
  private readonly index = new Map<string, number>();
  private readonly sorted = new Map<string, number>();

  /** A point's flattened attributes split: the number of its series' set, and its own attributes (null: none). */
  add(flat: JsonObject | null): { set: number; own: JsonObject | null } {
    let own: JsonObject | null = null;
    let key = '';
    let count = 0;
    if (flat)
      for (const k in flat) {
        const v = flat[k];
        if (isPointAttribute(k, v)) (own ??= {})[k] = v;
        else {
          // The value's type is part of the key (200 and "200" are two series), and each name and value is preceded
          // by its length, so no two sets make one key whatever their texts hold: the key names a set process-wide.
          const text = String(v);
          key += `${k.length}\u0001${k}${(typeof v)[0]}${text.length}\u0001${text}`;
          count++;
        }
      }
    if (count > MAX_SERIES_ATTRIBUTES) return this.overflowing(flat!, own);
    let set = this.index.get(key);
    if (set === undefined) {
      const o = own;
      set = this.push(
        key,
        canonicalOf(key, () => {
          const pairs: [string, unknown][] = [];
          if (flat) for (const k in flat) if (!o || !Object.hasOwn(o, k)) pairs.push([k, flat[k]]);
          return pairs;
        }),
      );
    }
    return { set, own };
  }

  /** Past MAX_SERIES_ATTRIBUTES: the first ones by name make the series, the rest stay with the point. */
  private overflowing(flat: JsonObject, own: JsonObject | null): { set: number; own: JsonObject | null } {
    const pairs = Object.entries(flat).filter(([k]) => !own || !Object.hasOwn(own, k));
    pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const rest = pairs.splice(MAX_SERIES_ATTRIBUTES);
    const mine: JsonObject = { ...own, ...Object.fromEntries(rest) };
    const key = `\u0003${JSON.stringify(pairs)}`;
    return {
      set:
        this.index.get(key) ??
        this.push(
          key,
          canonicalOf(key, () => pairs),
        ),
      own: mine,
    };
  }

  /** The set `c` (met as `key`, in the order sent): the one already made of it in another order, or a new one. */
  private push(key: string, c: Canonical): number {
    let set = this.sorted.get(c.sorted);
    if (set === undefined) {
      this.sets.push({ ...c.template });
      this.made.push(c);
      set = this.sets.length - 1;
      this.sorted.set(c.sorted, set);
    }
    this.index.set(key, set);
    return set;
  }
}

/**
 * The series id of a set of an item (after scrubbing) for a point's name, type and unit: worked out once per set
 * while the scrubber left the set as it was made, else from the scrubbed set.
 */
export function seriesIdOfSet(
  projectId: string,
  p: { name: string; type: MetricType; unit: string },
  of: { set: JsonObject; made: Canonical | undefined },
): SeriesId {
  const { set, made } = of;
  if (made && unchanged(set, made.values)) {
    const k = `${projectId}\u0000${p.name}\u0000${p.type}\u0000${p.unit}`;
    let id = made.ids.get(k);
    if (id === undefined) {
      id = seriesId(projectId, { name: p.name, type: p.type, unit: p.unit, setJson: made.json });
      if (made.ids.size >= 1000) made.ids.clear();
      made.ids.set(k, id);
    }
    return id;
  }
  return seriesId(projectId, { name: p.name, type: p.type, unit: p.unit, setJson: setJson(set) });
}

/** Whether a set holds the values it was made with (the scrubber replaces values, never keys). */
function unchanged(set: JsonObject, values: unknown[]): boolean {
  let i = 0;
  for (const k in set) if (set[k] !== values[i++]) return false;
  return i === values.length;
}

export type SeriesId = {
  /** metric_series.id as its 8 big-endian bytes (for COPY) and as a decimal string. */
  id: Buffer;
  idText: string;
};

const idOfKey = memo((key: string): SeriesId => {
  const id = key64Bytes(key);
  return { id, idText: id.readBigInt64BE(0).toString() };
}, 50_000);

/** The id of the series of `projectId`, name, type, unit and (scrubbed, sorted) attribute set given as its JSON. */
export function seriesId(
  projectId: string,
  p: { name: string; type: MetricType; unit: string; setJson: string },
): SeriesId {
  return idOfKey(`${projectId}\u0000${p.name}\u0000${p.type}\u0000${p.unit}\u0000${p.setJson}`);
}

/** A set's JSON as its series key reads it: its pairs in name order (the scrubber keeps the order). */
export function setJson(set: JsonObject): string {
  const keys = Object.keys(set);
  // Sorted when made; scrubbing replaces values, never keys.
  return JSON.stringify(keys.map((k) => [k, set[k]]));
}
