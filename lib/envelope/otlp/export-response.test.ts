import { JsonLogsSerializer, ProtobufLogsSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { describe, expect, it } from 'vitest';
import { exportResponse } from './export-response';

const partial = { rejected: 3, errorMessage: '3 spans rejected.' };

describe('exportResponse', () => {
  it('full success: the empty message, zero bytes or {}', () => {
    for (const kind of ['traces', 'logs'] as const) {
      expect((exportResponse(kind, null, 'protobuf') as Uint8Array).byteLength).toBe(0);
      expect(exportResponse(kind, null, 'json')).toBe('{}');
    }
  });

  it('JSON: the proto3 JSON mapping (lowerCamelCase names, the int64 count as a string)', () => {
    expect(JSON.parse(exportResponse('traces', partial, 'json') as string)).toEqual({
      partialSuccess: { rejectedSpans: '3', errorMessage: '3 spans rejected.' },
    });
    expect(JSON.parse(exportResponse('logs', partial, 'json') as string)).toEqual({
      partialSuccess: { rejectedLogRecords: '3', errorMessage: '3 spans rejected.' },
    });
  });

  it('protobuf: what the OpenTelemetry exporters decode (their own reader, not protobufjs)', () => {
    const traces = exportResponse('traces', partial, 'protobuf') as Uint8Array;
    expect(ProtobufTraceSerializer.deserializeResponse(traces)).toEqual({
      partialSuccess: { rejectedSpans: 3, errorMessage: '3 spans rejected.' },
    });
    const logs = exportResponse('logs', { rejected: 2 ** 40, errorMessage: 'many' }, 'protobuf') as Uint8Array;
    expect(ProtobufLogsSerializer.deserializeResponse(logs)).toMatchObject({
      partialSuccess: { errorMessage: 'many' },
    });
    expect(String(ProtobufLogsSerializer.deserializeResponse(logs).partialSuccess?.rejectedLogRecords)).toBe(
      String(2 ** 40),
    );
    const json = new TextEncoder().encode(exportResponse('logs', partial, 'json') as string);
    expect(JsonLogsSerializer.deserializeResponse(json)).toEqual({
      partialSuccess: { rejectedLogRecords: '3', errorMessage: '3 spans rejected.' },
    });
  });
});
