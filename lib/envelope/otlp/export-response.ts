// The answer to an OTLP/HTTP export (#58): the signal's Export…ServiceResponse, written with the official definitions
// (./proto-root.ts) in the encoding of the request. A fully accepted export answers the empty message (zero bytes in
// protobuf, `{}` in JSON); one that left something out names it in `partial_success`, as the protocol requires, with
// the count of what was rejected and why, which exporters log.
import type { OtlpKind } from './decode';
import { otlpRoot } from './proto-root';

/** What an export left out: how many of the signal's items, and a message for the developer who reads the log. */
export type PartialSuccess = { rejected: number; errorMessage: string };

/** Each signal's response message and the field counting its rejected items (metrics: `rejectedDataPoints`). */
const RESPONSES: Record<OtlpKind, { type: string; rejected: string }> = {
  traces: { type: 'opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse', rejected: 'rejectedSpans' },
  logs: { type: 'opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse', rejected: 'rejectedLogRecords' },
  metrics: {
    type: 'opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse',
    rejected: 'rejectedDataPoints',
  },
};

/**
 * The Export…ServiceResponse of `kind`: protobuf bytes, or its proto3 JSON mapping (lowerCamelCase names, the int64
 * count as a decimal string, fields at their default left out).
 */
export function exportResponse(
  kind: OtlpKind,
  partial: PartialSuccess | null,
  encoding: 'protobuf' | 'json',
): Uint8Array | string {
  const spec = RESPONSES[kind];
  const type = otlpRoot().lookupType(spec.type);
  const message = type.fromObject(
    partial ? { partialSuccess: { [spec.rejected]: partial.rejected, errorMessage: partial.errorMessage } } : {},
  );
  if (encoding === 'protobuf') return type.encode(message).finish();
  return JSON.stringify(type.toObject(message, { longs: String, json: true }));
}
