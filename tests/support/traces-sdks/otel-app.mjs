// The official OpenTelemetry JS SDK alone, exporting over OTLP/HTTP: traces as protobuf, logs as JSON. A server
// span "GET /orders" with a child PostgreSQL span, an exception recorded on it, and a log line in the trace.
// argv: traces URL, logs URL, public key. Prints the trace id. Driven by tests/api/traces.test.ts.
import { context, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { LoggerProvider, BatchLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';

const [tracesUrl, logsUrl, key] = process.argv.slice(2);
const headers = { 'x-sentry-auth': `sentry sentry_key=${key}` };
const resource = resourceFromAttributes({
  'service.name': 'orders-service',
  'service.version': 'orders@7.1.0',
  'deployment.environment.name': 'production',
});
const tracerProvider = new TracerProvider({
  resource,
  spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl, headers }) })],
});
const loggerProvider = new LoggerProvider({
  resource,
  processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: logsUrl, headers }) })],
});
const tracer = tracerProvider.getTracer('orders');
const logger = loggerProvider.getLogger('orders');

const root = tracer.startSpan('GET /orders', {
  kind: SpanKind.SERVER,
  attributes: { 'http.request.method': 'GET', 'url.path': '/orders' },
});
const ctx = trace.setSpan(context.active(), root);
const db = tracer.startSpan(
  'SELECT orders',
  {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': 'postgresql', 'db.query.text': 'SELECT * FROM orders WHERE id = 7' },
  },
  ctx,
);
await new Promise((r) => setTimeout(r, 20));
db.end();
logger.emit({
  severityNumber: 17,
  severityText: 'ERROR',
  body: 'Order 7 could not be loaded',
  attributes: { 'order.id': 7 },
  context: ctx,
});
const err = new Error('order 7 is corrupt');
root.recordException(err);
root.setStatus({ code: SpanStatusCode.ERROR, message: 'internal_error' });
root.end();
await tracerProvider.forceFlush();
await loggerProvider.forceFlush();
await tracerProvider.shutdown();
await loggerProvider.shutdown();
console.log(root.spanContext().traceId);
console.log('sent');
