// The outcome counter: ingest paths add counts in memory (no database work per item); every second the totals
// are added to the `outcomes` rollup in one statement, so instances sum exactly. Flushed again on shutdown.
import { countOutcome } from '@/lib/metrics/metrics';
import { pool, statement } from '@/lib/pg';
import { primaryWalPosition, replicaConfigured } from '@/lib/replica';
import { onShutdown } from '@/lib/shutdown';
import type { Category, Outcome } from './categories';
import { logger } from '@/lib/log';

const FLUSH_INTERVAL_MS = 1_000;
const MAX_REASON = 100;

type Counter = {
  timer: NodeJS.Timeout | null;
  counts: Map<string, number>;
  flushing: Promise<void> | null;
  flushedAt?: bigint | null;
};
// On globalThis: the start script's ingest adapter and Next's server bundle load separate copies of this module.
const g = globalThis as unknown as { trackerOutcomes?: Counter };
const state: Counter = (g.trackerOutcomes ??= { timer: null, counts: new Map(), flushing: null });

const SEP = '\u0001';
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Counts `quantity` items of `category` of a project as having had `outcome` (for `reason`). */
export function recordOutcome({
  projectId,
  category,
  outcome,
  reason = '',
  quantity = 1,
  at = new Date(),
}: {
  projectId: string;
  category: Category;
  outcome: Outcome;
  reason?: string;
  quantity?: number;
  at?: Date;
}): void {
  if (quantity <= 0) return;
  countOutcome({ project: projectId, category, outcome, reason: reason.slice(0, MAX_REASON), quantity });
  const key = [projectId, dayOf(at), category, outcome, reason.slice(0, MAX_REASON)].join(SEP);
  state.counts.set(key, (state.counts.get(key) ?? 0) + quantity);
  if (!state.timer) {
    state.timer = setInterval(
      () => void flushOutcomes().catch((err) => logger.error({ err }, 'outcomes flush failed')),
      FLUSH_INTERVAL_MS,
    );
    state.timer.unref();
    onShutdown(async () => {
      if (state.timer) clearInterval(state.timer);
      state.timer = null;
      await flushOutcomes();
    });
  }
}

/** The primary's WAL position after this instance's last flush (with a read replica), for reads that must include it. */
export function lastFlushPosition(): bigint | null {
  return state.flushedAt ?? null;
}

/** Adds the counts gathered so far to the database (one statement); concurrent callers share one flush. */
export async function flushOutcomes(): Promise<void> {
  if (state.flushing) await state.flushing;
  if (state.counts.size === 0) return;
  const batch = state.counts;
  state.counts = new Map();
  const cols: [string[], string[], string[], string[], string[], number[]] = [[], [], [], [], [], []];
  for (const [key, quantity] of batch) {
    const [projectId, day, category, outcome, reason] = key.split(SEP);
    cols[0].push(projectId);
    cols[1].push(day);
    cols[2].push(category);
    cols[3].push(outcome);
    cols[4].push(reason);
    cols[5].push(quantity);
  }
  state.flushing = pool()
    .query(
      statement(
        'outcomes-flush',
        // A project deleted meanwhile has no row to count against: its counts are dropped with it.
        `INSERT INTO outcomes (project_id, day, category, outcome, reason, quantity)
             SELECT o.* FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::text[], $6::bigint[])
                    AS o(project_id, day, category, outcome, reason, quantity)
              WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = o.project_id)
             ORDER BY 1, 2, 3, 4, 5
             ON CONFLICT (project_id, day, category, outcome, reason) DO UPDATE SET quantity = outcomes.quantity + EXCLUDED.quantity`,
        cols,
      ),
    )
    .then(
      async () => {
        // With a read replica, the Stats page reads only a replica that has replayed this instance's last flush.
        if (replicaConfigured()) state.flushedAt = await primaryWalPosition().catch(() => null);
      },
      (err) => {
        // Put the counts back: the next flush tries again.
        for (const [key, quantity] of batch) state.counts.set(key, (state.counts.get(key) ?? 0) + quantity);
        throw err;
      },
    )
    .finally(() => {
      state.flushing = null;
    });
  await state.flushing;
}
