// Log lines (#34, #51): Sentry.logger.* and OTLP logs, their columns and any attribute by its key (stored compactly:
// a key a column holds is read back from the column, lib/logs/compact.ts).
import type { Dataset } from '../dataset';
import { attributeContainments, attributeValueSql, DUPLICATE_KEYS } from '@/lib/logs/compact';
import { spanIdSql } from '@/lib/traces/span-keys';
import { numberOfJsonb } from './sql';

export const logs: Dataset = {
  name: 'logs',
  label: 'Logs',
  description: 'Log lines sent by Sentry SDKs (Sentry.logger) and OpenTelemetry exporters',
  table: 'logs',
  // Unaliased: the compact attributes' SQL (lib/logs/compact.ts) names the columns bare.
  from: (sample) => `logs${sample}`,
  project: { sql: 'project_id', by: 'id' },
  time: 'timestamp',
  received: 'received_at',
  text: 'body',
  status: null,
  rates: ['epm'],
  noun: 'log lines',
  fields: [
    { name: 'project', type: 'string', sql: 'project_id', project: true, description: 'The project (by slug)' },
    { name: 'message', type: 'string', sql: 'body', description: 'The line as logged' },
    { name: 'severity', type: 'string', sql: 'level', description: 'trace, debug, info, warn, error or fatal' },
    { name: 'level', type: 'string', sql: 'level', description: 'The same as severity' },
    { name: 'severity_number', type: 'number', sql: 'severity_number', description: 'OpenTelemetry severity, 1 to 24' },
    { name: 'message.template', type: 'string', sql: 'template', description: 'The template the line was made from' },
    { name: 'environment', type: 'string', sql: 'environment', description: 'sentry.environment' },
    { name: 'release', type: 'string', sql: 'release', description: 'sentry.release' },
    { name: 'trace', type: 'string', sql: "replace(trace_id::text, '-', '')", description: 'The trace id' },
    { name: 'span.id', type: 'string', sql: spanIdSql('span_id'), description: 'The span it was logged in' },
  ],
  attributes: {
    noun: 'attribute',
    text: (keyParam, key) => attributeValueSql(keyParam, key),
    number: (keyParam) => numberOfJsonb(`attributes -> ${keyParam}`),
    has: (keyParam, key) =>
      DUPLICATE_KEYS.some((d) => d.key === key)
        ? `${attributeValueSql(keyParam, key)} IS NOT NULL`
        : `attributes ? ${keyParam}`,
    containments: (key, value) => {
      const bags = attributeContainments(key, value);
      return bags.length ? { sql: 'attributes', bags } : null;
    },
  },
  sampleRows: () => 30_000,
  samples: {
    columns: `id::text AS id, timestamp, project_id AS project, level, body, replace(trace_id::text, '-', '') AS trace`,
    toSample: (r, projectId) => ({
      id: String(r.id),
      timestamp: (r.timestamp as Date).toISOString(),
      title: String(r.body),
      projectId,
      level: r.level,
      traceId: r.trace ?? null,
      href: r.trace ? `/traces/${r.trace as string}` : `/projects/${encodeURIComponent(projectId)}/logs`,
    }),
  },
};
