// Erasing one end user (#48, docs/erasure.md): the preview counts what references them per project and table; the
// job deletes it in batches (a few thousand rows a statement, each batch one transaction with its rollup
// corrections), so no table is locked for long and every count stays equal to a recount of the rows left.
// Raw SQL on the pg pool: a job's batched deletes over partitioned tables, and the preview reads the same clauses.
import type pg from 'pg';
import { pool, withPgTransaction } from '@/lib/pg';
import { storeOf, type StoredRef } from '@/lib/attachments/store';
import { takeBackTags, type TaggedEvent } from './erasure-tags';
import { eraseMetricPoints } from './erasure-metrics';
import { issueUserKeys, MATCH, matchParams, md5Uuid, type Identity } from './erasure-match';
import { BATCH_SIZE, q, zero, type ErasureTable, type ProjectCounts } from './erasure-counts';

export {
  BATCH_SIZE,
  countMatches,
  ERASURE_TABLES,
  identityFor,
  totalsOf,
  type ErasureTable,
  type ProjectCounts,
  type TableCounts,
} from './erasure-counts';

export type OnBatch = (removed: ProjectCounts) => Promise<void>;

type Removed = { counts: ProjectCounts; add: (projectId: string, table: ErasureTable, n: number) => void };
const removedSet = (): Removed => {
  const counts: ProjectCounts = {};
  return { counts, add: (p, t, n) => void ((counts[p] ??= zero())[t] += n) };
};

/** Deletes attachments (bytes first, wherever they are) keyed by these (project, event id) pairs. */
async function deleteAttachments(c: pg.PoolClient, keys: { project_id: string; event_id: string }[], r: Removed) {
  if (keys.length === 0) return;
  const rows = await c.query<{ id: string; project_id: string; storage: string }>(
    `SELECT id, project_id, storage FROM attachments WHERE (project_id, event_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [keys.map((k) => k.project_id), keys.map((k) => k.event_id)],
  );
  if (rows.rows.length === 0) return;
  const refs: StoredRef[] = rows.rows.map((a) => ({ id: a.id, projectId: a.project_id, storage: a.storage }));
  for (const storage of new Set(refs.map((a) => a.storage)))
    await storeOf(refs.find((a) => a.storage === storage)!).removeBytes(refs.filter((a) => a.storage === storage));
  await c.query('DELETE FROM attachments WHERE id = ANY($1)', [refs.map((a) => a.id)]);
  for (const a of refs) r.add(a.projectId, 'attachments', 1);
}

/** Deletes feedback (and its attachments) matching `where` ($1.. as given), counting it. */
async function deleteFeedback(c: pg.PoolClient, sql: string, params: unknown[], r: Removed) {
  const rows = await q<{ project_id: string; event_id: string }>(c, sql, params);
  for (const f of rows) r.add(f.project_id, 'feedback', 1);
  await deleteAttachments(c, rows, r);
}

type DeletedEvent = TaggedEvent & { project_id: string; event_id: string | null; timestamp: Date; received_at: Date };

/** One batch of the person's events, with the rollups they added taken back out; returns the issues touched. */
async function eraseEventBatch(params: unknown[], r: Removed): Promise<{ n: number; issues: string[] }> {
  return withPgTransaction(async (c) => {
    const events = await q<DeletedEvent>(
      c,
      `WITH v AS (SELECT id, received_at FROM events WHERE ${MATCH.events} LIMIT ${BATCH_SIZE})
       DELETE FROM events e USING v WHERE e.id = v.id AND e.received_at = v.received_at
       RETURNING e.issue_id, e.project_id, e.event_id, e.timestamp, e.received_at, e.tags, e.environment, e.release, e.contexts`,
      params,
    );
    if (events.length === 0) return { n: 0, issues: [] };
    for (const e of events) r.add(e.project_id, 'events', 1);
    const tally = <K extends string>(keys: K[]) => {
      const m = new Map<K, number>();
      for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
      return m;
    };
    // Issue counts and the hourly chart.
    const perIssue = tally(events.map((e) => e.issue_id));
    await c.query(
      `UPDATE issues i SET event_count = GREATEST(0, i.event_count - d.n)
       FROM unnest($1::text[], $2::int[]) AS d(id, n) WHERE i.id = d.id`,
      [[...perIssue.keys()], [...perIssue.values()]],
    );
    const hour = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000).toISOString();
    const perHour = tally(events.map((e) => `${e.issue_id}|${hour(e.timestamp)}`));
    // Two statements each: a DELETE cannot see rows another part of its own statement updated.
    await c.query(
      `UPDATE issue_hourly_counts h SET count = h.count - d.n
       FROM unnest($1::text[], $2::timestamptz[], $3::int[]) AS d(issue_id, hour, n)
       WHERE h.issue_id = d.issue_id AND h.hour = d.hour`,
      unzip(perHour, 2),
    );
    await c.query(`DELETE FROM issue_hourly_counts WHERE issue_id = ANY($1) AND count <= 0`, [[...perIssue.keys()]]);
    const minute = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000).toISOString();
    const perMinute = tally(events.map((e) => `${e.project_id}|${minute(e.received_at)}`));
    const minutes = unzip(perMinute, 2);
    await c.query(
      `UPDATE project_minute_counts m SET count = m.count - d.n
       FROM unnest($1::text[], $2::timestamptz[], $3::int[]) AS d(project_id, minute, n)
       WHERE m.project_id = d.project_id AND m.minute = d.minute`,
      minutes,
    );
    await c.query(
      `DELETE FROM project_minute_counts m USING unnest($1::text[], $2::timestamptz[]) AS d(project_id, minute)
       WHERE m.project_id = d.project_id AND m.minute = d.minute AND m.count <= 0`,
      minutes.slice(0, 2),
    );
    await takeBackTags(c, events);
    // What hangs off the events: feedback about them, and the attachments of both.
    const keys = events.filter((e) => e.event_id).map((e) => ({ project_id: e.project_id, event_id: e.event_id! }));
    await deleteFeedback(
      c,
      `DELETE FROM feedback WHERE (project_id, associated_event_id) IN (SELECT * FROM unnest($8::text[], $9::text[]))
       RETURNING project_id, event_id`,
      [...params, keys.map((k) => k.project_id), keys.map((k) => k.event_id)],
      r,
    );
    await deleteAttachments(c, keys, r);
    return { n: events.length, issues: [...perIssue.keys()] };
  });
}

/** `a|b` keys of a tally as parallel arrays: each part, then the counts. */
function unzip(m: Map<string, number>, parts: number): unknown[][] {
  const cols: unknown[][] = Array.from({ length: parts + 1 }, () => []);
  for (const [k, n] of m) {
    k.split('|').forEach((v, i) => cols[i].push(v));
    cols[parts].push(n);
  }
  return cols;
}

/**
 * Deletes `table` rows matching `where` a batch at a time. Partitioned tables without a row id: a row is its
 * partition and place (tableoid, ctid); spans go a transaction at a time (erasure-match.ts).
 */
async function eraseInBatches(
  table: 'logs' | 'spans',
  params: unknown[],
  r: Removed,
  onBatch: () => Promise<void>,
): Promise<void> {
  const sql =
    table === 'spans'
      ? `WITH g AS (SELECT DISTINCT project, trace_id, segment_id FROM spans WHERE ${MATCH.spans} LIMIT ${BATCH_SIZE})
         DELETE FROM spans t USING g WHERE t.trace_id = g.trace_id AND t.project = g.project AND t.segment_id = g.segment_id
         RETURNING (SELECT id FROM projects WHERE number = t.project) AS project_id, t.span_count AS n`
      : `WITH v AS (SELECT tableoid, ctid FROM logs WHERE ${MATCH.logs} LIMIT ${BATCH_SIZE})
         DELETE FROM logs t USING v WHERE t.tableoid = v.tableoid AND t.ctid = v.ctid RETURNING t.project_id`;
  for (;;) {
    const rows = await q<{ project_id: string; n?: number }>(pool(), sql, params);
    for (const x of rows) r.add(x.project_id, table, x.n ?? 1);
    if (rows.length === 0) return;
    await onBatch();
    if (rows.length < BATCH_SIZE) return;
  }
}

export type EraseResult = {
  removed: ProjectCounts;
  issuesDeleted: number;
  issuesUpdated: number;
  issuesRenamed: number;
};

/**
 * Deletes everything of the person in the organization's projects, correcting every rollup; `onBatch` hears the
 * running totals after each batch (the job's progress).
 */
export async function eraseIdentity(
  projectIds: string[],
  identity: Identity,
  onBatch: OnBatch = async () => {},
): Promise<EraseResult> {
  const params = matchParams(projectIds, identity);
  const r = removedSet();
  const report = () => onBatch(r.counts);
  const touched = new Set<string>();

  for (;;) {
    const { n, issues } = await eraseEventBatch(params, r);
    issues.forEach((i) => touched.add(i));
    if (n === 0) break;
    await report();
    if (n < BATCH_SIZE) break;
  }

  await withPgTransaction((c) =>
    deleteFeedback(c, `DELETE FROM feedback WHERE ${MATCH.feedback} RETURNING project_id, event_id`, params, r),
  );
  await report();
  await eraseInBatches('logs', params, r, report);
  await eraseInBatches('spans', params, r, report);
  await eraseMetricPoints(params, (projectId, n) => r.add(projectId, 'metrics', n), report);

  // Replays: their segments go with the row; the recordings' bytes are attachments keyed by the replay id.
  await withPgTransaction(async (c) => {
    const replays = await q<{ project_id: string; event_id: string }>(
      c,
      `DELETE FROM replays WHERE ${MATCH.replays} RETURNING project_id, id AS event_id`,
      params,
    );
    for (const x of replays) r.add(x.project_id, 'replays', 1);
    await deleteAttachments(c, replays, r);
  });
  await report();

  // Sessions still open to updates: what each added to release health comes back out.
  await withPgTransaction(async (c) => {
    const sessions = await q<{ project_id: string; n: number }>(
      c,
      `WITH s AS (DELETE FROM session_states WHERE ${MATCH.sessionStates}
                  RETURNING project_id, release, environment, started_hour, status_rank, errored),
       agg AS (SELECT project_id, release, environment, started_hour AS hour, count(*)::int AS started,
                      (count(*) FILTER (WHERE errored))::int AS errored, (count(*) FILTER (WHERE status_rank = 3))::int AS abnormal,
                      (count(*) FILTER (WHERE status_rank = 4))::int AS crashed
               FROM s GROUP BY 1, 2, 3, 4),
       h AS (UPDATE session_hourly h SET started = GREATEST(0, h.started - a.started), errored = GREATEST(0, h.errored - a.errored),
                    abnormal = GREATEST(0, h.abnormal - a.abnormal), crashed = GREATEST(0, h.crashed - a.crashed)
             FROM agg a WHERE h.project_id = a.project_id AND h.release = a.release AND h.environment = a.environment AND h.hour = a.hour),
       d AS (UPDATE session_daily d SET started = GREATEST(0, d.started - a.started), errored = GREATEST(0, d.errored - a.errored),
                    abnormal = GREATEST(0, d.abnormal - a.abnormal), crashed = GREATEST(0, d.crashed - a.crashed)
             FROM (SELECT project_id, release, environment, (hour AT TIME ZONE 'UTC')::date AS day, sum(started)::int AS started,
                          sum(errored)::int AS errored, sum(abnormal)::int AS abnormal, sum(crashed)::int AS crashed
                   FROM agg GROUP BY 1, 2, 3, 4) a
             WHERE d.project_id = a.project_id AND d.release = a.release AND d.environment = a.environment AND d.day = a.day)
       SELECT project_id, count(*)::int AS n FROM s GROUP BY 1`,
      params,
    );
    for (const x of sessions) r.add(x.project_id, 'sessions', x.n);
    const users = await q<{ project_id: string; environment: string }>(
      c,
      `DELETE FROM session_release_users WHERE ${MATCH.releaseUsers} RETURNING project_id, environment`,
      params,
    );
    for (const x of users) if (x.environment === '') r.add(x.project_id, 'releaseUsers', 1);
  });
  await report();

  // Issues: the person leaves each issue's distinct users (by the hashes the batch statement wrote, wherever they
  // are, events already purged or not); an issue left with no event goes.
  const result = await withPgTransaction(async (c) => {
    const hashes = issueUserKeys(identity).map(md5Uuid);
    const left = await c.query<{ issue_id: string }>(
      `DELETE FROM issue_users u USING issues i
       WHERE u.user_hash = ANY($1::uuid[]) AND i.id = u.issue_id AND i.project_id = ANY($2) RETURNING u.issue_id`,
      [hashes, projectIds],
    );
    left.rows.forEach((x) => touched.add(x.issue_id));
    const ids = [...touched];
    const gone = await c.query(`DELETE FROM issues WHERE id = ANY($1) AND event_count <= 0`, [ids]);
    await c.query(
      `UPDATE issue_user_counts c SET users = (SELECT count(*)::int FROM issue_users u WHERE u.issue_id = c.issue_id)
       WHERE c.issue_id = ANY($1)`,
      [ids],
    );
    // An issue that stays keeps the title of its first event, which may name the person: the name is blanked out.
    const values = [...identity.ids, ...identity.emails, ...identity.usernames, ...identity.ips];
    const pattern = values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    const renamed = values.length
      ? await c.query(
          `UPDATE issues SET title = regexp_replace(title, $1, '[erased]', 'gi'),
                  culprit = regexp_replace(culprit, $1, '[erased]', 'gi')
           WHERE project_id = ANY($2) AND (title ~* $1 OR culprit ~* $1)`,
          [pattern, projectIds],
        )
      : { rowCount: 0 };
    return {
      issuesDeleted: gone.rowCount ?? 0,
      issuesUpdated: ids.length - (gone.rowCount ?? 0),
      issuesRenamed: renamed.rowCount ?? 0,
    };
  });
  return { removed: r.counts, ...result };
}

/** The organization's project ids. */
export async function orgProjectIds(orgId: string): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM projects WHERE org_id = $1', [orgId]);
  return rows.map((x) => x.id);
}
