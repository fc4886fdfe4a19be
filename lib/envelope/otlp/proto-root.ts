// The official OpenTelemetry definitions (./proto, vendored unchanged), loaded once by protobufjs: the trace, logs and
// metrics (#61) collector services, whose requests ./decode.ts reads and whose responses ./export-response.ts writes.
import path from 'node:path';
import protobuf from 'protobufjs';

let root: protobuf.Root | undefined;

export function otlpRoot(): protobuf.Root {
  if (!root) {
    const dir = path.join(process.cwd(), 'lib', 'envelope', 'otlp', 'proto');
    const r = new protobuf.Root();
    // Imports name files from the root of the definitions (`opentelemetry/proto/common/v1/common.proto`).
    r.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(dir, target));
    root = r.loadSync([
      'opentelemetry/proto/collector/trace/v1/trace_service.proto',
      'opentelemetry/proto/collector/logs/v1/logs_service.proto',
      'opentelemetry/proto/collector/metrics/v1/metrics_service.proto',
    ]);
    root.resolveAll();
  }
  return root;
}
