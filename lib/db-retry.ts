// Riding out a database failover (#50): while the primary is switched (Patroni promotes the standby and HAProxy
// moves to it), connections are refused or reset, a new one may land on a standby that is not yet promoted, or on a
// server starting up or shutting down. withDbRetry runs a unit of database work again from its start until it
// succeeds or DATABASE_RETRY_SECONDS (default 15) have passed, then throws DatabaseUnavailableError (answered 503
// with Retry-After by the ingest endpoints). It retries only failures that mean "nothing was committed"; a
// connection lost while a COMMIT (or a statement outside BEGIN, which commits itself) was in flight is ambiguous,
// retried only by work that is safe to repeat (the event writer: event_ids makes a repeated error event a duplicate).
import { logger } from './log';

/** Refused by the server before anything ran: read-only transaction (a standby), cannot connect now (starting up / shutting down). */
const REFUSED_CODES = new Set(['25006', '57P03']);
/** The session is gone: admin shutdown (pg_terminate_backend, a fast shutdown), crash shutdown, connection exceptions. */
const LOST_CODES = new Set(['57P01', '57P02', '08000', '08001', '08003', '08004', '08006']);
/** Socket errors; the first three can only happen while connecting. */
const CONNECT_ERRNOS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const LOST_ERRNOS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
const LOST_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^terminating connection/,
];

const NOT_COMMITTED = Symbol.for('tracker.db.notCommitted');
const UNAVAILABLE = Symbol.for('tracker.db.unavailable');

/** Marks an error raised before any COMMIT was sent on its session (while connecting, or inside BEGIN … before COMMIT). */
export function markNotCommitted<E>(err: E): E {
  if (typeof err === 'object' && err !== null) (err as Record<symbol, boolean>)[NOT_COMMITTED] = true;
  return err;
}

/**
 * What a database error means for a failover: `not-committed` (safe to run the work again), `ambiguous` (the
 * connection was lost while a commit may have been in flight), or null (not a failover error: fail at once).
 */
export function classifyDbError(err: unknown): 'not-committed' | 'ambiguous' | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; message?: unknown; [NOT_COMMITTED]?: boolean };
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && REFUSED_CODES.has(code)) return 'not-committed';
  if (code && CONNECT_ERRNOS.has(code)) return 'not-committed';
  const message = typeof e.message === 'string' ? e.message : '';
  const lost =
    (code !== undefined && (LOST_CODES.has(code) || LOST_ERRNOS.has(code))) ||
    LOST_MESSAGES.some((m) => m.test(message));
  if (!lost) return null;
  return e[NOT_COMMITTED] ? 'not-committed' : 'ambiguous';
}

/** Thrown when the database stayed unavailable past the bound (or a commit's fate is unknown): answer 503. */
export class DatabaseUnavailableError extends Error {
  readonly [UNAVAILABLE] = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Whether err is a DatabaseUnavailableError (of any copy of this module: Next's bundle and the Node adapter load their own). */
export function isDatabaseUnavailable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[UNAVAILABLE] === true;
}

/** The seconds a 503 for an unavailable database asks the client to wait. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** How long work waits for a writable primary: DATABASE_RETRY_SECONDS (default 15; 0 turns retrying off). */
export function dbRetryBoundMs(): number {
  const raw = process.env.DATABASE_RETRY_SECONDS?.trim();
  const n = raw ? Number(raw) : 15;
  return Number.isFinite(n) && n >= 0 ? n * 1000 : 15_000;
}

export type DbRetryOptions = {
  /** Whether a connection lost while a commit may have been in flight is retried (only for work safe to repeat). */
  ambiguous?: 'retry' | 'fail';
  /** Overrides DATABASE_RETRY_SECONDS (tests). */
  boundMs?: number;
  /** Names the work in the log lines. */
  what?: string;
};

const FIRST_DELAY_MS = 50;
const MAX_DELAY_MS = 1000;

/**
 * Runs fn, and again from its start after a failover error, with a growing pause (50 ms doubling up to 1 s),
 * until it succeeds or the bound has passed. Any other error is rethrown at once.
 */
export async function withDbRetry<T>(fn: () => Promise<T>, options: DbRetryOptions = {}): Promise<T> {
  const bound = options.boundMs ?? dbRetryBoundMs();
  const started = performance.now();
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await fn();
      if (attempt > 1)
        logger.info(
          { what: options.what, attempts: attempt, waitedMs: Math.round(performance.now() - started) },
          'database work succeeded after retrying',
        );
      return result;
    } catch (err) {
      const kind = classifyDbError(err);
      if (kind === null) throw err;
      if (kind === 'ambiguous' && options.ambiguous !== 'retry')
        throw new DatabaseUnavailableError('database connection lost while committing: outcome unknown', {
          cause: err,
        });
      const waited = performance.now() - started;
      if (waited + delay > bound)
        throw new DatabaseUnavailableError(`database unavailable for ${Math.round(waited)} ms`, { cause: err });
      if (attempt === 1)
        logger.warn({ err, what: options.what, kind }, 'database unavailable: waiting for a writable primary');
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}
