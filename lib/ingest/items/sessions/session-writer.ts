// Sessions on the shared group commit: a batch of session items is one statement. Updates go through the short-lived
// session state (one row per session, its worst status so far), whose change says exactly what each update adds to
// the hourly rollup: a session counts as started once, as errored once, and as crashed or abnormal by its final
// status, whatever the order or repetition of its updates. Aggregates add their counts directly. Users are kept per
// release and environment (and across environments, environment ''), with the last day of a session and of a crash.
import { groupCommit, refusedWhenProjectGone, type BatchWriter } from '@/lib/ingest/store/group-commit';
import { pool } from '@/lib/pg';
import type { SessionAggregate, SessionItem, SessionUpdate } from './parse-sessions';

export type SessionRow = { projectId: string; item: SessionItem };
export type SessionOutcome = 'stored' | 'unauthorized';

const EPOCH = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;
const HOUR_MS = 3_600_000;
const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const SESSION_SQL = `
WITH u AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::int[], $8::bool[])
    AS u(project_id, sid, did, release, environment, started, status_rank, errored)
), up AS (
  INSERT INTO session_states AS s (project_id, sid, did, release, environment, started_hour, status_rank, errored, prev_rank, prev_errored, updated_at)
  SELECT project_id, sid, did, release, environment, date_bin('1 hour', started, ${EPOCH}), status_rank, errored, -1, false, now()
  FROM u ORDER BY project_id, sid
  ON CONFLICT (project_id, sid) DO UPDATE
     SET prev_rank = s.status_rank, prev_errored = s.errored,
         status_rank = GREATEST(s.status_rank, EXCLUDED.status_rank), errored = s.errored OR EXCLUDED.errored,
         did = coalesce(s.did, EXCLUDED.did), updated_at = now()
  RETURNING s.project_id, s.did, s.release, s.environment, s.started_hour, s.status_rank, s.errored, s.prev_rank, s.prev_errored
), d AS (
  SELECT project_id, release, environment, started_hour AS hour,
         (prev_rank = -1)::int AS started,
         (errored AND NOT prev_errored)::int AS errored,
         (status_rank = 3)::int - (prev_rank = 3)::int AS abnormal,
         (status_rank = 4)::int - (prev_rank = 4)::int AS crashed
  FROM up
  UNION ALL
  SELECT * FROM unnest($9::text[], $10::text[], $11::text[], $12::timestamptz[], $13::int[], $14::int[], $15::int[], $16::int[])
), roll AS (
  INSERT INTO session_hourly AS h (project_id, release, environment, hour, started, errored, abnormal, crashed)
  SELECT project_id, release, environment, hour, sum(started)::int, sum(errored)::int, sum(abnormal)::int, sum(crashed)::int
  FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (project_id, release, environment, hour) DO UPDATE
     SET started = h.started + EXCLUDED.started, errored = h.errored + EXCLUDED.errored,
         abnormal = h.abnormal + EXCLUDED.abnormal, crashed = h.crashed + EXCLUDED.crashed
), daily AS (
  INSERT INTO session_daily AS dd (project_id, release, environment, day, started, errored, abnormal, crashed, last_hour)
  SELECT project_id, release, environment, (hour AT TIME ZONE 'UTC')::date, sum(started)::int, sum(errored)::int, sum(abnormal)::int, sum(crashed)::int, max(hour)
  FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (project_id, release, environment, day) DO UPDATE
     SET started = dd.started + EXCLUDED.started, errored = dd.errored + EXCLUDED.errored,
         abnormal = dd.abnormal + EXCLUDED.abnormal, crashed = dd.crashed + EXCLUDED.crashed,
         last_hour = GREATEST(dd.last_hour, EXCLUDED.last_hour)
), usr AS (
  INSERT INTO session_release_users AS su (project_id, release, environment, user_hash, last_day, crashed_day)
  SELECT project_id, release, env, md5(did)::uuid, max(day), max(day) FILTER (WHERE crashed)
  FROM (
    SELECT project_id, release, environment, (started_hour AT TIME ZONE 'UTC')::date AS day, did, status_rank = 4 AS crashed FROM up WHERE did IS NOT NULL
    UNION ALL
    SELECT * FROM unnest($17::text[], $18::text[], $19::text[], $20::date[], $21::text[], $22::bool[])
  ) x, LATERAL (VALUES (x.environment), ('')) e(env)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (project_id, release, environment, user_hash) DO UPDATE
     SET last_day = GREATEST(su.last_day, EXCLUDED.last_day), crashed_day = GREATEST(su.crashed_day, EXCLUDED.crashed_day)
)
SELECT count(*)::int AS n FROM up`;

/** The batch's updates, one per session: the worst status, any error, the earliest start, the first user, release. */
function mergeUpdates(rows: SessionRow[]): { projectId: string; u: SessionUpdate }[] {
  const bySid = new Map<string, { projectId: string; u: SessionUpdate }>();
  for (const r of rows) {
    if (r.item.kind !== 'update') continue;
    const k = `${r.projectId}\u0000${r.item.sid}`;
    const seen = bySid.get(k);
    if (!seen) {
      bySid.set(k, { projectId: r.projectId, u: { ...r.item } });
      continue;
    }
    seen.u.statusRank = Math.max(seen.u.statusRank, r.item.statusRank);
    seen.u.errored ||= r.item.errored;
    seen.u.did ??= r.item.did;
    if (r.item.started < seen.u.started) seen.u.started = r.item.started;
  }
  return [...bySid.values()];
}

async function writeSessions(rows: SessionRow[]): Promise<SessionOutcome[]> {
  const updates = mergeUpdates(rows);
  const aggregates = rows.filter(
    (r): r is { projectId: string; item: SessionAggregate } => r.item.kind === 'aggregate',
  );
  const users = aggregates.filter((a) => a.item.did !== null);
  const col = <T, V>(xs: T[], f: (x: T) => V) => xs.map(f);
  await pool().query(SESSION_SQL, [
    col(updates, (x) => x.projectId),
    col(updates, (x) => x.u.sid),
    col(updates, (x) => x.u.did),
    col(updates, (x) => x.u.release),
    col(updates, (x) => x.u.environment),
    col(updates, (x) => x.u.started),
    col(updates, (x) => x.u.statusRank),
    col(updates, (x) => x.u.errored),
    col(aggregates, (x) => x.projectId),
    col(aggregates, (x) => x.item.release),
    col(aggregates, (x) => x.item.environment),
    col(aggregates, (x) => hourOf(x.item.started)),
    col(aggregates, (x) => x.item.exited + x.item.errored + x.item.abnormal + x.item.crashed),
    // Errored counts every session that had an error, crashed and abnormal ones included.
    col(aggregates, (x) => x.item.errored + x.item.abnormal + x.item.crashed),
    col(aggregates, (x) => x.item.abnormal),
    col(aggregates, (x) => x.item.crashed),
    col(users, (x) => x.projectId),
    col(users, (x) => x.item.release),
    col(users, (x) => x.item.environment),
    col(users, (x) => dayOf(x.item.started)),
    col(users, (x) => x.item.did),
    col(users, (x) => x.item.crashed > 0),
  ]);
  return rows.map(() => 'stored');
}

const sessionWriter: BatchWriter<SessionRow, SessionOutcome> = {
  name: 'sessions',
  write: writeSessions,
  ...refusedWhenProjectGone,
};

/** Stores one session item (after its batch has committed). */
export const submitSession = groupCommit(sessionWriter);
