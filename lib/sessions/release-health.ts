// Release health read from the session rollups: per release, sessions and users, crash-free sessions and users,
// adoption (its share of the last 24 hours' sessions) and a series per day; for one release, the same per day beside
// the release before it.
import { z } from 'zod';
import { clock } from '@/lib/clock';
import { clampedInt } from '@/lib/zod/query';
import { readPool } from '@/lib/replica';

export const releaseHealthQuery = z.object({
  days: clampedInt(14, 1, 90),
  environment: z.string().trim().min(1).max(64).optional(),
});
export type ReleaseHealthQuery = z.infer<typeof releaseHealthQuery>;

const DAY_MS = 86_400_000;
const MAX_RELEASES = 200;

// `withError`: every session that had an error, crashed and abnormal ones included (what the rollups count).
type Totals = {
  started: number;
  crashed: number;
  abnormal: number;
  withError: number;
  users: number;
  crashedUsers: number;
};

const rate = (bad: number, all: number) => (all > 0 ? Math.round((1 - bad / all) * 10_000) / 10_000 : null);

function healthOf(t: Totals) {
  return {
    sessions: t.started,
    users: t.users,
    crashed: t.crashed,
    abnormal: t.abnormal,
    /** Sessions that had an error but neither crashed nor ended abnormally: Sentry's three are exclusive. */
    errored: Math.max(0, t.withError - t.crashed - t.abnormal),
    /** 1 − crashed / sessions (null without sessions). */
    crashFreeSessions: rate(t.crashed, t.started),
    /** 1 − users with a crashed session / users (null without users). */
    crashFreeUsers: rate(t.crashedUsers, t.users),
  };
}

const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The project's releases with sessions in the window, most recently active first. */
export async function releaseHealth(projectId: string, q: ReleaseHealthQuery) {
  const now = clock.now().getTime();
  const since = new Date(startOfDay(now) - (q.days - 1) * DAY_MS);
  const env = q.environment ?? null;
  const sinceDay = since.toISOString().slice(0, 10);
  // Windows are whole UTC days, read from the daily rollup; adoption (the last 24 hours) from the hourly one.
  const [sessions, recent, users, daily, envs] = await Promise.all([
    readPool().query<{
      release: string;
      started: number;
      crashed: number;
      abnormal: number;
      errored: number;
      last_hour: Date;
    }>(
      `SELECT release, sum(started)::int AS started, sum(crashed)::int AS crashed, sum(abnormal)::int AS abnormal, sum(errored)::int AS errored, max(last_hour) AS last_hour
         FROM session_daily WHERE project_id = $1 AND day >= $2::date AND ($3::text IS NULL OR environment = $3)
        GROUP BY release ORDER BY max(last_hour) DESC, release LIMIT ${MAX_RELEASES}`,
      [projectId, sinceDay, env],
    ),
    readPool().query<{ release: string; started: number }>(
      `SELECT release, sum(started)::int AS started FROM session_hourly WHERE project_id = $1 AND hour >= $2 AND ($3::text IS NULL OR environment = $3) GROUP BY release`,
      [projectId, new Date(now - DAY_MS), env],
    ),
    readPool().query<{ release: string; users: number; crashed_users: number }>(
      `SELECT release, count(*)::int AS users, (count(*) FILTER (WHERE crashed_day >= $2::date))::int AS crashed_users
         FROM session_release_users WHERE project_id = $1 AND environment = coalesce($3::text, '') AND last_day >= $2::date
        GROUP BY release`,
      [projectId, sinceDay, env],
    ),
    readPool().query<{ release: string; day: string; started: number; crashed: number }>(
      `SELECT release, to_char(day, 'YYYY-MM-DD') AS day, sum(started)::int AS started, sum(crashed)::int AS crashed
         FROM session_daily WHERE project_id = $1 AND day >= $2::date AND ($3::text IS NULL OR environment = $3)
        GROUP BY 1, 2`,
      [projectId, sinceDay, env],
    ),
    readPool().query<{ environment: string }>(
      `SELECT DISTINCT environment FROM session_daily WHERE project_id = $1 AND day >= $2::date ORDER BY 1`,
      [projectId, sinceDay],
    ),
  ]);
  const last24 = new Map(recent.rows.map((r) => [r.release, r.started]));
  const usersBy = new Map(users.rows.map((r) => [r.release, r]));
  const days = Array.from({ length: q.days }, (_, i) =>
    new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const dailyBy = new Map<string, Map<string, { started: number; crashed: number }>>();
  for (const r of daily.rows) {
    if (!dailyBy.has(r.release)) dailyBy.set(r.release, new Map());
    dailyBy.get(r.release)!.set(r.day, r);
  }
  const total24 = recent.rows.reduce((n, r) => n + r.started, 0);
  return {
    days: q.days,
    environment: env,
    environments: envs.rows.map((r) => r.environment),
    releases: sessions.rows.map((r) => {
      const u = usersBy.get(r.release);
      const perDay = dailyBy.get(r.release);
      return {
        // Sessions without a release are counted under null ("no release").
        version: r.release === '' ? null : r.release,
        ...healthOf({
          started: r.started,
          crashed: r.crashed,
          abnormal: r.abnormal,
          withError: r.errored,
          users: u?.users ?? 0,
          crashedUsers: u?.crashed_users ?? 0,
        }),
        /** This release's share of the project's sessions in the last 24 hours. */
        adoption: total24 > 0 ? Math.round(((last24.get(r.release) ?? 0) / total24) * 10_000) / 10_000 : null,
        lastSessionAt: r.last_hour.toISOString(),
        series: days.map((day) => {
          const d = perDay?.get(day);
          return { day, sessions: d?.started ?? 0, crashFreeSessions: d ? rate(d.crashed, d.started) : null };
        }),
      };
    }),
  };
}

// The releases with sessions, each keyed by when it was first seen, oldest first: the hour of its first session or
// event, then its first event to the millisecond (two releases whose sessions began in the same hour differ there),
// then when its release row was made (by the first event or by CI), then its version. A release without sessions
// and events is keyed as if first seen now. The previous release is the one with the greatest key below this one's.
const PREVIOUS_RELEASE_SQL = `
WITH sess AS (
  SELECT release, min(hour) AS first_hour FROM session_hourly
   WHERE project_id = $1 AND release <> '' AND ($4::text IS NULL OR environment = $4)
   GROUP BY release
), keyed AS (
  SELECT v.release, s.release IS NOT NULL AS has_sessions,
         coalesce(least(s.first_hour, date_bin('1 hour', r.first_event_at, TIMESTAMPTZ '1970-01-01 00:00:00+00')), $3) AS first_hour,
         coalesce(r.first_event_at, 'infinity') AS first_event,
         coalesce(r.created_at, 'infinity') AS created
    FROM (SELECT release FROM sess UNION SELECT $2::text) v
    LEFT JOIN sess s ON s.release = v.release
    LEFT JOIN releases r ON r.project_id = $1 AND r.version = v.release
)
SELECT k.release FROM keyed k JOIN keyed me ON me.release = $2
 WHERE k.has_sessions AND k.release <> $2
   AND (k.first_hour, k.first_event, k.created, k.release COLLATE "C") < (me.first_hour, me.first_event, me.created, me.release COLLATE "C")
 ORDER BY k.first_hour DESC, k.first_event DESC, k.created DESC, k.release COLLATE "C" DESC
 LIMIT 1`;

/** One release per day, beside the release first seen before it (with sessions to compare). */
export async function releaseHealthDetail(projectId: string, version: string, q: ReleaseHealthQuery) {
  const all = await releaseHealth(projectId, { ...q });
  const self = all.releases.find((r) => r.version === version) ?? null;
  const { rows } = await readPool().query<{ release: string }>(PREVIOUS_RELEASE_SQL, [
    projectId,
    version,
    clock.now(),
    q.environment ?? null,
  ]);
  const previousVersion = rows[0]?.release ?? null;
  const previous = previousVersion ? (all.releases.find((r) => r.version === previousVersion) ?? null) : null;
  return {
    days: all.days,
    environment: all.environment,
    environments: all.environments,
    release: self,
    previous: previous ?? (previousVersion ? { version: previousVersion } : null),
  };
}
