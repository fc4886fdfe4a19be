// Hostile request bodies of #43, shared by the API tests and bench:abuse: zstd frames that declare more memory than
// the body could ever need, and OTLP payloads (JSON and protobuf) whose values nest tens of thousands deep.
import protobuf from 'protobufjs';

const le = (n: number, bytes: number) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntLE(n, 0, bytes);
  return b;
};
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
/** RLE blocks of 128 KiB of 'x', the last one flagged. */
const rleBlocks = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    Buffer.concat([le(((128 * 1024) << 3) | (1 << 1) | (i === n - 1 ? 1 : 0), 3), Buffer.from('x')]),
  );

/** 70 bytes: a zstd frame declaring a 1.875 GiB window (Window_Descriptor 20/7), then 16 RLE blocks of 128 KiB. */
export const zstdWindowBomb = (): Buffer =>
  Buffer.concat([ZSTD_MAGIC, Buffer.from([0x00, (20 << 3) | 7]), ...rleBlocks(16)]);

/** A single-segment zstd frame declaring 2^40 bytes of content (its window too), then 16 RLE blocks. */
export function zstdContentSizeBomb(): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64LE(2n ** 40n);
  return Buffer.concat([ZSTD_MAGIC, Buffer.from([0xe0]), size, ...rleBlocks(16)]);
}

export type Nesting = { depth: number; kind: 'array' | 'kvlist' };

/** An OTLP JSON AnyValue nesting `depth` arrays (or key/value lists) around the string "deep". */
export function nestedAnyValueJson({ depth, kind }: Nesting): string {
  return kind === 'array'
    ? `${'{"arrayValue":{"values":['.repeat(depth)}{"stringValue":"deep"}${']}}'.repeat(depth)}`
    : `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(depth)}{"stringValue":"deep"}${'}]}}'.repeat(depth)}`;
}

export type HostileLog = { body: string | Nesting; attribute?: Nesting };

const NOW_NS = () => BigInt(Date.now() - 60_000) * 1_000_000n;

/** An OTLP logs request in JSON: one resource (service `hostile`), the records in order. */
export function otlpLogsJson(records: HostileLog[]): string {
  const time = String(NOW_NS());
  const lines = records.map((r) => {
    const body = typeof r.body === 'string' ? JSON.stringify({ stringValue: r.body }) : nestedAnyValueJson(r.body);
    const attributes = r.attribute ? `[{"key":"deep","value":${nestedAnyValueJson(r.attribute)}}]` : '[]';
    return `{"timeUnixNano":"${time}","severityText":"INFO","body":${body},"attributes":${attributes}}`;
  });
  return `{"resourceLogs":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"hostile"}}]},"scopeLogs":[{"logRecords":[${lines.join(',')}]}]}]}`;
}

const LEN = 2;
const FIXED64 = 1;
const tag = (field: number, wire: number) => (field << 3) | wire;

/** Writes an AnyValue's fields nesting `depth` arrays or key/value lists around "deep" (fork/ldelim: no recursion). */
function writeNested(w: protobuf.Writer, { depth, kind }: Nesting): void {
  for (let i = 0; i < depth; i++) {
    if (kind === 'array') w.uint32(tag(5, LEN)).fork().uint32(tag(1, LEN)).fork();
    else
      w.uint32(tag(6, LEN))
        .fork()
        .uint32(tag(1, LEN))
        .fork()
        .uint32(tag(1, LEN))
        .string('k')
        .uint32(tag(2, LEN))
        .fork();
  }
  w.uint32(tag(1, LEN)).string('deep');
  for (let i = 0; i < depth * (kind === 'array' ? 2 : 3); i++) w.ldelim();
}

const writeTime = (w: protobuf.Writer, field: number, ns: bigint) =>
  w.uint32(tag(field, FIXED64)).fixed64(ns.toString());

/** The same logs request as protobuf (ExportLogsServiceRequest). */
export function otlpLogsProtobuf(records: HostileLog[]): Uint8Array {
  const w = protobuf.Writer.create();
  w.uint32(tag(1, LEN)).fork(); // resource_logs
  w.uint32(tag(1, LEN))
    .fork()
    .uint32(tag(1, LEN))
    .fork()
    .uint32(tag(1, LEN))
    .string('service.name')
    .uint32(tag(2, LEN))
    .fork()
    .uint32(tag(1, LEN))
    .string('hostile')
    .ldelim()
    .ldelim()
    .ldelim();
  w.uint32(tag(2, LEN)).fork(); // scope_logs
  for (const r of records) {
    w.uint32(tag(2, LEN)).fork(); // log_records
    writeTime(w, 1, NOW_NS());
    w.uint32(tag(3, LEN)).string('INFO');
    w.uint32(tag(5, LEN)).fork();
    if (typeof r.body === 'string') w.uint32(tag(1, LEN)).string(r.body);
    else writeNested(w, r.body);
    w.ldelim();
    if (r.attribute) {
      w.uint32(tag(6, LEN)).fork().uint32(tag(1, LEN)).string('deep').uint32(tag(2, LEN)).fork();
      writeNested(w, r.attribute);
      w.ldelim().ldelim();
    }
    w.ldelim();
  }
  w.ldelim().ldelim();
  return w.finish();
}

export type HostileSpan = { name: string; attribute?: Nesting; eventAttribute?: Nesting };

/** An OTLP traces request as protobuf: root spans of one trace, each optionally with a deep attribute. */
export function otlpTracesProtobuf(traceId: string, spans: HostileSpan[]): Uint8Array {
  const w = protobuf.Writer.create();
  const start = NOW_NS();
  w.uint32(tag(1, LEN)).fork().uint32(tag(2, LEN)).fork(); // resource_spans, scope_spans
  for (const [i, s] of spans.entries()) {
    w.uint32(tag(2, LEN)).fork(); // spans
    w.uint32(tag(1, LEN)).bytes(Buffer.from(traceId, 'hex'));
    w.uint32(tag(2, LEN)).bytes(Buffer.from(`${i + 1}`.padStart(16, '0'), 'hex'));
    w.uint32(tag(5, LEN)).string(s.name);
    w.uint32(tag(6, 0)).uint32(2);
    writeTime(w, 7, start);
    writeTime(w, 8, start + 5_000_000n);
    if (s.attribute) {
      w.uint32(tag(9, LEN)).fork().uint32(tag(1, LEN)).string('deep').uint32(tag(2, LEN)).fork();
      writeNested(w, s.attribute);
      w.ldelim().ldelim();
    }
    if (s.eventAttribute) {
      w.uint32(tag(11, LEN)).fork().uint32(tag(2, LEN)).string('note');
      w.uint32(tag(3, LEN)).fork().uint32(tag(1, LEN)).string('deep').uint32(tag(2, LEN)).fork();
      writeNested(w, s.eventAttribute);
      w.ldelim().ldelim().ldelim();
    }
    w.ldelim();
  }
  w.ldelim().ldelim();
  return w.finish();
}
