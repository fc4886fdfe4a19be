// The official OpenTelemetry JS metrics SDK and OTLP/HTTP exporters (#61): a counter, an up-down counter, a gauge, an
// explicit-bucket histogram and an exponential histogram, measured in two rounds, each round exported by
// forceFlush, with the temporality asked for (delta, or the SDK's default cumulative). The exporters' warnings
// (a partial success) are printed as JSON lines. argv: metrics URL, public key, `json` or `protobuf`, `delta` or
// `cumulative`. Driven by tests/api/metrics-otlp.test.ts.
import { diag, DiagLogLevel } from '@opentelemetry/api';
import {
  AggregationTemporality,
  AggregationType,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { OTLPMetricExporter as JsonExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtoExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';

const [url, key, encoding, temporality] = process.argv.slice(2);
const warnings = [];
const note =
  (level) =>
  (message, ...args) =>
    warnings.push({ level, message, args: args.map(String) });
diag.setLogger(
  { error: note('error'), warn: note('warn'), info: () => {}, debug: () => {}, verbose: () => {} },
  DiagLogLevel.WARN,
);

const Exporter = encoding === 'protobuf' ? ProtoExporter : JsonExporter;
const exporter = new Exporter({
  url,
  headers: { 'x-sentry-auth': `sentry sentry_key=${key}` },
  ...(temporality === 'delta' ? { temporalityPreference: AggregationTemporality.DELTA } : {}),
});
const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
const provider = new MeterProvider({
  resource: resourceFromAttributes({
    'service.name': 'jobs-worker',
    'service.version': 'jobs@3.1.0',
    'deployment.environment.name': 'staging',
  }),
  readers: [reader],
  views: [
    {
      instrumentName: 'job.duration',
      aggregation: { type: AggregationType.EXPLICIT_BUCKET_HISTOGRAM, options: { boundaries: [10, 50, 100, 500] } },
    },
    { instrumentName: 'job.size', aggregation: { type: AggregationType.EXPONENTIAL_HISTOGRAM } },
  ],
});
const meter = provider.getMeter('jobs', '1.0.0');
const processed = meter.createCounter('jobs.processed');
const active = meter.createUpDownCounter('workers.active');
const queue = meter.createGauge('queue.size');
const duration = meter.createHistogram('job.duration', { unit: 'ms' });
const size = meter.createHistogram('job.size', { unit: 'By' });
const mail = { queue: 'mail' };

processed.add(3, mail);
active.add(5);
queue.record(12, mail);
for (const ms of [5, 20, 70]) duration.record(ms, mail);
for (const bytes of [1000, 2000, 4000]) size.record(bytes);
await provider.forceFlush();

processed.add(4, mail);
active.add(-2);
queue.record(9, mail);
for (const ms of [300, 700, 8]) duration.record(ms, mail);
size.record(3000);
await provider.forceFlush();

for (const w of warnings) console.log(JSON.stringify(w));
console.log('sent');
