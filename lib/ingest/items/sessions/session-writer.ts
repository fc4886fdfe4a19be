// Sessions on the shared group commit: a batch of session items is one statement, folded in memory first (#51,
// fold-sessions.ts): one update per session, one rollup row per (project, release, environment, hour) of
// aggregates, one row per aggregate user. Updates go through the short-lived session state (one row per session,
// its worst status so far), whose change says exactly what each update adds to the hourly rollup: a session counts
// as started once, as errored once, and as crashed or abnormal by its final status, whatever the order or repetition
// of its updates; an update that changes none of those counts (a later `ok` or a clean `exited`) leaves the rollups
// alone instead of rewriting a release's hot hourly and daily rows with zeros. Aggregates add their counts directly.
// Users are kept per release and environment (and across environments, environment ''), with the last day of a
// session and of a crash: a session's user row is written when the session first has a user and when it first
// crashes, not again for each later update (its day, release and environment never change). Whether the session had
// its user already is read from the statement's snapshot: a session updated meanwhile by another batch can only be
// written once more, never skipped (a user is never unset). Both statements are prepared once per connection; a
// batch of aggregates alone (server SDKs) skips the session state and the users.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import { pool, statement } from '@/lib/pg';
import { foldSessions, type RollupDelta, type SessionRow } from './fold-sessions';

export type { SessionRow } from './fold-sessions';
export type SessionOutcome = 'stored' | 'unauthorized';

// What a rollup row already there gets from the statement's counts (both statements below add the same way).
const ADD_TO_HOUR = `ON CONFLICT (project_id, release, environment, hour) DO UPDATE
     SET started = h.started + EXCLUDED.started, errored = h.errored + EXCLUDED.errored,
         abnormal = h.abnormal + EXCLUDED.abnormal, crashed = h.crashed + EXCLUDED.crashed`;
const ADD_TO_DAY = `ON CONFLICT (project_id, release, environment, day) DO UPDATE
     SET started = dd.started + EXCLUDED.started, errored = dd.errored + EXCLUDED.errored,
         abnormal = dd.abnormal + EXCLUDED.abnormal, crashed = dd.crashed + EXCLUDED.crashed,
         last_hour = GREATEST(dd.last_hour, EXCLUDED.last_hour)`;

const EPOCH = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;

const SESSION_SQL = `
WITH u AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::int[], $8::bool[])
    AS u(project_id, sid, did, release, environment, started, status_rank, errored)
), known AS (
  SELECT s.project_id, s.sid FROM session_states s JOIN u USING (project_id, sid) WHERE s.did IS NOT NULL
), up AS (
  INSERT INTO session_states AS s (project_id, sid, did, release, environment, started_hour, status_rank, errored, prev_rank, prev_errored, updated_at)
  SELECT project_id, sid, did, release, environment, date_bin('1 hour', started, ${EPOCH}), status_rank, errored, -1, false, now()
  FROM u ORDER BY project_id, sid
  ON CONFLICT (project_id, sid) DO UPDATE
     SET prev_rank = s.status_rank, prev_errored = s.errored,
         status_rank = GREATEST(s.status_rank, EXCLUDED.status_rank), errored = s.errored OR EXCLUDED.errored,
         did = coalesce(s.did, EXCLUDED.did), updated_at = now()
  RETURNING s.project_id, s.sid, s.did, s.release, s.environment, s.started_hour, s.status_rank, s.errored, s.prev_rank, s.prev_errored
), d AS (
  SELECT * FROM (
    SELECT project_id, release, environment, started_hour AS hour,
           (prev_rank = -1)::int AS started,
           (errored AND NOT prev_errored)::int AS errored,
           (status_rank = 3)::int - (prev_rank = 3)::int AS abnormal,
           (status_rank = 4)::int - (prev_rank = 4)::int AS crashed
    FROM up
  ) c WHERE started <> 0 OR errored <> 0 OR abnormal <> 0 OR crashed <> 0
  UNION ALL
  SELECT * FROM unnest($9::text[], $10::text[], $11::text[], $12::timestamptz[], $13::int[], $14::int[], $15::int[], $16::int[])
), roll AS (
  INSERT INTO session_hourly AS h (project_id, release, environment, hour, started, errored, abnormal, crashed)
  SELECT project_id, release, environment, hour, sum(started)::int, sum(errored)::int, sum(abnormal)::int, sum(crashed)::int
  FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ${ADD_TO_HOUR}
), daily AS (
  INSERT INTO session_daily AS dd (project_id, release, environment, day, started, errored, abnormal, crashed, last_hour)
  SELECT project_id, release, environment, (hour AT TIME ZONE 'UTC')::date, sum(started)::int, sum(errored)::int, sum(abnormal)::int, sum(crashed)::int, max(hour)
  FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ${ADD_TO_DAY}
), usr AS (
  INSERT INTO session_release_users AS su (project_id, release, environment, user_hash, last_day, crashed_day)
  SELECT project_id, release, env, md5(did)::uuid, max(day), max(crashed_day)
  FROM (
    SELECT project_id, release, environment, (started_hour AT TIME ZONE 'UTC')::date AS day, did,
           CASE WHEN status_rank = 4 THEN (started_hour AT TIME ZONE 'UTC')::date END AS crashed_day
      FROM up WHERE did IS NOT NULL
       AND (NOT EXISTS (SELECT 1 FROM known k WHERE k.project_id = up.project_id AND k.sid = up.sid)
            OR (status_rank = 4 AND prev_rank <> 4))
    UNION ALL
    SELECT * FROM unnest($17::text[], $18::text[], $19::text[], $20::date[], $21::text[], $22::date[])
  ) x, LATERAL (VALUES (x.environment), ('')) e(env)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (project_id, release, environment, user_hash) DO UPDATE
     SET last_day = GREATEST(su.last_day, EXCLUDED.last_day), crashed_day = GREATEST(su.crashed_day, EXCLUDED.crashed_day)
)
SELECT count(*)::int AS n FROM up`;

// Aggregates alone: each folded row is its own (project, release, environment, hour), so the hourly insert needs no
// grouping; the daily rollup sums a day's hours.
const AGGREGATES_SQL = `
WITH d AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::int[], $8::int[])
    AS d(project_id, release, environment, hour, started, errored, abnormal, crashed)
), roll AS (
  INSERT INTO session_hourly AS h (project_id, release, environment, hour, started, errored, abnormal, crashed)
  SELECT * FROM d ORDER BY 1, 2, 3, 4
  ${ADD_TO_HOUR}
)
INSERT INTO session_daily AS dd (project_id, release, environment, day, started, errored, abnormal, crashed, last_hour)
SELECT project_id, release, environment, (hour AT TIME ZONE 'UTC')::date, sum(started)::int, sum(errored)::int, sum(abnormal)::int, sum(crashed)::int, max(hour)
FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
${ADD_TO_DAY}`;

const col = <T, V>(xs: T[], f: (x: T) => V) => xs.map(f);
const rollupColumns = (r: RollupDelta[]) => [
  col(r, (x) => x.projectId),
  col(r, (x) => x.release),
  col(r, (x) => x.environment),
  col(r, (x) => x.hour),
  col(r, (x) => x.started),
  col(r, (x) => x.errored),
  col(r, (x) => x.abnormal),
  col(r, (x) => x.crashed),
];

async function writeSessions(rows: SessionRow[]): Promise<SessionOutcome[]> {
  const { updates, rollups, users } = foldSessions(rows);
  if (updates.length === 0 && users.length === 0) {
    await pool().query(statement('sessions-aggregates', AGGREGATES_SQL, rollupColumns(rollups)));
    return rows.map(() => 'stored');
  }
  await pool().query(
    statement('sessions-write', SESSION_SQL, [
      col(updates, (x) => x.projectId),
      col(updates, (x) => x.u.sid),
      col(updates, (x) => x.u.did),
      col(updates, (x) => x.u.release),
      col(updates, (x) => x.u.environment),
      col(updates, (x) => x.u.started),
      col(updates, (x) => x.u.statusRank),
      col(updates, (x) => x.u.errored),
      ...rollupColumns(rollups),
      col(users, (x) => x.projectId),
      col(users, (x) => x.release),
      col(users, (x) => x.environment),
      col(users, (x) => x.lastDay),
      col(users, (x) => x.did),
      col(users, (x) => x.crashedDay),
    ]),
  );
  return rows.map(() => 'stored');
}

const sessionWriter: BatchWriter<SessionRow, SessionOutcome> = {
  name: 'sessions',
  write: writeSessions,
  ...refusedWhenProjectGone,
};

/** Stores one session item (after its batch has committed). */
export const submitSession = groupCommit(sessionWriter);
