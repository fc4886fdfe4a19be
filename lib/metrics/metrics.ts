// Prometheus metrics (#36), one registry per process (prom-client): what was received and what became of it
// (outcomes by project, category, outcome, reason), the ingest batches (size and statement time per writer), the
// job queue's backlog, webhook and email deliveries, HTTP latency per route, and the process (memory, CPU, event
// loop lag, GC). Served at /metrics behind METRICS_TOKEN (app/metrics/route.ts); each instance has its own.
import client from 'prom-client';

type State = {
  registry: client.Registry;
  outcomes: client.Counter<'project' | 'category' | 'outcome' | 'reason'>;
  batchSize: client.Histogram<'writer'>;
  batchSeconds: client.Histogram<'writer'>;
  deliveries: client.Counter<'channel' | 'result'>;
  http: client.Histogram<'route' | 'method' | 'status'>;
  backlog: client.Gauge<'queue'>;
  replicaLag: client.Gauge;
  replicaUsable: client.Gauge;
  ingestInFlight: client.Gauge<'endpoint'>;
};

const g = globalThis as unknown as { trackerMetrics?: State };

function state(): State {
  if (g.trackerMetrics) return g.trackerMetrics;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const s: State = {
    registry,
    outcomes: new client.Counter({
      name: 'tracker_outcomes_total',
      help: "Items received, by what became of them (the Stats page's outcomes)",
      labelNames: ['project', 'category', 'outcome', 'reason'],
      registers: [registry],
    }),
    batchSize: new client.Histogram({
      name: 'tracker_ingest_batch_size',
      help: 'Items written by one batch statement',
      labelNames: ['writer'],
      buckets: [1, 2, 4, 8, 16, 32, 64, 100],
      registers: [registry],
    }),
    batchSeconds: new client.Histogram({
      name: 'tracker_ingest_batch_seconds',
      help: 'Time of one batch statement',
      labelNames: ['writer'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    deliveries: new client.Counter({
      name: 'tracker_alert_deliveries_total',
      help: 'Alert delivery attempts by channel and result',
      labelNames: ['channel', 'result'],
      registers: [registry],
    }),
    http: new client.Histogram({
      name: 'tracker_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    backlog: new client.Gauge({
      name: 'tracker_job_queue_backlog',
      help: 'Jobs waiting in each queue (read at scrape time)',
      labelNames: ['queue'],
      registers: [registry],
    }),
    replicaLag: new client.Gauge({
      name: 'tracker_replica_lag_seconds',
      help: "The read replica's replay lag at its last probe (-1: no answer)",
      registers: [registry],
    }),
    ingestInFlight: new client.Gauge({
      name: 'tracker_ingest_requests_in_flight',
      help: 'Ingest requests received and not yet answered, by endpoint',
      labelNames: ['endpoint'],
      registers: [registry],
    }),
    replicaUsable: new client.Gauge({
      name: 'tracker_replica_reads',
      help: '1 while heavy reads may go to the read replica, 0 while they fall back to the primary',
      registers: [registry],
    }),
  };
  g.trackerMetrics = s;
  return s;
}

export function countOutcome({
  project,
  category,
  outcome,
  reason,
  quantity,
}: {
  project: string;
  category: string;
  outcome: string;
  reason: string;
  quantity: number;
}): void {
  state().outcomes.inc({ project, category, outcome, reason }, quantity);
}

export function observeBatch(writer: string, size: number, seconds: number): void {
  const s = state();
  s.batchSize.observe({ writer }, size);
  s.batchSeconds.observe({ writer }, seconds);
}

/**
 * Counts an ingest request as held until the returned function is called, once (the response's `close`): a request
 * stuck anywhere between its headers and its answer stays in tracker_ingest_requests_in_flight.
 */
export function holdIngestRequest(endpoint: string): () => void {
  const gauge = state().ingestInFlight;
  gauge.inc({ endpoint });
  return () => gauge.dec({ endpoint });
}

export function countDelivery(channel: string, success: boolean): void {
  state().deliveries.inc({ channel, result: success ? 'success' : 'failure' });
}

/** An id-like path segment (UUID, hex, number, a key) is a parameter: one series per route, not per resource. */
export function routeOf(pathname: string): string {
  return (
    pathname
      .split('?')[0]
      .split('/')
      .map((seg, i, all) => {
        if (seg === '') return seg;
        if (/^[0-9]+$/.test(seg) || /^[0-9a-f-]{16,}$/i.test(seg) || /^[A-Za-z0-9_-]{20,}$/.test(seg)) return ':id';
        // Names in paths (a transaction, a release version, a monitor slug) after their collection.
        if (
          i > 0 &&
          ['transactions', 'releases', 'cron', 'debug-ids', 'traces'].includes(all[i - 1]) &&
          seg !== 'spans'
        )
          return ':name';
        return seg;
      })
      .join('/') || '/'
  );
}

/** At most this many distinct route labels: paths anyone can send (404s included) cannot grow the registry. */
const MAX_ROUTES = 300;
const routes = new Set<string>();

export function observeHttp({
  pathname,
  method,
  status,
  seconds,
}: {
  pathname: string;
  method: string;
  status: number;
  seconds: number;
}): void {
  let route = routeOf(pathname);
  if (!routes.has(route)) {
    if (routes.size >= MAX_ROUTES) route = 'other';
    else routes.add(route);
  }
  const m = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'].includes(method) ? method : 'other';
  state().http.observe({ route, method: m, status: String(status) }, seconds);
}

/** The read replica's last probe (only set when DATABASE_REPLICA_URL is: otherwise the series stay at 0). */
export function setReplicaGauges(lagSeconds: number | null, usable: boolean): void {
  const s = state();
  s.replicaLag.set(lagSeconds ?? -1);
  s.replicaUsable.set(usable ? 1 : 0);
}

/** The registry's text, with the job backlog read first (`readBacklog` answers queue → waiting jobs). */
export async function metricsText(
  readBacklog: () => Promise<Record<string, number>>,
): Promise<{ body: string; contentType: string }> {
  const s = state();
  try {
    for (const [queue, n] of Object.entries(await readBacklog())) s.backlog.set({ queue }, n);
  } catch {
    // The rest of the metrics still answer; the backlog keeps its last values.
  }
  return { body: await s.registry.metrics(), contentType: s.registry.contentType };
}
