// The weekly report's figures for one project and one week (Monday 00:00 UTC to the next Monday), each beside the
// week before, read from the rollups: events per day and the top issues from the issues' hourly counts, crash-free
// sessions from the daily session rollup, new and regressed issues from the issues' own indexed times.
import { readPool } from '@/lib/replica';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const LIST_LIMIT = 10;
const TOP_LIMIT = 5;

/** Monday 00:00 UTC of the week holding `at` (1970-01-01 was a Thursday: day 3 of its week). */
export function weekStartOf(at: Date): Date {
  const day = Math.floor(at.getTime() / DAY_MS);
  return new Date((day - ((day + 3) % 7)) * DAY_MS);
}

/** The last week that has ended at `now`: what Monday's report is about. */
export function lastCompleteWeek(now: Date): Date {
  return new Date(weekStartOf(now).getTime() - WEEK_MS);
}

/** An issue in the report; `events`: its events in the week. */
export type ReportIssue = { id: string; title: string; culprit: string | null; level: string; events: number };

export type WeeklyReport = {
  projectId: string;
  projectName: string;
  /** Monday of the week (YYYY-MM-DD), and the Monday after it. */
  weekStart: string;
  weekEnd: string;
  newIssues: { count: number; previous: number; issues: ReportIssue[] };
  regressedIssues: { count: number; previous: number; issues: ReportIssue[] };
  /** The week's five issues with the most events, `events` counted in the week. */
  topIssues: ReportIssue[];
  events: { total: number; previous: number; days: { day: string; count: number; previous: number }[] };
  /** Crash-free sessions as a percentage (two decimals), null without sessions. */
  crashFreeSessions: { rate: number | null; previous: number | null; sessions: number; previousSessions: number };
};

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const crashFree = (crashed: number, started: number) =>
  started > 0 ? Math.round((1 - crashed / started) * 10_000) / 100 : null;

// An issue of a list with its events in the week ($2 to $3), from its hourly rows (at most 168 index entries).
const ISSUE_COLUMNS = 'i.id, i.title, i.culprit, i.level::text AS level, w.events';
const WEEK_EVENTS = `CROSS JOIN LATERAL (SELECT coalesce(sum(h.count), 0)::bigint AS events FROM issue_hourly_counts h
                      WHERE h.issue_id = i.id AND h.hour >= $2 AND h.hour < $3) w`;

type IssueRow = { id: string; title: string; culprit: string | null; level: string; events: number };
const toIssue = (r: IssueRow): ReportIssue => ({ ...r, events: Number(r.events) });

/** The figures of the week that starts at `weekStart` (a Monday 00:00 UTC) for project `projectId`. */
export async function weeklyReport(project: { id: string; name: string }, weekStart: Date): Promise<WeeklyReport> {
  const start = weekStart;
  const end = new Date(start.getTime() + WEEK_MS);
  const prev = new Date(start.getTime() - WEEK_MS);
  const q = readPool();
  const [counts, newIssues, regressed, top, daily, sessions] = await Promise.all([
    // First seen / regressed in either week, counted per week (index on (project_id, first_seen)).
    q.query<{ new_now: number; new_prev: number; reg_now: number; reg_prev: number }>(
      `SELECT count(*) FILTER (WHERE first_seen >= $2 AND first_seen < $3)::int AS new_now,
              count(*) FILTER (WHERE first_seen >= $4 AND first_seen < $2)::int AS new_prev,
              count(*) FILTER (WHERE regressed_at >= $2 AND regressed_at < $3)::int AS reg_now,
              count(*) FILTER (WHERE regressed_at >= $4 AND regressed_at < $2)::int AS reg_prev
         FROM issues WHERE project_id = $1 AND last_seen >= $4`,
      [project.id, start, end, prev],
    ),
    q.query<IssueRow>(
      `SELECT ${ISSUE_COLUMNS} FROM issues i ${WEEK_EVENTS}
        WHERE i.project_id = $1 AND i.first_seen >= $2 AND i.first_seen < $3
        ORDER BY w.events DESC, i.first_seen, i.id LIMIT ${LIST_LIMIT}`,
      [project.id, start, end],
    ),
    q.query<IssueRow>(
      `SELECT ${ISSUE_COLUMNS} FROM issues i ${WEEK_EVENTS}
        WHERE i.project_id = $1 AND i.last_seen >= $2 AND i.regressed_at >= $2 AND i.regressed_at < $3
        ORDER BY i.regressed_at DESC, i.id LIMIT ${LIST_LIMIT}`,
      [project.id, start, end],
    ),
    // The issues seen in the week (index on (project_id, last_seen)), each summing its week's hourly rows.
    q.query<IssueRow>(
      `SELECT ${ISSUE_COLUMNS} FROM issues i ${WEEK_EVENTS}
        WHERE i.project_id = $1 AND i.last_seen >= $2 AND i.first_seen < $3 AND w.events > 0
        ORDER BY w.events DESC, i.id LIMIT ${TOP_LIMIT}`,
      [project.id, start, end],
    ),
    // Events per UTC day over both weeks, from the hourly rows of the issues seen in them.
    q.query<{ day: string; count: number }>(
      `SELECT to_char(date_trunc('day', h.hour AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, sum(h.count)::bigint AS count
         FROM issues i JOIN issue_hourly_counts h ON h.issue_id = i.id AND h.hour >= $2 AND h.hour < $3
        WHERE i.project_id = $1 AND i.last_seen >= $2 AND i.first_seen < $3
        GROUP BY 1`,
      [project.id, prev, end],
    ),
    q.query<{ current: boolean; started: number; crashed: number }>(
      `SELECT day >= $2::date AS current, sum(started)::bigint AS started, sum(crashed)::bigint AS crashed
         FROM session_daily WHERE project_id = $1 AND day >= $3::date AND day < $4::date
        GROUP BY 1`,
      [project.id, ymd(start), ymd(prev), ymd(end)],
    ),
  ]);
  const perDay = new Map(daily.rows.map((r) => [r.day, Number(r.count)]));
  const days = Array.from({ length: 7 }, (_, i) => ({
    day: ymd(new Date(start.getTime() + i * DAY_MS)),
    count: perDay.get(ymd(new Date(start.getTime() + i * DAY_MS))) ?? 0,
    previous: perDay.get(ymd(new Date(prev.getTime() + i * DAY_MS))) ?? 0,
  }));
  const sess = (current: boolean) => {
    const r = sessions.rows.find((s) => s.current === current);
    return { started: Number(r?.started ?? 0), crashed: Number(r?.crashed ?? 0) };
  };
  const [now, before] = [sess(true), sess(false)];
  const c = counts.rows[0];
  return {
    projectId: project.id,
    projectName: project.name,
    weekStart: ymd(start),
    weekEnd: ymd(end),
    newIssues: { count: c.new_now, previous: c.new_prev, issues: newIssues.rows.map(toIssue) },
    regressedIssues: { count: c.reg_now, previous: c.reg_prev, issues: regressed.rows.map(toIssue) },
    topIssues: top.rows.map(toIssue),
    events: {
      total: days.reduce((n, d) => n + d.count, 0),
      previous: days.reduce((n, d) => n + d.previous, 0),
      days,
    },
    crashFreeSessions: {
      rate: crashFree(now.crashed, now.started),
      previous: crashFree(before.crashed, before.started),
      sessions: now.started,
      previousSessions: before.started,
    },
  };
}
