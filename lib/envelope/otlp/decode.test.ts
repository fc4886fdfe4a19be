import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import {
  nestedAnyValueJson,
  otlpLogsJson,
  otlpLogsProtobuf,
  otlpTracesProtobuf,
  type HostileLog,
  type Nesting,
} from '@/tests/support/hostile-bodies';
import { decodeOtlp, MAX_ANY_VALUE_DEPTH } from './decode';

const TRACE = 'ab'.repeat(16);
const json = (records: HostileLog[]) => decodeOtlp('logs', Buffer.from(otlpLogsJson(records)), 'application/json');
const proto = (records: HostileLog[]) =>
  decodeOtlp('logs', Buffer.from(otlpLogsProtobuf(records)), 'application/x-protobuf');
const bodies = (d: ReturnType<typeof decodeOtlp>) =>
  d.ok ? d.logs.flatMap((b) => b.logs.map((l) => l.body)) : d.message;

/** The value `nestedAnyValueJson` describes, as the decoder returns it. */
function expected({ depth, kind }: Nesting): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { k: v };
  return v;
}

describe('decodeOtlp: values nesting past MAX_ANY_VALUE_DEPTH', () => {
  it.each([
    ['JSON', json],
    ['protobuf', proto],
  ])(
    '%s: a body or attribute nested 30,000 deep drops its record (counted), its siblings are read',
    (_name, decode) => {
      const d = decode([
        { body: 'before' },
        { body: { depth: 30_000, kind: 'array' } },
        { body: 'between', attribute: { depth: 30_000, kind: 'kvlist' } },
        { body: { depth: 30_000, kind: 'kvlist' } },
        { body: 'after', attribute: { depth: 30_000, kind: 'array' } },
        { body: 'last' },
      ]);
      expect(d.ok && d.tooDeep).toBe(4);
      expect(bodies(d)).toEqual(['before', 'last']);
    },
    // Building and decoding four records 30,000 levels deep took 4-6 s on two busy cores (the default limit is 5 s).
    30_000,
  );

  it.each([
    ['JSON', json],
    ['protobuf', proto],
  ])(
    '%s: arrays and key/value lists nested exactly to the limit are read whole; one more level is too deep',
    (_name, decode) => {
      for (const kind of ['array', 'kvlist'] as const) {
        const atLimit = { depth: MAX_ANY_VALUE_DEPTH, kind };
        const d = decode([{ body: atLimit, attribute: atLimit }]);
        expect([kind, d.ok && d.tooDeep, bodies(d)]).toEqual([kind, 0, [expected(atLimit)]]);
        expect(d.ok && d.logs[0].logs[0].attributes.deep).toEqual(expected(atLimit));
        const past = decode([{ body: { depth: MAX_ANY_VALUE_DEPTH + 1, kind } }, { body: 'kept' }]);
        expect([kind, past.ok && past.tooDeep, bodies(past)]).toEqual([kind, 1, ['kept']]);
      }
    },
  );

  it('protobuf: a span event attribute (the deepest path) at the limit stays under protobufjs recursion limit', () => {
    const atLimit = { depth: MAX_ANY_VALUE_DEPTH, kind: 'kvlist' } as const;
    const body = otlpTracesProtobuf(TRACE, [
      { name: 'ok', eventAttribute: atLimit },
      { name: 'deep', eventAttribute: { depth: 30_000, kind: 'kvlist' } },
      { name: 'deep attribute', attribute: { depth: 30_000, kind: 'array' } },
    ]);
    const d = decodeOtlp('traces', Buffer.from(body), 'application/x-protobuf');
    expect(d.ok && d.tooDeep).toBe(2);
    expect(d.ok && d.traces[0].spans.map((s) => [s.name, s.events[0]?.attributes.deep])).toEqual([
      ['ok', expected(atLimit)],
    ]);
  });

  it('a resource attribute nested too deep drops every record of that resource, not of the others', () => {
    const deepResource = `{"resource":{"attributes":[{"key":"r","value":${nestedAnyValueJson({ depth: 30_000, kind: 'array' })}}]},"scopeLogs":[{"logRecords":[{"timeUnixNano":"1","body":{"stringValue":"a"}},{"timeUnixNano":"1","body":{"stringValue":"b"}}]}]}`;
    const plain = '{"scopeLogs":[{"logRecords":[{"timeUnixNano":"1","body":{"stringValue":"c"}}]}]}';
    const d = decodeOtlp('logs', Buffer.from(`{"resourceLogs":[${deepResource},${plain}]}`), 'application/json');
    expect(d.ok && d.tooDeep).toBe(2);
    expect(bodies(d)).toEqual(['c']);
  });

  it('protobuf groups nested past protobufjs limit in an unknown field are a refused body, never a throw', () => {
    // Field 15, wire type 3 (start group), 100,000 times: skipped as unknown, recursively.
    const body = Buffer.alloc(100_000, (15 << 3) | 3);
    const d = decodeOtlp('logs', body, 'application/x-protobuf');
    expect(d).toEqual({ ok: false, message: 'Body is not an OTLP logs protobuf message: max depth exceeded' });
  });

  it('ordinary protobuf still decodes after the depth guard is installed', () => {
    const w = protobuf.Writer.create();
    const d = decodeOtlp('logs', Buffer.from(w.finish()), 'application/x-protobuf');
    expect(d).toEqual({ ok: true, traces: [], logs: [], metrics: [], tooDeep: 0 });
  });
});
