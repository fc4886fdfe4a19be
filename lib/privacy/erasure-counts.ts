// What an erasure touches (#48, docs/erasure.md): the tables it removes rows from, and the preview's count of the rows
// that reference the person, per project and table, read with the same clauses the job deletes with.
// Raw SQL on the pg pool: the preview reads the job's clauses over partitioned tables.
import type pg from 'pg';
import { pool } from '@/lib/pg';
import { bind, MATCH, matchParams, resolveIdentity, type ErasureTarget, type Identity } from './erasure-match';

export const ERASURE_TABLES = [
  'events',
  'attachments',
  'feedback',
  'logs',
  'spans',
  'metrics',
  'replays',
  'sessions',
  'releaseUsers',
] as const;
export type ErasureTable = (typeof ERASURE_TABLES)[number];
/** Rows per table, and per project. */
export type TableCounts = Record<ErasureTable, number>;
export type ProjectCounts = Record<string, TableCounts>;

export const BATCH_SIZE = 2000;

export const zero = (): TableCounts => Object.fromEntries(ERASURE_TABLES.map((t) => [t, 0])) as TableCounts;

export type Conn = pg.Pool | pg.PoolClient;
export async function q<R extends pg.QueryResultRow>(conn: Conn, text: string, params: unknown[]): Promise<R[]> {
  const [sql, values] = bind(text, params);
  return (await conn.query<R>(sql, values)).rows;
}

export async function identityFor(projectIds: string[], target: ErasureTarget): Promise<Identity> {
  return resolveIdentity(
    (text, values) =>
      pool()
        .query(text, values)
        .then((r) => r.rows),
    projectIds,
    target,
  );
}

// The rows the person's events, feedback and replays key their attachments by.
const EVENT_KEYS = `SELECT project_id, event_id FROM events WHERE ${MATCH.events} AND event_id IS NOT NULL`;
const FEEDBACK_MATCH = `(${MATCH.feedback}) OR (project_id, associated_event_id) IN (SELECT project_id, event_id FROM ev)`;

const PREVIEW_SQL: Record<ErasureTable, string> = {
  events: `SELECT project_id, count(*)::int AS n FROM events WHERE ${MATCH.events} GROUP BY 1`,
  feedback: `WITH ev AS (${EVENT_KEYS}) SELECT project_id, count(*)::int AS n FROM feedback WHERE ${FEEDBACK_MATCH} GROUP BY 1`,
  attachments: `WITH ev AS (${EVENT_KEYS}),
    fb AS (SELECT project_id, event_id FROM feedback WHERE ${FEEDBACK_MATCH}),
    rp AS (SELECT project_id, id AS event_id FROM replays WHERE ${MATCH.replays})
    SELECT project_id, count(*)::int AS n FROM attachments
    WHERE (project_id, event_id) IN (SELECT * FROM ev UNION SELECT * FROM fb UNION SELECT * FROM rp) GROUP BY 1`,
  logs: `SELECT project_id, count(*)::int AS n FROM logs WHERE ${MATCH.logs} GROUP BY 1`,
  // A row of spans holds a transaction's spans of one write (#51): counted by its spans.
  spans: `SELECT p.id AS project_id, sum(span_count)::int AS n FROM spans JOIN projects p ON p.number = spans.project
    WHERE ${MATCH.spans} GROUP BY 1`,
  replays: `SELECT project_id, count(*)::int AS n FROM replays WHERE ${MATCH.replays} GROUP BY 1`,
  // Metric points name their project by its number (#61).
  metrics: `SELECT (SELECT id FROM projects WHERE number = m.project) AS project_id, count(*)::int AS n
    FROM metric_points m WHERE ${MATCH.metrics} GROUP BY m.project`,
  sessions: `SELECT project_id, count(*)::int AS n FROM session_states WHERE ${MATCH.sessionStates} GROUP BY 1`,
  // Counted once per release (the row across environments, ''), as release health counts a user.
  releaseUsers: `SELECT project_id, count(*)::int AS n FROM session_release_users WHERE ${MATCH.releaseUsers} AND environment = '' GROUP BY 1`,
};

/** What references the person, per project and table (projects with nothing left out). */
export async function countMatches(projectIds: string[], identity: Identity): Promise<ProjectCounts> {
  const params = matchParams(projectIds, identity);
  const out: ProjectCounts = {};
  for (const table of ERASURE_TABLES)
    for (const r of await q<{ project_id: string; n: number }>(pool(), PREVIEW_SQL[table], params))
      (out[r.project_id] ??= zero())[table] += r.n;
  return out;
}

export function totalsOf(counts: ProjectCounts): TableCounts {
  const t = zero();
  for (const c of Object.values(counts)) for (const k of ERASURE_TABLES) t[k] += c[k];
  return t;
}

/** Called after each batch with what it removed. */
