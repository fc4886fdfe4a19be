// The per-function rollup of profiles (#47), in two steps. Storing a profile inserts one row of its functions'
// figures (profile_function_pending) in the profile's own transaction: insert-only, so concurrent chunks never wait
// on each other's rows. A fold then sums the waiting rows per project, hour and function and adds them to
// profile_function_hours, each function-hour updated once per fold rather than once per profile. Reads add the
// waiting rows to the folded ones (lib/profiles/profile-api.ts), so when a fold runs changes no answer.
// The fold runs a few seconds after a process stores a profile, and in the minute job for what a stopped process
// left. Each takes its rows with SKIP LOCKED and deletes them in the statement that adds them: a row is folded once.
import { logger } from '@/lib/log';
import { pool } from '@/lib/pg';

/** Example profiles kept per function and hour. */
export const EXAMPLES = 5;
/** Waiting rows one fold statement takes (a busy minute of 20 processes is 20). */
const BATCH = 200;
/** How long after a stored profile its process folds: long enough to take many profiles at once. */
const FOLD_DELAY_MS = 5_000;

const FOLD = `
WITH taken AS (
  DELETE FROM profile_function_pending
   WHERE id IN (SELECT id FROM profile_function_pending ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING *
), x AS (
  SELECT t.project_id, t.hour, t.id, t.profile_id, u.f, u.s, u.tt, u.c, u.h::int[] AS h
    FROM taken t, unnest(t.frame_ids, t.self_ms, t.total_ms, t.calls, t.histograms) AS u(f, s, tt, c, h)
), sums AS (
  SELECT project_id, hour, f, sum(s) AS s, sum(tt) AS tt, sum(c) AS c, profile_histogram_sum(h) AS h,
         (array_agg(profile_id ORDER BY id DESC))[1:${EXAMPLES}] AS ex
    FROM x GROUP BY project_id, hour, f
)
INSERT INTO profile_function_hours AS h (project_id, hour, frame_id, self_ms, total_ms, calls, histogram, examples)
SELECT project_id, hour, f, s, tt, c, h, ex FROM sums ORDER BY project_id, hour, f
ON CONFLICT (project_id, hour, frame_id) DO UPDATE SET
  self_ms = h.self_ms + excluded.self_ms,
  total_ms = h.total_ms + excluded.total_ms,
  calls = h.calls + excluded.calls,
  histogram = profile_histogram_add(h.histogram, excluded.histogram),
  examples = (excluded.examples || h.examples)[1:${EXAMPLES}]`;

/** Folds every waiting row; returns the function-hours added to or created. */
export async function foldFunctionHours(): Promise<number> {
  let changed = 0;
  for (;;) {
    const { rowCount } = await pool().query(FOLD, [BATCH]);
    if (!rowCount) return changed;
    changed += rowCount;
  }
}

let timer: NodeJS.Timeout | null = null;

/** Folds a few seconds from now, once however many profiles this process stores meanwhile. */
export function foldSoon(): void {
  if (timer) return;
  timer = setTimeout(() => {
    foldFunctionHours()
      .catch((err) => logger.error({ err }, '[profiles] function fold failed (the minute job retries)'))
      .finally(() => {
        timer = null;
      });
  }, FOLD_DELAY_MS);
  timer.unref();
}
