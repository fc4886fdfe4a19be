// The official OpenTelemetry JS SDK exporting over OTLP/HTTP (traces as protobuf, logs and metrics as JSON) with
// secrets in the resource, span names and attributes, an exception, log bodies and attributes, and metric attributes.
// argv: traces URL, logs URL, public key, a JSON object of secrets, metrics URL. Driven by tests/api/secrets-every-kind.test.ts.
import { context, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { LoggerProvider, BatchLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';

const [tracesUrl, logsUrl, key, secrets, metricsUrl] = process.argv.slice(2);
const s = JSON.parse(secrets);
const text = (where) =>
  `${where}: card ${s.card} Bearer ${s.bearer} password=${s.password} ${s.awsKey} https://ann:${s.urlPassword}@db.example.com/?access_token=${s.queryToken}`;
const map = (where) => ({ password: s.password, api_key: s.apiKey, session_cookie: s.cookie, note: text(where) });
const headers = { 'x-sentry-auth': `sentry sentry_key=${key}` };
const resource = resourceFromAttributes({
  'service.name': 'sweep-service',
  'deployment.environment.name': 'production',
  ...map('resource'),
});
const tracerProvider = new TracerProvider({
  resource,
  spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl, headers }) })],
});
const loggerProvider = new LoggerProvider({
  resource,
  processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: logsUrl, headers }) })],
});
const tracer = tracerProvider.getTracer('sweep');
const logger = loggerProvider.getLogger('sweep');

const root = tracer.startSpan(`GET /cards/${s.card}/verify`, {
  kind: SpanKind.SERVER,
  attributes: {
    'http.request.method': 'GET',
    'url.full': `https://shop.example.com/cards/${s.card}?access_token=${s.queryToken}`,
    ...map('root span'),
  },
});
const ctx = trace.setSpan(context.active(), root);
const db = tracer.startSpan(
  text('child span'),
  {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system.name': 'postgresql',
      'db.query.text': `SELECT * FROM cards WHERE number = '${s.card}'`,
      ...map('child span'),
    },
  },
  ctx,
);
db.end();
logger.emit({
  severityNumber: 17,
  severityText: 'ERROR',
  body: text('log body'),
  attributes: map('log attributes'),
  context: ctx,
});
root.recordException(new Error(text('exception')));
root.setStatus({ code: SpanStatusCode.ERROR, message: text('status') });
root.end();
const meterProvider = new MeterProvider({
  resource,
  readers: [
    new PeriodicExportingMetricReader({
      exporter: new OTLPMetricExporter({ url: metricsUrl, headers }),
      exportIntervalMillis: 3_600_000,
    }),
  ],
});
meterProvider.getMeter('sweep').createCounter('cards.checked').add(1, map('metric attributes'));
await tracerProvider.forceFlush();
await loggerProvider.forceFlush();
await meterProvider.forceFlush();
await tracerProvider.shutdown();
await loggerProvider.shutdown();
console.log('sent');
