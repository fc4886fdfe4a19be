// The writer of error events and transactions on the shared group commit (lib/ingest/store/group-commit.ts): both share
// the organization's monthly quota, so one statement (lib/ingest/store/event-batch-sql.ts) writes them together.
import { ownPool, pool, statement } from '@/lib/pg';
import { afterIngest, type IngestedError } from '@/lib/alerts/after-ingest';
import { planLimitsJson, usageMonth } from '@/lib/ingest/store/monthly-quota';
import { groupCommit, MAX_IN_FLIGHT, pgError, type BatchWriter, type Refusal } from './group-commit';
import {
  BATCH_SQL,
  ENSURE_USAGE_SQL,
  EVENT_COLUMNS,
  TRANSACTION_COLUMNS,
  type ErrorRow,
  type TransactionRow,
} from './event-batch-sql';
import { logger } from '@/lib/log';
import type { StoredEventInput, StoredTransactionInput } from './event-inputs';

export type { StoredEventInput, StoredTransactionInput } from './event-inputs';

export type ErrorOutcome =
  | { kind: 'stored'; issueId: string; isNewIssue: boolean; isRegression: boolean }
  | { kind: 'duplicate' }
  | { kind: 'quota_exceeded' }
  | { kind: 'unauthorized' }
  | { kind: 'unstorable' };
export type TransactionOutcome =
  { kind: 'stored' } | { kind: 'quota_exceeded' } | { kind: 'unauthorized' } | { kind: 'unstorable' };

type Item = { kind: 'error'; input: StoredEventInput } | { kind: 'transaction'; input: StoredTransactionInput };
type Outcome = ErrorOutcome | TransactionOutcome;

const UNIQUE_VIOLATION = '23505';
const MAX_ATTEMPTS = 3;
const MAX_KNOWN_USAGE = 10_000;

// (org, month) usage rows known to exist; on globalThis like the batchers, for the same reason.
const g = globalThis as unknown as { trackerKnownUsage?: Set<string> };
const knownUsage = (g.trackerKnownUsage ??= new Set());

const eventWriter: BatchWriter<Item, Outcome> = {
  name: 'events',
  write: writeBatchWithRetry,
  // A batch written again after its commit's answer was lost (#50): its error events are duplicates by event_ids
  // (the statement checks event_ids, and its unique index), answered 200 and stored once. An error event without an
  // id could be stored twice: such a batch is answered 503 instead. Transactions have no id: in that rare case one
  // may be stored twice (a duplicate sample, never a loss).
  idempotent: (items) => items.every((it) => it.kind === 'transaction' || it.input.eventId !== null),
  refused,
  expected(err) {
    const code = pgError(err)?.code;
    return code === '23503' || code?.startsWith('22') === true || code === '54001';
  },
  afterCommit(items, outcomes) {
    const stored: IngestedError[] = [];
    items.forEach((item, i) => {
      const o = outcomes[i];
      if (item.kind === 'error' && !('failed' in o) && o.kind === 'stored' && 'issueId' in o) {
        stored.push({
          projectId: item.input.projectId,
          issueId: o.issueId,
          isNewIssue: o.isNewIssue,
          isRegression: o.isRegression,
          receivedAt: item.input.receivedAt,
        });
      }
    });
    return stored.length > 0 ? afterIngest(stored) : null;
  },
};

const submit = groupCommit(eventWriter);

/** Stores one error event with the next batch; resolves after that batch has committed. */
export function submitErrorEvent(input: StoredEventInput): Promise<ErrorOutcome> {
  return submit({ kind: 'error', input }) as Promise<ErrorOutcome>;
}

/** Stores one transaction with the next batch; resolves after that batch has committed. */
export function submitTransaction(input: StoredTransactionInput): Promise<TransactionOutcome> {
  return submit({ kind: 'transaction', input }) as Promise<TransactionOutcome>;
}

/** What a failed write means for its item. */
function refused(err: unknown): Refusal<Outcome> {
  const code = pgError(err)?.code;
  // A project (or organization) deleted after the key lookup: its foreign key is gone.
  if (code === '23503') return { kind: 'unauthorized' };
  // A data exception means input slipped past validation: the client's fault, but worth a log line.
  if (code?.startsWith('22') || code === '54001') {
    logger.error({ err }, 'ingest: envelope passed validation but was refused by the database');
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
      for (const k of batch.keys) knownUsage.delete(k.id);
    } catch (err) {
      // A batch that waited on the usage lock checked event_ids against a snapshot from before the wait;
      // the unique index caught an event_id stored meanwhile, and nothing was written: check again.
      if (pgError(err)?.code !== UNIQUE_VIOLATION || attempt >= MAX_ATTEMPTS) throw err;
    }
    if (attempt >= MAX_ATTEMPTS) throw new Error('ingest batch: usage rows missing');
  }
}

/** Usage rows are created ahead of the batch statement, which then only has to lock them. */
async function ensureUsageRows(keys: UsageKey[]): Promise<void> {
  const missing = keys.filter((k) => !knownUsage.has(k.id));
  if (!missing.length) return;
  await pool().query(
    statement('ingest-batch-ensure-usage', ENSURE_USAGE_SQL, [
      missing.map((k) => k.orgId),
      missing.map((k) => k.month),
    ]),
  );
  if (knownUsage.size >= MAX_KNOWN_USAGE) knownUsage.clear();
  for (const k of missing) knownUsage.add(k.id);
}

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
    planLimitsJson(),
    ...EVENT_COLUMNS.map((c) => (c.type === 'jsonb' ? jsonColumn(errors, c.value) : errors.map(c.value))),
    ...TRANSACTION_COLUMNS.map((c) => txs.map(c.value)),
    ...tagColumns(errors),
  ];
  return { keys, keyOf, values };
}

/**
 * A jsonb column as one JSON array of its rows' values, which are JSON text already: joined, not escaped again as
 * the elements of an array literal would be (escaping the JSON of realistic events was 5-8 % of the server's CPU,
 * #51). A row without a value is a JSON null, read back as SQL NULL (lib/ingest/store/event-batch-sql.ts documentsOf).
 */
function jsonColumn<R>(rows: R[], value: (r: R) => unknown): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const v = value(rows[i]);
    parts[i] = v === null || v === undefined ? 'null' : (v as string);
  }
  return `[${parts.join(',')}]`;
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
  // On connections of its own, one per batch in flight (lib/pg.ts ownPool).
  const { rows } = await ownPool('ingest-batch', MAX_IN_FLIGHT).query<BatchRow>(
    statement('ingest-batch', BATCH_SQL, batch.values),
  );
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
