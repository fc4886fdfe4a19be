// Metric points (#61): Sentry.metrics.count, .gauge and .distribution and OTLP data points, one row each, read from
// metric_points with their series (name, type, unit and the attributes that say what is measured). A key that is no
// field reads the point's own attributes (ids, the user) first, then its series' (docs/metrics.md). `value` is a
// counter's increment, a gauge's reading, one measurement or a histogram's sum, so sum(value) of a counter is its
// total and p95(value) of a distribution its percentile. Raw points are kept for days (7 on FREE, 14 on PRO): the
// rollups behind docs/metrics.md's project API answer longer ranges of one metric.
import type { Dataset } from '../dataset';
import { spanIdSql } from '@/lib/traces/span-keys';
import { numberOfJsonb } from './sql';

/** A point's attribute as text: its own (json) first, then its series' (jsonb). */
const attributeText = (k: string) => `coalesce(m.attributes ->> ${k}, s.attributes ->> ${k})`;
const SDK_KEY = (key: string) => `coalesce(m.attributes ->> '${key}', s.attributes ->> '${key}')`;

export const metrics: Dataset = {
  name: 'metrics',
  label: 'Metrics',
  description: 'Metric points sent with Sentry.metrics (count, gauge, distribution) and OpenTelemetry exporters',
  table: 'metric_points',
  // The series row holds the name and most attributes; its key is the project's id, the point's the project's number.
  from: (sample) => `metric_points m${sample} JOIN projects pr ON pr.number = m.project
    JOIN metric_series s ON s.project_id = pr.id AND s.id = m.series`,
  project: { sql: 'm.project', by: 'number' },
  time: 'm.timestamp',
  received: 'm.received_at',
  text: 's.name',
  status: null,
  rates: ['epm'],
  noun: 'metric points',
  fields: [
    { name: 'project', type: 'string', sql: 'm.project', project: true, description: 'The project (by slug)' },
    { name: 'metric.name', type: 'string', sql: 's.name', description: 'The metric, as named when sent' },
    { name: 'metric.type', type: 'string', sql: 's.type', description: 'counter, gauge or distribution' },
    { name: 'metric.unit', type: 'string', sql: 's.unit', description: 'The unit sent with it (empty: none)' },
    {
      name: 'value',
      type: 'number',
      sql: 'm.value',
      description: "A counter's increment, a gauge's reading, a distribution's measurement, a histogram's sum",
    },
    { name: 'environment', type: 'string', sql: SDK_KEY('sentry.environment'), description: 'sentry.environment' },
    { name: 'release', type: 'string', sql: SDK_KEY('sentry.release'), description: 'sentry.release' },
    { name: 'trace', type: 'string', sql: "replace(m.trace_id::text, '-', '')", description: 'The trace id' },
    { name: 'span.id', type: 'string', sql: spanIdSql('m.span_id'), description: 'The span it was measured in' },
  ],
  attributes: {
    noun: 'attribute',
    text: (keyParam) => attributeText(keyParam),
    number: (keyParam) => numberOfJsonb(`coalesce((m.attributes -> ${keyParam})::jsonb, s.attributes -> ${keyParam})`),
    has: (keyParam) => `${attributeText(keyParam)} IS NOT NULL`,
  },
  sampleRows: () => 30_000,
  samples: {
    columns: `m.series::text || ':' || (extract(epoch FROM m.timestamp) * 1000000)::bigint::text AS id, m.timestamp,
      m.project, s.name, s.type, s.unit, m.value, replace(m.trace_id::text, '-', '') AS trace,
      ${spanIdSql('m.span_id')} AS span`,
    toSample: (r, projectId) => ({
      id: String(r.id),
      timestamp: (r.timestamp as Date).toISOString(),
      title:
        `${r.name as string} ${r.value === null ? '' : String(r.value)}${r.unit ? ` ${r.unit as string}` : ''}`.trim(),
      projectId,
      metricType: r.type,
      value: r.value,
      traceId: r.trace ?? null,
      spanId: r.span ?? null,
      // A point measured in a span is shown in its trace, at the span; else the project's metrics API lists it.
      href: r.trace
        ? `/traces/${r.trace as string}${r.span ? `#span-${projectId}-${r.span as string}` : ''}`
        : `/api/v1/projects/${encodeURIComponent(projectId)}/metrics/points?name=${encodeURIComponent(String(r.name))}`,
    }),
  },
};
