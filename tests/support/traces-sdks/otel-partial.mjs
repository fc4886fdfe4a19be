// The official OpenTelemetry JS exporters told what they left out (#58): each export holds a health check trace
// (a server span "GET /health" and its child, which the project's inbound filter drops) and a trace that is kept;
// the log export holds a line whose body nests 30 levels deep (past the server's 24) and one that is kept. Traces go
// once as protobuf and once as JSON, logs as JSON. The exporters log a partial success through OpenTelemetry's diag
// logger: every warning is printed as one JSON line. argv: traces URL, logs URL, public key.
import { context, diag, DiagLogLevel, trace, SpanKind } from '@opentelemetry/api';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter as ProtoTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { LoggerProvider, BatchLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';

const [tracesUrl, logsUrl, key] = process.argv.slice(2);
const headers = { 'x-sentry-auth': `sentry sentry_key=${key}` };
const warnings = [];
const note =
  (level) =>
  (message, ...args) =>
    warnings.push({ level, message, args: args.map(String) });
diag.setLogger(
  { error: note('error'), warn: note('warn'), info: () => {}, debug: () => {}, verbose: () => {} },
  DiagLogLevel.WARN,
);
const resource = resourceFromAttributes({ 'service.name': 'orders-service', 'service.version': 'orders@7.2.0' });

async function exportTraces(exporter, encoding) {
  const provider = new TracerProvider({ resource, spanProcessors: [new BatchSpanProcessor({ exporter })] });
  const tracer = provider.getTracer('orders');
  for (const name of ['GET /health', `GET /orders (${encoding})`]) {
    const root = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'GET' } });
    const child = tracer.startSpan('load', { kind: SpanKind.INTERNAL }, trace.setSpan(context.active(), root));
    child.end();
    root.end();
  }
  await provider.forceFlush();
  await provider.shutdown();
}

await exportTraces(new ProtoTraceExporter({ url: tracesUrl, headers }), 'protobuf');
await exportTraces(new JsonTraceExporter({ url: tracesUrl, headers }), 'json');

const loggerProvider = new LoggerProvider({
  resource,
  processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: logsUrl, headers }) })],
});
const logger = loggerProvider.getLogger('orders');
let deep = 'bottom';
for (let i = 0; i < 30; i++) deep = { level: deep };
logger.emit({ severityNumber: 17, severityText: 'ERROR', body: deep });
logger.emit({ severityNumber: 9, severityText: 'INFO', body: 'Order 8 shipped' });
await loggerProvider.forceFlush();
await loggerProvider.shutdown();

for (const w of warnings) console.log(JSON.stringify(w));
console.log('sent');
