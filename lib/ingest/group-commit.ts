// Group commit: envelopes that arrive together are written in one transaction, so a burst pays one WAL
// flush (and one wait on the organization's usage row) per batch instead of one per envelope. A request is
// answered only after its batch has committed (synchronous_commit stays on: a 200 means durable).
import type pg from 'pg';
import { pool } from '@/lib/pg';
import { afterIngest, type IngestedError } from '@/lib/alerts/after-ingest';
import { onShutdown } from '@/lib/runtime/shutdown';
import { PLAN_LIMITS_JSON, usageMonth } from '@/lib/quota/monthly-quota';
import { pgError, storeErrorEvent, type StoredEventInput } from './store-event';
import { storeTransaction, type StoredTransactionInput } from './store-transaction';

export type ErrorOutcome =
  | { kind: 'stored'; issueId: string; isNewIssue: boolean }
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
// While a batch is in flight the next one accumulates; after this long it may start beside it.
const LINGER_MS = 2;
const UNIQUE_VIOLATION = '23505';

type Batcher = {
  queue: Item[];
  inFlight: number;
  scheduled: boolean;
  timer: NodeJS.Timeout | null;
  pending: Set<Promise<unknown>>;
  idle: (() => void)[];
};

// On globalThis: under `npm start` the Node ingest adapter and Next's bundle load separate copies of this
// module, and both must feed the same batches.
const g = globalThis as unknown as { trackerIngestBatcher?: Batcher };
const batcher: Batcher = (g.trackerIngestBatcher ??= (() => {
  const b: Batcher = { queue: [], inFlight: 0, scheduled: false, timer: null, pending: new Set(), idle: [] };
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
        else pump();
      });
    }
    return;
  }
  if (b.inFlight >= MAX_IN_FLIGHT) return;
  if (b.queue.length >= MAX_BATCH) {
    launch();
    return;
  }
  b.timer ??= setTimeout(() => {
    b.timer = null;
    if (b.queue.length && b.inFlight < MAX_IN_FLIGHT) launch();
  }, LINGER_MS);
}

function launch(): void {
  const b = batcher;
  if (b.timer) {
    clearTimeout(b.timer);
    b.timer = null;
  }
  const items = b.queue.splice(0, MAX_BATCH);
  if (!items.length) return;
  b.inFlight++;
  void runBatch(items).finally(() => {
    b.inFlight--;
    if (b.queue.length) launch();
    if (isIdle()) for (const wake of b.idle.splice(0)) wake();
  });
}

async function runBatch(items: Item[]): Promise<void> {
  let outcomes: (Outcome | { failed: unknown })[];
  if (items.length === 1) {
    outcomes = [await storeOne(items[0])];
  } else {
    try {
      outcomes = await writeBatchWithRetry(items);
    } catch (err) {
      // One bad envelope (or a project deleted meanwhile) must not fail its neighbours: store them one by one.
      if (!isExpected(err)) console.error('ingest: batch failed, storing its envelopes one by one', err);
      outcomes = [];
      for (const item of items) outcomes.push(await storeOne(item));
    }
  }
  const stored: IngestedError[] = [];
  items.forEach((item, i) => {
    const o = outcomes[i];
    if ('failed' in o) {
      item.reject(o.failed);
      return;
    }
    (item.resolve as (o: Outcome) => void)(o);
    if (item.kind === 'error' && o.kind === 'stored' && 'issueId' in o) {
      stored.push({ projectId: item.input.projectId, issueId: o.issueId, isNewIssue: o.isNewIssue, receivedAt: item.input.receivedAt });
    }
  });
  if (stored.length) {
    const p = afterIngest(stored).catch((err) => console.error('afterIngest failed', err));
    batcher.pending.add(p);
    void p.finally(() => batcher.pending.delete(p));
  }
}

function isExpected(err: unknown): boolean {
  const code = pgError(err)?.code;
  return code === '23503' || code?.startsWith('22') === true || code === '54001';
}

/** The single-statement path: used for a batch of one and to retry the envelopes of a failed batch. */
async function storeOne(item: Item): Promise<Outcome | { failed: unknown }> {
  try {
    if (item.kind === 'error') return await storeErrorEvent(item.input);
    return (await storeTransaction(item.input)) ? { kind: 'stored' } : { kind: 'quota_exceeded' };
  } catch (err) {
    const code = pgError(err)?.code;
    // A project deleted after the key lookup: its foreign key is gone.
    if (code === '23503') return { kind: 'unauthorized' };
    // A data exception means input slipped past validation: the client's fault, but worth a log line.
    if (code?.startsWith('22') || code === '54001') {
      console.error('ingest: envelope passed validation but was refused by the database', err);
      return { kind: 'unstorable' };
    }
    return { failed: err };
  }
}

async function writeBatchWithRetry(items: Item[]): Promise<Outcome[]> {
  try {
    return await inTransaction((c) => writeBatch(c, items));
  } catch (err) {
    // A concurrent batch of another month stored one of our event_ids after our check: check again.
    if (pgError(err)?.code !== UNIQUE_VIOLATION) throw err;
    return inTransaction((c) => writeBatch(c, items));
  }
}

async function inTransaction<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

// --- the batch transaction -------------------------------------------------------------------------------

const ENSURE_USAGE_SQL = `INSERT INTO monthly_usage (org_id, month) SELECT * FROM unnest($1::text[], $2::text[])
ON CONFLICT (org_id, month) DO NOTHING`;

// Rows locked in (org, month) order, so two batches never wait on each other crosswise.
const LOCK_USAGE_SQL = `SELECT u.org_id, u.month, u.used, ($3::jsonb ->> o.plan::text)::int AS lim
FROM unnest($1::text[], $2::text[]) AS k(org_id, month)
JOIN monthly_usage u ON u.org_id = k.org_id AND u.month = k.month
JOIN organizations o ON o.id = u.org_id
ORDER BY u.org_id, u.month
FOR UPDATE OF u`;

const EXISTING_EVENTS_SQL = `SELECT e.project_id, e.event_id FROM events e
JOIN unnest($1::text[], $2::text[]) AS k(project_id, event_id) ON e.project_id = k.project_id AND e.event_id = k.event_id`;

const UPSERT_ISSUES_SQL = `INSERT INTO issues AS i (project_id, fingerprint, title, culprit, status, level, event_count, first_seen, last_seen, created_at, updated_at)
SELECT x.project_id, x.fingerprint, x.title, x.culprit, 'UNRESOLVED', x.level, x.n, x.first_seen, x.last_seen, x.at, x.at
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::level[], $6::int[], $7::timestamptz[], $8::timestamptz[], $9::timestamptz[])
  AS x(project_id, fingerprint, title, culprit, level, n, first_seen, last_seen, at)
ON CONFLICT (project_id, fingerprint) DO UPDATE
   SET event_count = i.event_count + EXCLUDED.event_count,
       first_seen = LEAST(i.first_seen, EXCLUDED.first_seen),
       last_seen = GREATEST(i.last_seen, EXCLUDED.last_seen),
       level = EXCLUDED.level,
       status = CASE WHEN i.status = 'RESOLVED' THEN 'UNRESOLVED'::issue_status ELSE i.status END,
       updated_at = EXCLUDED.updated_at
RETURNING i.id, (i.xmax = 0) AS inserted`;

const INSERT_EVENTS_SQL = `INSERT INTO events (issue_id, project_id, event_id, level, message, stacktrace, contexts, tags, user_context, request,
                    breadcrumbs, environment, release, timestamp, received_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::level[], $5::text[], $6::jsonb[], $7::jsonb[], $8::jsonb[], $9::jsonb[],
                     $10::jsonb[], $11::jsonb[], $12::text[], $13::text[], $14::timestamptz[], $15::timestamptz[])`;

const INSERT_TRANSACTIONS_SQL = `INSERT INTO transactions (project_id, name, duration, status, lcp, cls, fcp, ttfb, timestamp, received_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[], $5::float8[], $6::float8[], $7::float8[], $8::float8[],
                     $9::timestamptz[], $10::timestamptz[])`;

const COUNT_USAGE_SQL = `UPDATE monthly_usage AS u
   SET used = u.used + x.used, errors = u.errors + x.errors, warnings = u.warnings + x.warnings, info = u.info + x.info,
       transactions = u.transactions + x.transactions
FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
  AS x(org_id, month, used, errors, warnings, info, transactions)
WHERE u.org_id = x.org_id AND u.month = x.month`;

type Usage = { orgId: string; month: string; remaining: number; used: number; errors: number; warnings: number; info: number; transactions: number };
type Group = {
  projectId: string;
  fingerprint: string;
  title: string;
  culprit: string | null;
  level: string;
  n: number;
  firstSeen: number;
  lastSeen: number;
  at: number;
  members: number[];
  id?: string;
  inserted?: boolean;
};

const sep = '\u0000';

/** Quota per (org, month) once, de-duplication, merged issue upserts, multi-row inserts; returns one outcome per item. */
async function writeBatch(client: pg.PoolClient, items: Item[]): Promise<Outcome[]> {
  // (a) Lock the usage rows and allocate what remains, in arrival order.
  const months = items.map((it) => usageMonth(it.input.receivedAt));
  const usage = new Map<string, Usage>();
  items.forEach((it, i) => {
    const k = it.input.orgId + sep + months[i];
    if (!usage.has(k)) usage.set(k, { orgId: it.input.orgId, month: months[i], remaining: 0, used: 0, errors: 0, warnings: 0, info: 0, transactions: 0 });
  });
  const keys = [...usage.keys()].sort();
  const orgs = keys.map((k) => usage.get(k)!.orgId);
  const ms = keys.map((k) => usage.get(k)!.month);
  await client.query({ name: 'ingest-batch-ensure-usage', text: ENSURE_USAGE_SQL, values: [orgs, ms] });
  const locked = await client.query<{ org_id: string; month: string; used: number; lim: number }>({
    name: 'ingest-batch-lock-usage',
    text: LOCK_USAGE_SQL,
    values: [orgs, ms, PLAN_LIMITS_JSON],
  });
  for (const r of locked.rows) usage.get(r.org_id + sep + r.month)!.remaining = Math.max(0, r.lim - r.used);

  // (b) event_ids already stored; checked under the usage lock, which every writer of the organization takes.
  const seen = new Set<string>();
  const withIds = items.filter((it): it is ErrorItem => it.kind === 'error' && it.input.eventId !== null);
  if (withIds.length) {
    const { rows } = await client.query<{ project_id: string; event_id: string }>({
      name: 'ingest-batch-existing-events',
      text: EXISTING_EVENTS_SQL,
      values: [withIds.map((it) => it.input.projectId), withIds.map((it) => it.input.eventId)],
    });
    for (const r of rows) seen.add(r.project_id + sep + r.event_id);
  }

  const outcomes: Outcome[] = new Array(items.length);
  const accepted: ErrorItem[] = [];
  const acceptedAt: number[] = [];
  const transactions: StoredTransactionInput[] = [];
  const groups = new Map<string, Group>();
  items.forEach((it, i) => {
    const u = usage.get(it.input.orgId + sep + months[i])!;
    if (u.remaining <= 0) {
      outcomes[i] = { kind: 'quota_exceeded' };
      return;
    }
    if (it.kind === 'transaction') {
      u.transactions++;
      transactions.push(it.input);
      outcomes[i] = { kind: 'stored' };
      return;
    }
    const e = it.input;
    if (e.eventId !== null) {
      const k = e.projectId + sep + e.eventId;
      if (seen.has(k)) {
        outcomes[i] = { kind: 'duplicate' };
        return;
      }
      seen.add(k);
    }
    u.remaining--;
    u.used++;
    if (e.level === 'ERROR' || e.level === 'FATAL') u.errors++;
    else if (e.level === 'WARNING') u.warnings++;
    else u.info++;
    accepted.push(it);
    acceptedAt.push(i);
    const gk = e.projectId + sep + e.fingerprint;
    const ts = e.timestamp.getTime();
    const g = groups.get(gk);
    if (!g) {
      groups.set(gk, { projectId: e.projectId, fingerprint: e.fingerprint, title: e.title, culprit: e.culprit, level: e.level, n: 1, firstSeen: ts, lastSeen: ts, at: e.receivedAt.getTime(), members: [i] });
    } else {
      g.n++;
      g.level = e.level;
      if (ts < g.firstSeen) g.firstSeen = ts;
      if (ts > g.lastSeen) g.lastSeen = ts;
      g.at = Math.max(g.at, e.receivedAt.getTime());
      g.members.push(i);
    }
  });

  // (c) One upsert per (project, fingerprint), in a stable order so concurrent batches lock issues alike.
  const issueOf = new Map<number, Group>();
  if (groups.size) {
    const sorted = [...groups.keys()].sort().map((k) => groups.get(k)!);
    const iso = (ms: number) => new Date(ms).toISOString();
    const { rows } = await client.query<{ id: string; inserted: boolean }>({
      name: 'ingest-batch-upsert-issues',
      text: UPSERT_ISSUES_SQL,
      values: [
        sorted.map((g) => g.projectId),
        sorted.map((g) => g.fingerprint),
        sorted.map((g) => g.title),
        sorted.map((g) => g.culprit),
        sorted.map((g) => g.level),
        sorted.map((g) => g.n),
        sorted.map((g) => iso(g.firstSeen)),
        sorted.map((g) => iso(g.lastSeen)),
        sorted.map((g) => iso(g.at)),
      ],
    });
    sorted.forEach((g, j) => {
      g.id = rows[j].id;
      g.inserted = rows[j].inserted;
      for (const m of g.members) issueOf.set(m, g);
    });

    // (d) Events, many rows per statement.
    const ev = accepted.map((it) => it.input);
    await client.query({
      name: 'ingest-batch-insert-events',
      text: INSERT_EVENTS_SQL,
      values: [
        acceptedAt.map((i) => issueOf.get(i)!.id),
        ev.map((e) => e.projectId),
        ev.map((e) => e.eventId),
        ev.map((e) => e.level),
        ev.map((e) => e.message),
        ev.map((e) => e.json.stacktrace),
        ev.map((e) => e.json.contexts),
        ev.map((e) => e.json.tags),
        ev.map((e) => e.json.userContext),
        ev.map((e) => e.json.request),
        ev.map((e) => e.json.breadcrumbs),
        ev.map((e) => e.environment),
        ev.map((e) => e.release),
        ev.map((e) => e.timestamp.toISOString()),
        ev.map((e) => e.receivedAt.toISOString()),
      ],
    });
  }
  if (transactions.length) {
    await client.query({
      name: 'ingest-batch-insert-transactions',
      text: INSERT_TRANSACTIONS_SQL,
      values: [
        transactions.map((t) => t.projectId),
        transactions.map((t) => t.name),
        transactions.map((t) => t.duration),
        transactions.map((t) => t.status),
        transactions.map((t) => t.vitals.lcp ?? null),
        transactions.map((t) => t.vitals.cls ?? null),
        transactions.map((t) => t.vitals.fcp ?? null),
        transactions.map((t) => t.vitals.ttfb ?? null),
        transactions.map((t) => t.timestamp.toISOString()),
        transactions.map((t) => t.receivedAt.toISOString()),
      ],
    });
  }

  const counted = keys.map((k) => usage.get(k)!).filter((u) => u.used || u.transactions);
  if (counted.length) {
    await client.query({
      name: 'ingest-batch-count-usage',
      text: COUNT_USAGE_SQL,
      values: [
        counted.map((u) => u.orgId),
        counted.map((u) => u.month),
        counted.map((u) => u.used),
        counted.map((u) => u.errors),
        counted.map((u) => u.warnings),
        counted.map((u) => u.info),
        counted.map((u) => u.transactions),
      ],
    });
  }

  // A new issue is new for its first event only.
  for (const i of acceptedAt) {
    const g = issueOf.get(i)!;
    outcomes[i] = { kind: 'stored', issueId: g.id!, isNewIssue: g.inserted === true && g.members[0] === i };
  }
  return outcomes;
}
