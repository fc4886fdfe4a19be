// The delivery log (#64): each call to a provider is one row (what was sent, the answer's status, the error, the
// attempt), written with the next attempt's job when a failed one may be retried, in one transaction. A person
// reads it on the integration's settings page.
import { db } from '@/lib/db';
import { withPgTransaction } from '@/lib/pg';
import { AppError } from '@/lib/errors';
import { getBoss, jobDb, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { parseRetryDelays } from '@/lib/jobs/retry-delays';
import { RefusedAddress, recordExchanges, type Exchange } from './outbound';
import type { TicketJob } from './ticket-job';

/** Delays before each retry; INTEGRATION_RETRY_DELAYS_MS="50,100" shortens them (tests). */
export const integrationRetryDelaysMs = () => parseRetryDelays(process.env.INTEGRATION_RETRY_DELAYS_MS);

export type Attempt<T> =
  { ok: true; value: T } | { ok: false; message: string; status: number | null; retrying: boolean };

const MAX_ERROR = 1000;

function messageOf(err: unknown): string {
  const m = err instanceof Error ? err.message || err.name : String(err);
  return m.length > MAX_ERROR ? `${m.slice(0, MAX_ERROR)}…` : m;
}

/**
 * Whether a failed call is worth another try: no answer at all (a network error, a timeout), a 429 or a 5xx. Our own
 * refusals (no project settings, no done transition, a refused address) and the provider's 4xx are not.
 */
export function classify(
  err: unknown,
  exchanges: Exchange[],
): { status: number | null; retryable: boolean; message: string } {
  const last = exchanges.at(-1);
  const status = last?.status ?? null;
  const message = messageOf(err);
  if (err instanceof AppError || err instanceof RefusedAddress || err instanceof SyntaxError)
    return { status, retryable: false, message };
  if (exchanges.some((e) => e.error?.startsWith('Refused')))
    return { status, retryable: false, message: last?.error ?? message };
  if (status === null) return { status, retryable: exchanges.length > 0, message };
  return { status, retryable: status === 429 || status >= 500, message: `HTTP ${status}: ${message}` };
}

/**
 * Runs one provider call for a job and logs it: the delivery row, and the next attempt's job when it may be retried
 * and tries remain. `target` names the ticket or where it goes.
 */
export async function attemptDelivery<T>(
  job: TicketJob,
  a: { target: string | null; call: () => Promise<T> },
): Promise<Attempt<T>> {
  const result = await recordExchanges(a.call);
  const delays = integrationRetryDelaysMs();
  const failure = result.ok ? null : classify(result.error, result.exchanges);
  const retryIn = failure?.retryable && job.attempt < delays.length ? delays[job.attempt] : null;
  const status = result.ok ? (result.exchanges.at(-1)?.status ?? null) : failure!.status;
  const request = result.exchanges.map(({ method, path, body }) => ({
    method,
    path,
    ...(body === undefined ? {} : { body }),
  }));
  const boss = retryIn !== null ? await getBoss() : null;
  await withPgTransaction(async (client) => {
    await client.query(
      `INSERT INTO integration_deliveries (integration_id, action, issue_id, target, request, response_status, success, error, attempt)
       SELECT id, $2, $3, $4, $5::jsonb, $6, $7, $8, $9 FROM integrations WHERE id = $1`,
      [
        job.integrationId,
        job.action,
        job.issueId || null,
        a.target,
        JSON.stringify(request),
        status,
        result.ok,
        failure?.message ?? null,
        job.attempt,
      ],
    );
    if (boss && retryIn !== null) {
      const startAfter = new Date(Date.now() + retryIn).toISOString();
      const next: TicketJob = { ...job, attempt: job.attempt + 1 };
      await boss.insert([{ name: QUEUES.integrationDelivery, data: next, startAfter }], { db: jobDb(client) });
    }
  });
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, message: failure!.message, status: failure!.status, retrying: retryIn !== null };
}

/** Queues first attempts (inside the caller's transaction when it passes its client) and wakes this process's workers. */
export async function enqueueTicketJobs(
  jobs: (TicketJob & { id?: string })[],
  client?: Parameters<typeof jobDb>[0],
): Promise<void> {
  if (!jobs.length) return;
  const boss = await getBoss();
  await boss.insert(
    jobs.map(({ id, ...data }) => ({ name: QUEUES.integrationDelivery, data, ...(id ? { id } : {}) })),
    client ? { db: jobDb(client) } : {},
  );
}

export const wakeTicketWorkers = () => notifyWorkers(QUEUES.integrationDelivery);

/** The integration's log, newest first (the caller has checked the integration is the organization's). */
export async function listDeliveries(integrationId: string, q: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db.integrationDelivery.findMany({
      where: { integrationId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
    db.integrationDelivery.count({ where: { integrationId } }),
  ]);
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      issueId: r.issueId,
      target: r.target,
      request: r.request,
      responseStatus: r.responseStatus,
      success: r.success,
      error: r.error,
      attempt: r.attempt,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
  };
}
