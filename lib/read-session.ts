// A bounded read of the dashboard's own questions (Explore, Insights, metric rules): one read-only transaction on the
// read pool (the replica when there is one), with its memory and parallelism set and its statements stopped after
// `timeoutMs`, a stopped statement answered as a 400 that says what to change instead of a page that never loads.
import type pg from 'pg';
import { AppError } from '@/lib/errors';
import { withPgTransaction } from '@/lib/pg';
import { readSessionPool } from '@/lib/replica';

export type ReadSession = {
  timeoutMs: number;
  workMem: string;
  /** false: no parallel workers (bounded reads, where starting them costs more than they save). */
  parallel: boolean;
  /** The 400's message when the timeout stops a statement. */
  stoppedMessage: string;
};

export async function withReadSession<T>(s: ReadSession, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  try {
    return await withPgTransaction(
      async (client) => {
        await client.query(
          `SELECT set_config('transaction_read_only', 'on', true), set_config('statement_timeout', $1, true),
                  set_config('work_mem', $2, true)${s.parallel ? '' : ", set_config('max_parallel_workers_per_gather', '0', true)"}`,
          [String(s.timeoutMs), s.workMem],
        );
        return fn(client);
      },
      { pool: readSessionPool() },
    );
  } catch (err) {
    if ((err as { code?: string }).code === '57014') throw new AppError('BAD_REQUEST', s.stoppedMessage);
    throw err;
  }
}
