// Group commit: envelopes that arrive together are written in one transaction, so a burst pays one WAL
// flush (and one wait on the organization's usage row) per batch instead of one per envelope. A request is
// answered only after its batch has committed (synchronous_commit stays on: a 200 means durable).
import { pool } from '@/lib/pg';
import { afterIngest, type IngestedError } from '@/lib/alerts/after-ingest';
import { onShutdown } from '@/lib/runtime/shutdown';
import { PLAN_LIMITS_JSON, usageMonth } from '@/lib/quota/monthly-quota';
import type { Level } from '@/lib/generated/prisma/enums';
import { MAX_TAG_KEYS_PER_ISSUE, MAX_TAG_VALUES_PER_KEY, type RollupKeys } from './rollup-keys';

export type StoredEventInput = {
  orgId: string;
  projectId: string;
  fingerprint: string;
  title: string;
  culprit: string | null;
  level: Level;
  message: string;
  eventId: string | null;
  timestamp: Date;
  receivedAt: Date;
  environment: string | null;
  release: string | null;
  /** Already serialized JSON (or null) for the jsonb columns. */
  json: { stacktrace: string | null; contexts: string | null; tags: string | null; userContext: string | null; request: string | null; breadcrumbs: string | null; details: string | null };
  /** What the event adds to its issue's tag and user rollups (lib/ingest/rollup-keys). */
  rollup: RollupKeys;
};

export type StoredTransactionInput = {
  orgId: string;
  projectId: string;
  name: string;
  duration: number;
  status: string;
  vitals: { lcp?: number; cls?: number; fcp?: number; ttfb?: number };
  timestamp: Date;
  receivedAt: Date;
  environment: string | null;
  release: string | null;
  traceId: string | null;
};

export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? (err as { code?: string; constraint?: string }) : undefined;
}

export type ErrorOutcome =
  | { kind: 'stored'; issueId: string; isNewIssue: boolean; isRegression: boolean }
  | { kind: 'duplicate' }
  | { kind: 'quota_exceeded' }
  | { kind: 'unauthorized' }
  | { kind: 'unstorable' };
export type TransactionOutcome = { kind: 'stored' } | { kind: 'quota_exceeded' } | { kind: 'unauthorized' } | { kind: 'unstorable' };

type Settle<T> = { resolve: (o: T) => void; reject: (err: unknown) => void };
type ErrorItem = { kind: 'error'; input: StoredEventInput } & Settle<ErrorOutcome>;
type TransactionItem = { kind: 'transaction'; input: StoredTransactionInput } & Settle<TransactionOutcome>;
type Item = ErrorItem | TransactionItem;
type Outcome = ErrorOutcome | TransactionOutcome;

export const MAX_BATCH = 100;
const MAX_IN_FLIGHT = 3;
const UNIQUE_VIOLATION = '23505';

type Batcher = {
  queue: Item[];
  inFlight: number;
  scheduled: boolean;
  pending: Set<Promise<unknown>>;
  idle: (() => void)[];
  /** (org, month) usage rows known to exist. */
  knownUsage: Set<string>;
};

// On globalThis: under `npm start` the Node ingest adapter and Next's bundle load separate copies of this
// module, and both must feed the same batches.
const g = globalThis as unknown as { trackerIngestBatcher?: Batcher };
const batcher: Batcher = (g.trackerIngestBatcher ??= (() => {
  const b: Batcher = { queue: [], inFlight: 0, scheduled: false, pending: new Set(), idle: [], knownUsage: new Set() };
  onShutdown(() => drainBatches());
  return b;
})());

/** Stores one error event with the next batch; resolves after that batch has committed. */
export function submitErrorEvent(input: StoredEventInput): Promise<ErrorOutcome> {
  return new Promise((resolve, reject) => enqueue({ kind: 'error', input, resolve, reject }));
}

/** Stores one transaction with the next batch; resolves after that batch has committed. */
export function submitTransaction(input: StoredTransactionInput): Promise<TransactionOutcome> {
  return new Promise((resolve, reject) => enqueue({ kind: 'transaction', input, resolve, reject }));
}

/** Resolves once every queued and in-flight batch (and its alert evaluation) has finished. */
export function drainBatches(): Promise<void> {
  if (isIdle()) return Promise.all(batcher.pending).then(() => {});
  return new Promise<void>((resolve) => batcher.idle.push(resolve)).then(() => drainBatches());
}

const isIdle = () => batcher.queue.length === 0 && batcher.inFlight === 0;

function enqueue(item: Item): void {
  batcher.queue.push(item);
  pump();
}

function pump(): void {
  const b = batcher;
  if (b.queue.length === 0) return;
  if (b.inFlight === 0) {
    // Envelopes read in the same turn of the event loop join the batch; a lone one waits no longer than that.
    if (!b.scheduled) {
      b.scheduled = true;
      setImmediate(() => {
        b.scheduled = false;
        if (b.inFlight === 0) launch();
        pump();
      });
    }
    return;
  }
  // Otherwise accumulate until the batch in flight commits, unless a full batch is ready to run beside it.
  while (b.queue.length >= MAX_BATCH && b.inFlight < MAX_IN_FLIGHT) launch();
}

function launch(): void {
  const b = batcher;
  const items = b.queue.splice(0, MAX_BATCH);
  if (!items.length) return;
  b.inFlight++;
  void runBatch(items).finally(() => {
    b.inFlight--;
    // What accumulated while this batch was in flight goes now.
    if (b.queue.length) launch();
    pump();
    if (isIdle()) for (const wake of b.idle.splice(0)) wake();
  });
}

async function runBatch(items: Item[]): Promise<void> {
  let outcomes: (Outcome | { failed: unknown })[];
  try {
    outcomes = await writeBatchWithRetry(items);
  } catch (err) {
    if (items.length === 1) {
      outcomes = [refused(err)];
    } else {
      // One bad envelope (or a project deleted meanwhile) must not fail its neighbours: each becomes a batch of one.
      if (!isExpected(err)) console.error('ingest: batch failed, storing its envelopes one by one', err);
      outcomes = [];
      for (const item of items) outcomes.push(await writeBatchWithRetry([item]).then((o) => o[0], refused));
    }
  }
  const stored: IngestedError[] = [];
  items.forEach((item, i) => {
    const o = outcomes[i];
    if (item.kind === 'error' && !('failed' in o) && o.kind === 'stored' && 'issueId' in o) {
      stored.push({ projectId: item.input.projectId, issueId: o.issueId, isNewIssue: o.isNewIssue, isRegression: o.isRegression, receivedAt: item.input.receivedAt });
    }
  });
  const answer = () =>
    items.forEach((item, i) => {
      const o = outcomes[i];
      if ('failed' in o) item.reject(o.failed);
      else (item.resolve as (o: Outcome) => void)(o);
    });
  if (!stored.length) {
    answer();
    return;
  }
  // Alert work is enqueued before the answers (the seam's contract: a 200 means its alerts are queued too),
  // but the batch slot is free already: the next batch does not wait for rule evaluation.
  const p = afterIngest(stored)
    .catch((err) => console.error('afterIngest failed', err))
    .finally(answer);
  batcher.pending.add(p);
  void p.finally(() => batcher.pending.delete(p));
}

function isExpected(err: unknown): boolean {
  const code = pgError(err)?.code;
  return code === '23503' || code?.startsWith('22') === true || code === '54001';
}

/** What a failed write means for its envelope. */
function refused(err: unknown): Outcome | { failed: unknown } {
  const code = pgError(err)?.code;
  // A project (or organization) deleted after the key lookup: its foreign key is gone.
  if (code === '23503') return { kind: 'unauthorized' };
  // A data exception means input slipped past validation: the client's fault, but worth a log line.
  if (code?.startsWith('22') || code === '54001') {
    console.error('ingest: envelope passed validation but was refused by the database', err);
    return { kind: 'unstorable' };
  }
  return { failed: err };
}

async function writeBatchWithRetry(items: Item[]): Promise<Outcome[]> {
  const batch = prepareBatch(items);
  for (let attempt = 1; ; attempt++) {
    await ensureUsageRows(batch.keys);
    try {
      const outcomes = await writeBatch(items, batch);
      if (outcomes) return outcomes;
      // A usage row vanished since we saw it (its organization was deleted): look again.
      for (const k of batch.keys) batcher.knownUsage.delete(k.id);
    } catch (err) {
      // A batch that waited on the usage lock checked event_ids against a snapshot from before the wait;
      // the unique index caught an event_id stored meanwhile, and nothing was written: check again.
      if (pgError(err)?.code !== UNIQUE_VIOLATION || attempt >= MAX_ATTEMPTS) throw err;
    }
    if (attempt >= MAX_ATTEMPTS) throw new Error('ingest batch: usage rows missing');
  }
}

const MAX_ATTEMPTS = 3;
const MAX_KNOWN_USAGE = 10_000;

/** Usage rows are created ahead of the batch statement, which then only has to lock them. */
async function ensureUsageRows(keys: UsageKey[]): Promise<void> {
  const missing = keys.filter((k) => !batcher.knownUsage.has(k.id));
  if (!missing.length) return;
  await pool().query({ name: 'ingest-batch-ensure-usage', text: ENSURE_USAGE_SQL, values: [missing.map((k) => k.orgId), missing.map((k) => k.month)] });
  if (batcher.knownUsage.size >= MAX_KNOWN_USAGE) batcher.knownUsage.clear();
  for (const k of missing) batcher.knownUsage.add(k.id);
}

// --- the batch statement ---------------------------------------------------------------------------------

const ENSURE_USAGE_SQL = `INSERT INTO monthly_usage (org_id, month) SELECT * FROM unnest($1::text[], $2::text[])
ON CONFLICT (org_id, month) DO NOTHING`;

type ErrorRow = { pos: number; e: StoredEventInput; month: string };
type TransactionRow = { pos: number; t: StoredTransactionInput; month: string };
/** A column of a batch: its name in the statement, its PostgreSQL type, its value, and the table column it fills (if any). */
type Column<R> = { name: string; type: string; value: (r: R) => unknown; into?: string };

// The one table of the error events' columns: adding a column to `events` is one line here.
const EVENT_COLUMNS: Column<ErrorRow>[] = [
  { name: 'pos', type: 'int', value: (r) => r.pos },
  { name: 'org_id', type: 'text', value: (r) => r.e.orgId },
  { name: 'month', type: 'text', value: (r) => r.month },
  { name: 'project_id', type: 'text', value: (r) => r.e.projectId, into: 'project_id' },
  { name: 'event_id', type: 'text', value: (r) => r.e.eventId, into: 'event_id' },
  { name: 'level', type: 'level', value: (r) => r.e.level, into: 'level' },
  { name: 'fingerprint', type: 'text', value: (r) => r.e.fingerprint },
  { name: 'title', type: 'text', value: (r) => r.e.title },
  { name: 'culprit', type: 'text', value: (r) => r.e.culprit },
  { name: 'message', type: 'text', value: (r) => r.e.message, into: 'message' },
  { name: 'stacktrace', type: 'jsonb', value: (r) => r.e.json.stacktrace, into: 'stacktrace' },
  { name: 'contexts', type: 'jsonb', value: (r) => r.e.json.contexts, into: 'contexts' },
  { name: 'tags', type: 'jsonb', value: (r) => r.e.json.tags, into: 'tags' },
  { name: 'user_context', type: 'jsonb', value: (r) => r.e.json.userContext, into: 'user_context' },
  { name: 'request', type: 'jsonb', value: (r) => r.e.json.request, into: 'request' },
  { name: 'breadcrumbs', type: 'jsonb', value: (r) => r.e.json.breadcrumbs, into: 'breadcrumbs' },
  { name: 'details', type: 'jsonb', value: (r) => r.e.json.details, into: 'details' },
  { name: 'environment', type: 'text', value: (r) => r.e.environment, into: 'environment' },
  { name: 'release', type: 'text', value: (r) => r.e.release, into: 'release' },
  { name: 'ts', type: 'timestamptz', value: (r) => r.e.timestamp.toISOString(), into: 'timestamp' },
  { name: 'received_at', type: 'timestamptz', value: (r) => r.e.receivedAt.toISOString(), into: 'received_at' },
  { name: 'user_key', type: 'text', value: (r) => r.e.rollup.user },
];

const TRANSACTION_COLUMNS: Column<TransactionRow>[] = [
  { name: 'pos', type: 'int', value: (r) => r.pos },
  { name: 'org_id', type: 'text', value: (r) => r.t.orgId },
  { name: 'month', type: 'text', value: (r) => r.month },
  { name: 'project_id', type: 'text', value: (r) => r.t.projectId, into: 'project_id' },
  { name: 'name', type: 'text', value: (r) => r.t.name, into: 'name' },
  { name: 'duration', type: 'float8', value: (r) => r.t.duration, into: 'duration' },
  { name: 'status', type: 'text', value: (r) => r.t.status, into: 'status' },
  { name: 'lcp', type: 'float8', value: (r) => r.t.vitals.lcp ?? null, into: 'lcp' },
  { name: 'cls', type: 'float8', value: (r) => r.t.vitals.cls ?? null, into: 'cls' },
  { name: 'fcp', type: 'float8', value: (r) => r.t.vitals.fcp ?? null, into: 'fcp' },
  { name: 'ttfb', type: 'float8', value: (r) => r.t.vitals.ttfb ?? null, into: 'ttfb' },
  { name: 'ts', type: 'timestamptz', value: (r) => r.t.timestamp.toISOString(), into: 'timestamp' },
  { name: 'received_at', type: 'timestamptz', value: (r) => r.t.receivedAt.toISOString(), into: 'received_at' },
  { name: 'environment', type: 'text', value: (r) => r.t.environment, into: 'environment' },
  { name: 'release', type: 'text', value: (r) => r.t.release, into: 'release' },
  { name: 'trace_id', type: 'text', value: (r) => r.t.traceId, into: 'trace_id' },
];

// $1, $2: the usage keys (org, month); $3: the plans' limits; then one array parameter per column.
const FIRST_EVENT_PARAM = 4;
const FIRST_TRANSACTION_PARAM = FIRST_EVENT_PARAM + EVENT_COLUMNS.length;
// Then the accepted events' tags, flattened: position in the batch, key, value.
const FIRST_TAG_PARAM = FIRST_TRANSACTION_PARAM + TRANSACTION_COLUMNS.length;
// Rollup buckets are aligned on the Unix epoch, whatever the session's time zone.
const EPOCH = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;

function unnestOf<R>(columns: Column<R>[], firstParam: number, alias: string): string {
  const params = columns.map((c, i) => `$${firstParam + i}::${c.type}[]`).join(', ');
  return `SELECT * FROM unnest(${params}) AS ${alias}(${columns.map((c) => c.name).join(', ')})`;
}
const intoList = <R>(columns: Column<R>[]) => columns.filter((c) => c.into).map((c) => c.into).join(', ');
const fromList = <R>(columns: Column<R>[], alias: string) => columns.filter((c) => c.into).map((c) => `${alias}.${c.name}`).join(', ');

// One statement per batch (a lone envelope is a batch of one), in autocommit: the usage rows stay locked
// only while it runs and its commit is flushed, never across round trips to this process.
//  lk     locks the (org, month) usage rows in sorted order and reads what remains of each quota;
//  fresh  error events that repeat no stored event_id (event_ids: events are partitioned by day, so their own
//         unique key could not span days) nor an earlier one of the batch, ranked per (org, month);
//  acc    the fresh events within what remains (arrival order); tacc the transactions that arrive before the
//         quota is exhausted; nothing is accepted unless every usage row was found (the caller then retries);
//  wlock  changes nothing: it makes the statement's first lock on the issues table the upsert's ROW EXCLUSIVE, which
//         waits behind partition maintenance (lib/retention/partitions.ts locks issues before events), instead of
//         prev's ROW SHARE, which would not and then deadlock against its DROP of a partition;
//  prev   the existing issues the batch touches, locked in the upsert's order before it: the status read here is
//         the one the upsert changes, so exactly one statement reopens a resolved issue (a regression) and knows it;
//  grp    the accepted events per (project, fingerprint); regressed_at is set when the issue was RESOLVED and an event
//         may reopen it (any event, or with "resolve in next release" one of a release other than the recorded one
//         and not created at or before it: a release unknown to the releases table is new);
//  iss    one upsert per (project, fingerprint), in sorted order; ai the accepted events with their issue;
//         ev, ids, tx the multi-row inserts; cnt the usage counts;
//  then the rollups (each aggregates, so iss has locked its issue rows before any rollup row is touched):
//  hourly (issue, hour of occurrence), minutes (project, minute of receipt), users_new/user_counts (the exact
//  set of distinct users per issue and its size), tagg..tk (tag values per issue and key: a key the issue has
//  not seen is kept while the issue has fewer than MAX_TAG_KEYS_PER_ISSUE keys, a value while its key has fewer than
//  MAX_TAG_VALUES_PER_KEY; later values count in the key's `other`). The caps are checked against the statement's
//  snapshot, so batches of one organization that waited on each other's usage lock can overshoot them by
//  what they add together; the counts themselves stay exact (ON CONFLICT sees committed rows).
const BATCH_SQL = `
WITH lk AS MATERIALIZED (
  SELECT u.org_id, u.month, GREATEST(0, ($3::jsonb ->> o.plan::text)::int - u.used) AS remaining
  FROM monthly_usage u JOIN organizations o ON o.id = u.org_id
  WHERE (u.org_id, u.month) IN (SELECT * FROM unnest($1::text[], $2::text[]))
  ORDER BY u.org_id, u.month
  FOR UPDATE OF u
), complete AS MATERIALIZED (
  SELECT (SELECT count(*) FROM lk) = cardinality($1::text[]) AS ok
), e AS (
  ${unnestOf(EVENT_COLUMNS, FIRST_EVENT_PARAM, 'e')}
), fresh AS MATERIALIZED (
  SELECT d.*, row_number() OVER (PARTITION BY d.org_id, d.month ORDER BY d.pos) AS rank
  FROM (SELECT e.*, row_number() OVER (PARTITION BY e.project_id, e.event_id ORDER BY e.pos) AS nth FROM e) d
  WHERE d.event_id IS NULL
     OR (d.nth = 1 AND NOT EXISTS (SELECT 1 FROM event_ids x WHERE x.project_id = d.project_id AND x.event_id = d.event_id))
), acc AS MATERIALIZED (
  SELECT f.* FROM fresh f JOIN lk ON lk.org_id = f.org_id AND lk.month = f.month
  WHERE f.rank <= lk.remaining AND (SELECT ok FROM complete)
), t AS (
  ${unnestOf(TRANSACTION_COLUMNS, FIRST_TRANSACTION_PARAM, 't')}
), tacc AS MATERIALIZED (
  SELECT t.* FROM t JOIN lk ON lk.org_id = t.org_id AND lk.month = t.month
  WHERE (SELECT count(*) FROM fresh f WHERE f.org_id = t.org_id AND f.month = t.month AND f.pos < t.pos) < lk.remaining
    AND (SELECT ok FROM complete)
), wlock AS (
  UPDATE issues SET id = id WHERE false
), prev AS MATERIALIZED (
  SELECT i.project_id, i.fingerprint, i.status, i.resolved_in_release, i.resolved_in_release_at
  FROM issues i
  WHERE (i.project_id, i.fingerprint) IN (SELECT project_id, fingerprint FROM acc)
  ORDER BY i.project_id, i.fingerprint
  FOR UPDATE OF i
), grp AS MATERIALIZED (
  SELECT a.project_id, a.fingerprint, (array_agg(a.title ORDER BY a.pos))[1] AS title, (array_agg(a.culprit ORDER BY a.pos))[1] AS culprit,
         (array_agg(a.level ORDER BY a.pos DESC))[1] AS level, count(*)::int AS n, min(a.ts) AS first_seen, max(a.ts) AS last_seen,
         max(a.received_at) AS received_at,
         CASE WHEN bool_or(p.status = 'RESOLVED' AND (p.resolved_in_release_at IS NULL OR (
                nullif(a.release, '') IS NOT NULL AND a.release <> p.resolved_in_release
                AND NOT EXISTS (SELECT 1 FROM releases r WHERE r.project_id = a.project_id AND r.version = a.release AND r.created_at <= p.resolved_in_release_at))))
              THEN max(a.received_at) END AS regressed_at
  FROM acc a LEFT JOIN prev p ON p.project_id = a.project_id AND p.fingerprint = a.fingerprint
  GROUP BY a.project_id, a.fingerprint
), iss AS (
  INSERT INTO issues AS i (project_id, fingerprint, title, culprit, status, level, event_count, first_seen, last_seen, created_at, updated_at, regressed_at)
  SELECT project_id, fingerprint, title, culprit, 'UNRESOLVED', level, n, first_seen, last_seen, received_at, received_at, regressed_at
  FROM grp
  ORDER BY project_id, fingerprint
  ON CONFLICT (project_id, fingerprint) DO UPDATE
     SET event_count = i.event_count + EXCLUDED.event_count,
         first_seen = LEAST(i.first_seen, EXCLUDED.first_seen),
         last_seen = GREATEST(i.last_seen, EXCLUDED.last_seen),
         level = EXCLUDED.level,
         status = CASE WHEN EXCLUDED.regressed_at IS NOT NULL THEN 'UNRESOLVED'::issue_status ELSE i.status END,
         regressed_at = coalesce(EXCLUDED.regressed_at, i.regressed_at),
         resolved_in_release = CASE WHEN EXCLUDED.regressed_at IS NOT NULL THEN NULL ELSE i.resolved_in_release END,
         resolved_in_release_at = CASE WHEN EXCLUDED.regressed_at IS NOT NULL THEN NULL ELSE i.resolved_in_release_at END,
         updated_at = EXCLUDED.updated_at
  RETURNING i.id, i.project_id, i.fingerprint, (i.xmax = 0) AS inserted
), ai AS MATERIALIZED (
  SELECT a.*, iss.id AS issue_id, iss.inserted, g.regressed_at IS NOT NULL AS regressed
  FROM acc a
  JOIN iss ON iss.project_id = a.project_id AND iss.fingerprint = a.fingerprint
  JOIN grp g ON g.project_id = a.project_id AND g.fingerprint = a.fingerprint
), ev AS (
  INSERT INTO events (issue_id, ${intoList(EVENT_COLUMNS)})
  SELECT a.issue_id, ${fromList(EVENT_COLUMNS, 'a')}
  FROM ai a
  ORDER BY a.pos
), ids AS (
  INSERT INTO event_ids (project_id, event_id, received_at)
  SELECT project_id, event_id, received_at FROM acc WHERE event_id IS NOT NULL ORDER BY project_id, event_id
), tx AS (
  INSERT INTO transactions (${intoList(TRANSACTION_COLUMNS)})
  SELECT ${fromList(TRANSACTION_COLUMNS, 'tacc')} FROM tacc ORDER BY pos
), cnt AS (
  UPDATE monthly_usage u
     SET used = u.used + c.used, errors = u.errors + c.errors, warnings = u.warnings + c.warnings, info = u.info + c.info,
         transactions = u.transactions + c.transactions
  FROM (
    SELECT lk.org_id, lk.month, coalesce(a.used, 0) AS used, coalesce(a.errors, 0) AS errors, coalesce(a.warnings, 0) AS warnings,
           coalesce(a.info, 0) AS info, coalesce(b.transactions, 0) AS transactions
    FROM lk
    LEFT JOIN (SELECT org_id, month, count(*)::int AS used,
                      (count(*) FILTER (WHERE level IN ('ERROR', 'FATAL')))::int AS errors,
                      (count(*) FILTER (WHERE level = 'WARNING'))::int AS warnings,
                      (count(*) FILTER (WHERE level IN ('INFO', 'DEBUG')))::int AS info
               FROM acc GROUP BY org_id, month) a ON a.org_id = lk.org_id AND a.month = lk.month
    LEFT JOIN (SELECT org_id, month, count(*)::int AS transactions FROM tacc GROUP BY org_id, month) b
           ON b.org_id = lk.org_id AND b.month = lk.month
  ) c
  WHERE u.org_id = c.org_id AND u.month = c.month AND (c.used > 0 OR c.transactions > 0)
), hourly AS (
  INSERT INTO issue_hourly_counts AS h (issue_id, hour, count)
  SELECT issue_id, date_bin('1 hour', ts, ${EPOCH}), count(*)::int FROM ai GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (issue_id, hour) DO UPDATE SET count = h.count + EXCLUDED.count
), minutes AS (
  INSERT INTO project_minute_counts AS m (project_id, minute, count)
  SELECT project_id, date_bin('1 minute', received_at, ${EPOCH}), count(*)::int FROM ai GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (project_id, minute) DO UPDATE SET count = m.count + EXCLUDED.count
), users_new AS (
  INSERT INTO issue_users (issue_id, user_hash)
  SELECT DISTINCT issue_id, md5(user_key)::uuid FROM ai WHERE user_key IS NOT NULL ORDER BY 1, 2
  ON CONFLICT DO NOTHING
  RETURNING issue_id
), user_counts AS (
  INSERT INTO issue_user_counts AS c (issue_id, project_id, users)
  SELECT u.issue_id, p.project_id, count(*)::int
  FROM users_new u JOIN (SELECT DISTINCT issue_id, project_id FROM ai) p ON p.issue_id = u.issue_id
  GROUP BY 1, 2 ORDER BY 1
  ON CONFLICT (issue_id) DO UPDATE SET users = c.users + EXCLUDED.users
), tagg AS MATERIALIZED (
  SELECT ai.issue_id, tg.key, tg.value, count(*)::int AS n
  FROM unnest($${FIRST_TAG_PARAM}::int[], $${FIRST_TAG_PARAM + 1}::text[], $${FIRST_TAG_PARAM + 2}::text[]) AS tg(pos, key, value)
  JOIN ai ON ai.pos = tg.pos
  GROUP BY 1, 2, 3
), tseen AS MATERIALIZED (
  -- What each issue already holds of the pair: its key's distinct values (null for a key new to the issue) and
  -- the value itself. Index probes per pair, never a join between two CTEs (the generic plan cannot size those).
  SELECT t.issue_id, t.key, t.value, t.n,
         (SELECT x.distinct_values FROM issue_tag_keys x WHERE x.issue_id = t.issue_id AND x.key = t.key) AS had,
         EXISTS (SELECT 1 FROM issue_tag_values v WHERE v.issue_id = t.issue_id AND v.key = t.key AND v.value = t.value) AS value_known
  FROM tagg t
), tvals AS MATERIALIZED (
  SELECT s.issue_id, s.key, s.value, s.n, s.had,
         CASE WHEN s.had IS NOT NULL THEN true
              -- Only a key the issue has not seen needs the issue's key count (none in the steady state).
              ELSE (SELECT count(*) FROM issue_tag_keys y WHERE y.issue_id = s.issue_id)
                   + dense_rank() OVER (PARTITION BY s.issue_id, s.had IS NULL ORDER BY s.key) <= ${MAX_TAG_KEYS_PER_ISSUE} END AS key_fits,
         s.value_known
           OR coalesce(s.had, 0) + row_number() OVER (PARTITION BY s.issue_id, s.key, s.value_known ORDER BY s.n DESC, s.value) <= ${MAX_TAG_VALUES_PER_KEY} AS fits
  FROM tseen s
), tv_new AS (
  INSERT INTO issue_tag_values AS v (issue_id, key, value, count)
  SELECT issue_id, key, value, n FROM tvals WHERE key_fits AND fits ORDER BY 1, 2, 3
  ON CONFLICT (issue_id, key, value) DO UPDATE SET count = v.count + EXCLUDED.count
  RETURNING v.issue_id, v.key, (v.xmax = 0) AS inserted
), tk AS (
  -- A key's row changes only when its issue sees the key or one of its values for the first time, or a value falls
  -- into its "other" bucket: in the steady state no key row is written (a key's events are read as the sum of its values).
  INSERT INTO issue_tag_keys AS k (issue_id, key, distinct_values, other)
  SELECT issue_id, key, sum(added)::int, sum(other)::int
  FROM (SELECT issue_id, key, 0 AS added, CASE WHEN fits THEN 0 ELSE n END AS other FROM tvals WHERE key_fits AND (had IS NULL OR NOT fits)
        UNION ALL
        SELECT issue_id, key, 1, 0 FROM tv_new WHERE inserted) c
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (issue_id, key) DO UPDATE SET distinct_values = k.distinct_values + EXCLUDED.distinct_values, other = k.other + EXCLUDED.other
)
SELECT lk.org_id, lk.month, lk.remaining, NULL::int AS pos, NULL::text AS issue_id, NULL::boolean AS inserted, NULL::boolean AS regressed FROM lk
UNION ALL
SELECT NULL, NULL, NULL, a.pos, a.issue_id, a.inserted, a.regressed FROM ai a`;

type UsageKey = { id: string; orgId: string; month: string };
type PreparedBatch = { keys: UsageKey[]; keyOf: string[]; values: unknown[] };
type BatchRow = {
  org_id: string | null;
  month: string | null;
  remaining: number | null;
  pos: number | null;
  issue_id: string | null;
  inserted: boolean | null;
  regressed: boolean | null;
};

const sep = '\u0000';

function prepareBatch(items: Item[]): PreparedBatch {
  const keyOf: string[] = new Array(items.length);
  const keyMap = new Map<string, UsageKey>();
  const errors: ErrorRow[] = [];
  const txs: TransactionRow[] = [];
  items.forEach((it, pos) => {
    const month = usageMonth(it.input.receivedAt);
    const id = it.input.orgId + sep + month;
    keyOf[pos] = id;
    if (!keyMap.has(id)) keyMap.set(id, { id, orgId: it.input.orgId, month });
    if (it.kind === 'error') errors.push({ pos, e: it.input, month });
    else txs.push({ pos, t: it.input, month });
  });
  const keys = [...keyMap.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const values = [
    keys.map((k) => k.orgId),
    keys.map((k) => k.month),
    PLAN_LIMITS_JSON,
    ...EVENT_COLUMNS.map((c) => errors.map(c.value)),
    ...TRANSACTION_COLUMNS.map((c) => txs.map(c.value)),
    ...tagColumns(errors),
  ];
  return { keys, keyOf, values };
}

/** The events' tag pairs as three parallel arrays (position, key, value). */
function tagColumns(errors: ErrorRow[]): [number[], string[], string[]] {
  const pos: number[] = [];
  const keys: string[] = [];
  const values: string[] = [];
  for (const r of errors) {
    for (const [k, v] of r.e.rollup.tags) {
      pos.push(r.pos);
      keys.push(k);
      values.push(v);
    }
  }
  return [pos, keys, values];
}

/** Runs the batch statement; null when a usage row was missing (nothing was written). */
async function writeBatch(items: Item[], batch: PreparedBatch): Promise<Outcome[] | null> {
  const { rows } = await pool().query<BatchRow>({ name: 'ingest-batch', text: BATCH_SQL, values: batch.values });
  const remaining = new Map<string, number>();
  const stored = new Map<number, { issueId: string; inserted: boolean; regressed: boolean }>();
  for (const r of rows) {
    if (r.pos === null) remaining.set(r.org_id! + sep + r.month!, r.remaining!);
    else stored.set(r.pos, { issueId: r.issue_id!, inserted: r.inserted!, regressed: r.regressed! });
  }
  if (remaining.size < batch.keys.length) return null;

  // The statement's decisions, replayed in arrival order: what it stored, and for the rest whether the quota
  // still had room at that point (a repeated event_id is then a 200, else a 429).
  const acceptedSoFar = new Map<string, number>();
  const newIssueSeen = new Set<string>();
  return items.map((it, pos): Outcome => {
    const key = batch.keyOf[pos];
    const before = acceptedSoFar.get(key) ?? 0;
    const hasRoom = before < remaining.get(key)!;
    if (it.kind === 'transaction') return hasRoom ? { kind: 'stored' } : { kind: 'quota_exceeded' };
    const s = stored.get(pos);
    if (!s) return hasRoom ? { kind: 'duplicate' } : { kind: 'quota_exceeded' };
    acceptedSoFar.set(key, before + 1);
    const first = !newIssueSeen.has(s.issueId);
    newIssueSeen.add(s.issueId);
    return { kind: 'stored', issueId: s.issueId, isNewIssue: s.inserted && first, isRegression: s.regressed && first };
  });
}
