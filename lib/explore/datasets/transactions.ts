// Transactions: a request, page load or job as a whole, with its duration, status and web vitals. Known fields
// only: a transaction's tags are not stored (its root span's data is, under spans' is_transaction:true).
import type { Dataset } from '../dataset';

export const transactions: Dataset = {
  name: 'transactions',
  label: 'Transactions',
  description: 'Requests, page loads and jobs as a whole: duration, status, web vitals',
  table: 'transactions',
  from: (sample) => `transactions t${sample}`,
  project: { sql: 't.project_id', by: 'id' },
  time: 't.timestamp',
  received: 't.received_at',
  text: 't.name',
  status: 't.status',
  rates: ['epm'],
  noun: 'transactions',
  fields: [
    { name: 'project', type: 'string', sql: 't.project_id', project: true, description: 'The project (by slug)' },
    { name: 'transaction', type: 'string', sql: 't.name', description: 'Its name: a route, a page, a job' },
    { name: 'transaction.duration', type: 'duration', sql: 't.duration', description: 'How long it took' },
    { name: 'transaction.status', type: 'string', sql: 't.status', description: 'ok, internal_error, cancelled…' },
    { name: 'environment', type: 'string', sql: 't.environment', description: 'The environment' },
    { name: 'release', type: 'string', sql: 't.release', description: 'The release' },
    { name: 'trace', type: 'string', sql: 't.trace_id', description: 'The trace id' },
    { name: 'measurements.lcp', type: 'duration', sql: 't.lcp', description: 'Largest contentful paint' },
    { name: 'measurements.fcp', type: 'duration', sql: 't.fcp', description: 'First contentful paint' },
    { name: 'measurements.ttfb', type: 'duration', sql: 't.ttfb', description: 'Time to first byte' },
    { name: 'measurements.cls', type: 'number', sql: 't.cls', description: 'Cumulative layout shift' },
  ],
  attributes: null,
  sampleRows: () => 30_000,
  samples: {
    columns: `t.id, t.timestamp, t.project_id AS project, t.name, t.duration, t.status, t.trace_id AS trace`,
    toSample: (r, projectId) => ({
      id: String(r.id),
      timestamp: (r.timestamp as Date).toISOString(),
      title: String(r.name),
      projectId,
      durationMs: r.duration,
      status: r.status,
      traceId: r.trace ?? null,
      href: r.trace
        ? `/traces/${r.trace as string}`
        : `/projects/${encodeURIComponent(projectId)}/performance/${encodeURIComponent(String(r.name))}`,
    }),
  },
};
