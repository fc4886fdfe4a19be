// Stores session replays (#46): each envelope's replay_event merged into its replay's row, each recording segment's
// rrweb events (already scrubbed by the kind's declaration) compressed and saved behind the attachment store
// (PostgreSQL by default, S3 when configured) as an attachment of type replay.recording, with a replay_segments row
// that keeps them in segment order. A replay counts once against the month's replay quota, when it is first seen.
// Every segment is counted: accepted, filtered (a segment already stored), invalid (past the replay's cap) or
// over_quota; a replay_event sent without a recording is merged and counted accepted.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { attachmentStore } from '@/lib/attachments/store';
import { planLimitsEnforced } from '@/lib/billing/plans';
import { clock, monthOf } from '@/lib/clock';
import type { CountOutcome } from '../kind';
import type pg from 'pg';
import { pool, withPgTransaction } from '@/lib/pg';
import type { ReplayEventRow, ReplayRecordingRow, ReplayRow } from './parse-replay';

const deflateAsync = promisify(deflate);

/** What one replay may hold in all (compressed): an hour of a busy page is a few tens of MiB. */
const REPLAY_MAX_BYTES = 100 * 1024 * 1024;
/** Replays a month per plan (Sentry's developer plan has 50); none without plan limits. */
const REPLAY_QUOTA = { FREE: 50, PRO: 10_000 } as const;
const REPLAY_ATTACHMENT_TYPE = 'replay.recording';

/** Takes one replay from the org's month, in one statement (false: the quota is used up). */
async function takeQuota(key: IngestKey, month: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    `INSERT INTO monthly_usage (org_id, month, replays) VALUES ($1, $2, 1)
     ON CONFLICT (org_id, month) DO UPDATE SET replays = monthly_usage.replays + 1
     WHERE $3::jsonb IS NULL
        OR monthly_usage.replays < ($3::jsonb ->> (SELECT plan::text FROM organizations WHERE id = $1))::int`,
    [key.orgId, month, planLimitsEnforced() ? JSON.stringify(REPLAY_QUOTA) : null],
  );
  return rowCount === 1;
}

/** Creates the row of a replay first seen, taking it from the quota first: false when the quota refused it. */
async function createReplay(key: IngestKey, replayId: string, first: ReplayRow): Promise<boolean> {
  const now = clock.now();
  const month = monthOf(now);
  if (!(await takeQuota(key, month))) return false;
  const startedAt = (first.type === 'event' ? (first.startedAt ?? first.timestamp) : first.stats.startedAt) ?? now;
  const { rowCount } = await pool().query(
    `INSERT INTO replays (project_id, id, started_at, finished_at, replay_type) VALUES ($1, $2, $3, $3, $4)
     ON CONFLICT DO NOTHING`,
    [key.projectId, replayId, startedAt, first.type === 'event' ? first.replayType : 'session'],
  );
  // Another request created it meanwhile: it was counted there.
  if (rowCount === 0)
    await pool().query('UPDATE monthly_usage SET replays = greatest(replays - 1, 0) WHERE org_id = $1 AND month = $2', [
      key.orgId,
      month,
    ]);
  return true;
}

const MERGE_EVENT = `
UPDATE replays r SET
  urls = (SELECT coalesce(array_agg(u ORDER BY o), '{}') FROM (
            SELECT u, min(o) AS o FROM unnest(r.urls || $3::text[]) WITH ORDINALITY AS x(u, o) GROUP BY u ORDER BY min(o) LIMIT 200) y),
  error_ids = (SELECT coalesce(array_agg(DISTINCT e), '{}') FROM unnest(r.error_ids || $4::text[]) e),
  trace_ids = (SELECT coalesce(array_agg(DISTINCT t), '{}') FROM unnest(r.trace_ids || $5::text[]) t),
  release = coalesce($6, r.release),
  environment = coalesce($7, r.environment),
  platform = coalesce($8, r.platform),
  user_display = coalesce($9, r.user_display),
  "user" = coalesce($10::jsonb, r."user"),
  browser = coalesce($11, r.browser),
  os = coalesce($12, r.os),
  device = coalesce($13, r.device),
  sdk = coalesce($14::jsonb, r.sdk),
  started_at = least(r.started_at, coalesce($15, r.started_at)),
  finished_at = greatest(r.finished_at, coalesce($16, r.finished_at)),
  replay_type = CASE WHEN $17 = 'session' THEN 'session' ELSE r.replay_type END,
  updated_at = now()
WHERE r.project_id = $1 AND r.id = $2`;

async function mergeEvent(c: pg.ClientBase, key: IngestKey, e: ReplayEventRow): Promise<void> {
  const u = e.user;
  const display = u ? String(u.email ?? u.username ?? u.name ?? u.id ?? '') || null : null;
  await c.query(MERGE_EVENT, [
    key.projectId,
    e.replayId,
    e.urls,
    e.errorIds,
    e.traceIds,
    e.release,
    e.environment,
    e.platform,
    display,
    u ? JSON.stringify(u) : null,
    e.browser,
    e.os,
    e.device,
    e.sdk ? JSON.stringify(e.sdk) : null,
    e.startedAt,
    e.timestamp,
    e.replayType,
  ]);
}

type SegmentResult = 'accepted' | 'duplicate_segment' | 'replay_too_large';
type Compressed = { row: ReplayRecordingRow; data: Buffer; attachmentId: string };

// The segments kept, in one statement: their rows, then the replay's sums.
const INSERT_SEGMENTS = `
WITH s AS (
  INSERT INTO replay_segments (project_id, replay_id, segment_id, attachment_id, size, event_count, started_at, finished_at)
  SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::int[], $6::int[], $7::timestamptz[], $8::timestamptz[])
  RETURNING size, started_at, finished_at
)
UPDATE replays SET size = size + (SELECT sum(size) FROM s), segment_count = segment_count + (SELECT count(*) FROM s),
  count_clicks = count_clicks + $9, count_dead_clicks = count_dead_clicks + $10, count_rage_clicks = count_rage_clicks + $11,
  started_at = least(started_at, (SELECT min(started_at) FROM s)),
  finished_at = greatest(finished_at, (SELECT max(finished_at) FROM s)), updated_at = now()
WHERE project_id = $1 AND id = $2`;

/**
 * The envelope's metadata and segments of one replay, in one transaction: the replay's row is locked first, so the
 * segments already stored and the bytes used are known for certain (an SDK retry beside its original is a repeat).
 * Null, having written nothing, when the replay has no row yet.
 */
async function storeInTransaction(
  key: IngestKey,
  replayId: string,
  { events, segments }: { events: ReplayEventRow[]; segments: Compressed[] },
): Promise<SegmentResult[] | null> {
  return withPgTransaction(async (c) => {
    const { rows } = await c.query<{ size: number; stored: number[] }>(
      `SELECT size, ARRAY(SELECT segment_id FROM replay_segments s WHERE s.project_id = $1 AND s.replay_id = $2
                            AND s.segment_id = ANY($3::int[])) AS stored
       FROM replays WHERE project_id = $1 AND id = $2 FOR UPDATE`,
      [key.projectId, replayId, segments.map((s) => s.row.segmentId)],
    );
    if (rows.length === 0) return null;
    const stored = new Set(rows[0].stored);
    let size = rows[0].size;
    for (const e of events) await mergeEvent(c, key, e);
    const results: SegmentResult[] = [];
    const keep: Compressed[] = [];
    for (const s of segments) {
      if (stored.has(s.row.segmentId)) results.push('duplicate_segment');
      else if (size + s.data.length > REPLAY_MAX_BYTES) results.push('replay_too_large');
      else {
        stored.add(s.row.segmentId);
        size += s.data.length;
        keep.push(s);
        results.push('accepted');
      }
    }
    if (keep.length === 0) return results;
    await attachmentStore().save(
      keep.map(({ row, data, attachmentId }) => ({
        id: attachmentId,
        projectId: key.projectId,
        eventId: replayId,
        filename: `replay-${replayId}-${row.segmentId}.rrweb.json.zlib`,
        contentType: 'application/octet-stream',
        attachmentType: REPLAY_ATTACHMENT_TYPE,
        data,
      })),
      c,
    );
    const now = clock.now();
    const sum = (f: (s: ReplayRecordingRow['stats']) => number) => keep.reduce((n, k) => n + f(k.row.stats), 0);
    await c.query(INSERT_SEGMENTS, [
      key.projectId,
      replayId,
      keep.map((k) => k.row.segmentId),
      keep.map((k) => k.attachmentId),
      keep.map((k) => k.data.length),
      keep.map((k) => k.row.stats.eventCount),
      keep.map((k) => k.row.stats.startedAt ?? now),
      keep.map((k) => k.row.stats.finishedAt ?? now),
      sum((s) => s.clicks),
      sum((s) => s.deadClicks),
      sum((s) => s.rageClicks),
    ]);
    return results;
  });
}

export async function storeReplays(key: IngestKey, rows: ReplayRow[], counter: CountOutcome): Promise<void> {
  const count = (outcome: 'accepted' | 'filtered' | 'invalid' | 'over_quota', reason = '', n = 1) =>
    counter({ projectId: key.projectId, category: 'replay', outcome, reason, quantity: n });
  const byReplay = new Map<string, ReplayRow[]>();
  for (const r of rows) byReplay.set(r.replayId, [...(byReplay.get(r.replayId) ?? []), r]);
  for (const [replayId, group] of byReplay) {
    const events = group.filter((r): r is ReplayEventRow => r.type === 'event');
    const recordings = group
      .filter((r): r is ReplayRecordingRow => r.type === 'recording')
      .sort((a, b) => a.segmentId - b.segmentId);
    // Compressed before the transaction, so it holds its lock only for the statements.
    const segments = await Promise.all(
      recordings.map(async (row) => ({
        row,
        data: await deflateAsync(Buffer.from(JSON.stringify(row.events))),
        attachmentId: crypto.randomUUID(),
      })),
    );
    let results = await storeInTransaction(key, replayId, { events, segments });
    if (results === null) {
      // Its first envelope: the replay's row is made (and counted against the quota) outside the transaction.
      if (!(await createReplay(key, replayId, events[0] ?? recordings[0]))) {
        count('over_quota', 'replay_quota', Math.max(recordings.length, 1));
        continue;
      }
      results = await storeInTransaction(key, replayId, { events, segments });
      if (results === null) throw new Error(`replay ${replayId} was deleted while its segments were stored`);
    }
    if (recordings.length === 0) count('accepted');
    for (const result of results) {
      if (result === 'accepted') count('accepted');
      else if (result === 'duplicate_segment') count('filtered', result);
      else count('invalid', result);
    }
  }
}
