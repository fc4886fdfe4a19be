// Group commit, shared by every item type: items that arrive together are written by their type's writer in one
// statement, so a burst pays one WAL flush per batch instead of one per item. A request is answered only after
// its batch has committed (synchronous_commit stays on: a 200 means durable). A writer (lib/ingest/store/event-writer.ts
// for error events and transactions) says how a batch is written and what follows its commit.
import { observeBatch } from '@/lib/metrics/metrics';
import { onShutdown } from '@/lib/shutdown';
import { logger } from '@/lib/log';
import { isDatabaseUnavailable, withDbRetry } from '@/lib/db-retry';

export const MAX_BATCH = 100;
/** The most batches of one writer written at once. */
export const MAX_IN_FLIGHT = 3;

/** What a failed write means for each of its items: an outcome of the type's own, or a failure to pass on. */
export type Refusal<O> = O | { failed: unknown };

export type BatchWriter<I, O> = {
  /** Names the batcher (one per writer, shared by every copy of this module in the process). */
  name: string;
  /**
   * The most items a batch holds (MAX_BATCH unless set). A full batch starts beside the one in flight, up to
   * MAX_IN_FLIGHT: a writer whose items are many rows each (a request's log lines) sets fewer, so the database
   * writes several batches at once instead of one after the other.
   */
  maxBatch?: number;
  /** Writes a batch in one statement and returns each item's outcome, in order. */
  write(items: I[]): Promise<O[]>;
  /**
   * Whether writing these items again after their commit's answer was lost stores nothing twice (lib/db-retry):
   * then a failover's ambiguous commit is retried, else the items fail (503).
   */
  idempotent?(items: I[]): boolean;
  /** What a write's error means for an item (a batch that failed is retried one by one first). */
  refused(err: unknown): Refusal<O>;
  /** Whether a batch's error is expected of bad input (its items are then retried alone without a log line). */
  expected(err: unknown): boolean;
  /** Work done after the commit and before the answers (alert evaluation), off the batch slot. */
  afterCommit?(items: I[], outcomes: Refusal<O>[]): Promise<void> | null;
};

type Settle<O> = { resolve: (o: O) => void; reject: (err: unknown) => void };
type Queued<I, O> = { item: I } & Settle<O>;

type Batcher<I, O> = {
  writer: BatchWriter<I, O>;
  queue: Queued<I, O>[];
  inFlight: number;
  scheduled: boolean;
  pending: Set<Promise<unknown>>;
  idle: (() => void)[];
};

// On globalThis: under `npm start` the Node ingest adapter and Next's bundle load separate copies of this
// module, and both must feed the same batches.
const g = globalThis as unknown as { trackerBatchers?: Map<string, Batcher<unknown, unknown>> };
const batchers = (g.trackerBatchers ??= (() => {
  const m = new Map<string, Batcher<unknown, unknown>>();
  onShutdown(() => drainBatches());
  return m;
})());

/** The submit function of a writer's batcher: resolves with the item's outcome after its batch has committed. */
export function groupCommit<I, O>(writer: BatchWriter<I, O>): (item: I) => Promise<O> {
  let b = batchers.get(writer.name) as Batcher<I, O> | undefined;
  if (!b) {
    b = { writer, queue: [], inFlight: 0, scheduled: false, pending: new Set(), idle: [] };
    batchers.set(writer.name, b as Batcher<unknown, unknown>);
  }
  const batcher = b;
  return (item) =>
    new Promise<O>((resolve, reject) => {
      batcher.queue.push({ item, resolve, reject });
      pump(batcher);
    });
}

/** Resolves once every queued and in-flight batch of every writer (and its after-commit work) has finished. */
export async function drainBatches(): Promise<void> {
  for (const b of batchers.values()) await drain(b);
}

function drain<I, O>(b: Batcher<I, O>): Promise<void> {
  if (isIdle(b)) return Promise.all(b.pending).then(() => {});
  return new Promise<void>((resolve) => b.idle.push(resolve)).then(() => drain(b));
}

const isIdle = <I, O>(b: Batcher<I, O>) => b.queue.length === 0 && b.inFlight === 0;

function pump<I, O>(b: Batcher<I, O>): void {
  if (b.queue.length === 0) return;
  if (b.inFlight === 0) {
    // Items read in the same turn of the event loop join the batch; a lone one waits no longer than that.
    if (!b.scheduled) {
      b.scheduled = true;
      setImmediate(() => {
        b.scheduled = false;
        if (b.inFlight === 0) launch(b);
        pump(b);
      });
    }
    return;
  }
  // Otherwise accumulate until the batch in flight commits, unless a full batch is ready to run beside it.
  while (b.queue.length >= (b.writer.maxBatch ?? MAX_BATCH) && b.inFlight < MAX_IN_FLIGHT) launch(b);
}

function launch<I, O>(b: Batcher<I, O>): void {
  const queued = b.queue.splice(0, b.writer.maxBatch ?? MAX_BATCH);
  if (!queued.length) return;
  b.inFlight++;
  void runBatch(b, queued).finally(() => {
    b.inFlight--;
    // What accumulated while this batch was in flight goes now.
    if (b.queue.length) launch(b);
    pump(b);
    if (isIdle(b)) for (const wake of b.idle.splice(0)) wake();
  });
}

async function runBatch<I, O>(b: Batcher<I, O>, queued: Queued<I, O>[]): Promise<void> {
  const { writer } = b;
  const items = queued.map((q) => q.item);
  let outcomes: Refusal<O>[];
  try {
    const started = performance.now();
    // A failover (#50): the batch waits for a writable primary (DATABASE_RETRY_SECONDS) and is written again.
    outcomes = await withDbRetry(() => writer.write(items), {
      ambiguous: writer.idempotent?.(items) ? 'retry' : 'fail',
      what: `ingest batch (${writer.name})`,
    });
    observeBatch(writer.name, items.length, (performance.now() - started) / 1000);
  } catch (err) {
    if (items.length === 1 || isDatabaseUnavailable(err)) {
      // No database (it stayed away past the bound): item by item would wait as long again for each.
      outcomes = items.map(() => writer.refused(err));
    } else {
      // One bad item (or a project deleted meanwhile) must not fail its neighbours: each becomes a batch of one.
      if (!writer.expected(err))
        logger.warn({ err, writer: writer.name }, 'ingest: a batch failed, storing its items one by one');
      outcomes = [];
      for (const item of items)
        outcomes.push(
          await writer.write([item]).then(
            (o) => o[0],
            (e: unknown) => writer.refused(e),
          ),
        );
    }
  }
  const answer = () =>
    queued.forEach((q, i) => {
      const o = outcomes[i];
      if (typeof o === 'object' && o !== null && 'failed' in o) q.reject(o.failed);
      else q.resolve(o as O);
    });
  // After-commit work (alerts) is started before the answers (a 200 means its alerts are queued too), but the
  // batch slot is free already: the next batch does not wait for it. Both start in the event loop's check phase:
  // the next batch, launched as this one returns, is sent first (answering a batch's requests is a chain of
  // microtasks each, which would otherwise all run before the pool sends it).
  const p = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    const after = writer.afterCommit?.(items, outcomes);
    if (!after) return answer();
    return after
      .catch((err) => logger.error({ err, writer: writer.name }, 'ingest: after-commit work failed'))
      .finally(answer);
  });
  b.pending.add(p);
  void p.finally(() => b.pending.delete(p));
}

/**
 * For writers whose rows reference their project: a foreign-key violation means the project was deleted between
 * the key lookup and the write (the item is refused as unauthorized, expectedly); anything else fails.
 */
export const refusedWhenProjectGone = {
  refused: (err: unknown): Refusal<'unauthorized'> =>
    pgError(err)?.code === '23503' ? 'unauthorized' : { failed: err },
  expected: (err: unknown) => pgError(err)?.code === '23503',
};

export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? (err as { code?: string; constraint?: string })
    : undefined;
}
