// OTLP values (#34, #61): AnyValue and attribute lists, ids, times and fields by either JSON name, as decoded from
// JSON or by protobufjs, read into plain values; shared by the readers of each signal (./decode.ts,
// ./decode-metrics.ts).

export type AnyValue = string | number | boolean | null | AnyValue[] | { [k: string]: AnyValue };
export type OtlpAttributes = Record<string, AnyValue>;
/**
 * AnyValue levels (arrays and key/value lists) a body or attribute may nest; an item that nests deeper is dropped and
 * counted. Not MAX_JSON_DEPTH: protobufjs refuses messages nested past 100 levels (protoc's limit) and a key/value
 * list level costs three (AnyValue, KeyValueList, KeyValue), so 24 keeps the deepest path (a span event's attribute,
 * six levels down) decodable up to the limit, in JSON and protobuf alike.
 */
export const MAX_ANY_VALUE_DEPTH = 24;

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
// Each camelCase name's snake_case twin, made once: field() is called for every value of every data point.
const snakeNames = new Map<string, string>();
function snakeOf(camel: string): string {
  let snake = snakeNames.get(camel);
  if (snake === undefined) {
    snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    snakeNames.set(camel, snake);
  }
  return snake;
}
/** A field by its JSON (camelCase) or proto (snake_case) name. */
export const field = (o: Obj, camel: string) => o[camel] ?? o[snakeOf(camel)];
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function idOf(v: unknown): string | null {
  // All zeros is no id, in bytes as in hex (the protocol's invalid trace and span ids).
  if (v instanceof Uint8Array) return v.some((b) => b !== 0) ? Buffer.from(v).toString('hex') : null;
  if (typeof v === 'string' && /^[0-9a-f]+$/i.test(v) && v.length > 0 && !/^0+$/.test(v)) return v.toLowerCase();
  return null;
}

/** Nanoseconds (a string, number or protobufjs Long) to milliseconds. */
export function nanosToMs(v: unknown): number {
  if (v === undefined || v === null) return NaN;
  const s = typeof v === 'string' ? v : String(v);
  if (!/^\d+$/.test(s)) return NaN;
  // Whole microseconds first (the digits but the last three, as BigInt(s) / 1000n gives them, without a BigInt), then
  // milliseconds: Number() rounds that integer to the nearest double exactly as Number(BigInt) does.
  return s.length <= 3 ? 0 : Number(s.slice(0, -3)) / 1000;
}

/** Set when a value of the item being read nests past MAX_ANY_VALUE_DEPTH. */
export type Depth = { tooDeep: boolean };

export function anyValue(v: unknown, depth: number, seen: Depth): AnyValue {
  if (!isObj(v)) return null;
  const s = field(v, 'stringValue');
  if (s !== undefined) return String(s);
  const b = field(v, 'boolValue');
  if (b !== undefined) return Boolean(b);
  const i = field(v, 'intValue');
  if (i !== undefined) return Number(String(i));
  const d = field(v, 'doubleValue');
  if (d !== undefined) return Number(d);
  const a = field(v, 'arrayValue');
  const kv = field(v, 'kvlistValue');
  if ((isObj(a) || isObj(kv)) && depth >= MAX_ANY_VALUE_DEPTH) {
    seen.tooDeep = true;
    return null;
  }
  if (isObj(a)) return arr(a.values).map((x) => anyValue(x, depth + 1, seen));
  if (isObj(kv)) return attributes(kv.values, seen, depth + 1) as { [k: string]: AnyValue };
  const bytes = field(v, 'bytesValue');
  if (bytes !== undefined) return bytes instanceof Uint8Array ? Buffer.from(bytes).toString('base64') : String(bytes);
  return null;
}

export function attributes(list: unknown, seen: Depth, depth = 0): OtlpAttributes {
  const out: OtlpAttributes = {};
  for (const kv of arr(list))
    if (isObj(kv) && typeof kv.key === 'string') out[kv.key] = anyValue(kv.value, depth, seen);
  return out;
}
