// Stores profiles (#47): each profile's frames kept once per project (profile_frames, found by a 16-byte key), its
// samples and stacks compressed into one row, and its per-function time and call durations queued for the hour's
// rollup (./function-fold.ts), the row and its queued figures in one transaction (an SDK's retry of a stored profile adds nothing). A profile
// counts once against the month's profile quota. Every profile is counted: accepted, filtered (already stored) or
// over_quota.
import crypto from 'node:crypto';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { planLimitsEnforced } from '@/lib/billing/plans';
import { clock, monthOf } from '@/lib/clock';
import type { CountOutcome } from '../kind';
import { symbolicateProfileFrames } from '@/lib/sourcemaps/symbolicate';
import { pool, withPgTransaction } from '@/lib/pg';
import type { ProfileFrame, ProfileRow } from './parse-profile';
import { foldSoon } from './function-fold';
import { encodeProfile, functionStats, type StoredProfile } from '@/lib/profiles/samples';
import { functionKey } from '@/lib/profiles/frame-kind';

/** Profiles a month per plan (a process profiled continuously sends one chunk a minute); none without plan limits. */
const PROFILE_QUOTA = { FREE: 10_000, PRO: 1_000_000 } as const;

/** Takes n profiles from the org's month in one statement: false (nothing taken) when that would pass the quota. */
async function takeQuota(key: IngestKey, n: number): Promise<boolean> {
  const { rowCount } = await pool().query(
    `INSERT INTO monthly_usage (org_id, month, profiles) VALUES ($1, $2, $4)
     ON CONFLICT (org_id, month) DO UPDATE SET profiles = monthly_usage.profiles + $4
     WHERE $3::jsonb IS NULL
        OR monthly_usage.profiles + $4 <= ($3::jsonb ->> (SELECT plan::text FROM organizations WHERE id = $1))::int`,
    [key.orgId, monthOf(clock.now()), planLimitsEnforced() ? JSON.stringify(PROFILE_QUOTA) : null, n],
  );
  return rowCount === 1;
}

const frameKey = (f: ProfileFrame) =>
  crypto
    .createHash('sha1')
    .update(`${f.function}\0${f.module ?? ''}\0${f.file ?? ''}\0${f.line ?? ''}\0${f.col ?? ''}\0${f.inApp ? 1 : 0}`)
    .digest()
    .subarray(0, 16);

/** The project's frame id of each frame, inserting the ones it has not seen. */
async function frameIds(projectId: string, frames: ProfileFrame[]): Promise<number[]> {
  const keys = frames.map(frameKey);
  const unique = new Map<string, number>();
  keys.forEach((k, i) => unique.has(k.toString('hex')) || unique.set(k.toString('hex'), i));
  const firsts = [...unique.values()];
  const ids = new Map<string, number>();
  const read = async () => {
    const missing = firsts.filter((i) => !ids.has(keys[i].toString('hex')));
    const { rows } = await pool().query<{ id: string; key: Buffer }>(
      'SELECT id, key FROM profile_frames WHERE project_id = $1 AND key = ANY($2::bytea[])',
      [projectId, missing.map((i) => keys[i])],
    );
    for (const r of rows) ids.set(r.key.toString('hex'), Number(r.id));
  };
  await read();
  const fresh = firsts.filter((i) => !ids.has(keys[i].toString('hex')));
  if (fresh.length) {
    // Sorted by key, so two profiles inserting the same new frames take their locks in the same order.
    fresh.sort((a, b) => Buffer.compare(keys[a], keys[b]));
    const col = <T>(f: (x: ProfileFrame) => T) => fresh.map((i) => f(frames[i]));
    const { rows } = await pool().query<{ id: string; key: Buffer }>(
      `INSERT INTO profile_frames (project_id, key, function, module, file, line, col, in_app)
       SELECT $1, * FROM unnest($2::bytea[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::bool[])
       ON CONFLICT (project_id, key) DO NOTHING RETURNING id, key`,
      [
        projectId,
        fresh.map((i) => keys[i]),
        col((f) => f.function),
        col((f) => f.module),
        col((f) => f.file),
        col((f) => f.line),
        col((f) => f.col),
        col((f) => f.inApp),
      ],
    );
    for (const r of rows) ids.set(r.key.toString('hex'), Number(r.id));
    // Inserted meanwhile by another request: committed now, so visible to a new statement.
    if (rows.length < fresh.length) await read();
  }
  return keys.map((k) => {
    const id = ids.get(k.toString('hex'));
    if (id === undefined) throw new Error('a profile frame was neither found nor inserted');
    return id;
  });
}

const ADD_FUNCTIONS = `
INSERT INTO profile_function_pending (project_id, hour, profile_id, frame_ids, self_ms, total_ms, calls, histograms)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;

/** Frames of bundled JavaScript under their original names, files and lines when the project holds their maps. */
async function sourceMapped(key: IngestKey, row: ProfileRow): Promise<ProfileFrame[]> {
  if (!/^(node|javascript)$/.test(row.platform)) return row.frames;
  const images = new Map(row.images.map((i) => [i.codeFile, i.debugId]));
  const mapped = await symbolicateProfileFrames({
    projectId: key.projectId,
    release: row.release,
    images,
    frames: row.frames,
  });
  return row.frames.map((f, i) => {
    const m = mapped[i];
    return m ? { ...f, function: m.function, file: m.file, line: m.line, col: null, inApp: m.inApp ?? f.inApp } : f;
  });
}

/** Stores one profile; false when it was stored before (an SDK's retry). */
async function storeOne(key: IngestKey, row: ProfileRow): Promise<boolean> {
  const frames = await sourceMapped(key, row);
  const ids = await frameIds(key.projectId, frames);
  const stored: StoredProfile = {
    threads: row.threads,
    frames: ids,
    stacks: row.stacks,
    t: row.samples.t,
    stack: row.samples.stack,
    thread: row.samples.thread,
    window: row.window,
    truncatedStacks: row.truncatedStacks,
  };
  const data = await encodeProfile(stored);
  const functionOf = new Map(ids.map((id, i) => [id, functionKey(frames[i].function, frames[i])]));
  const stats = [...functionStats(stored, undefined, functionOf)].sort((a, b) => a[0] - b[0]);
  const hour = new Date(Math.floor(row.startedAt.getTime() / 3_600_000) * 3_600_000);
  return withPgTransaction(async (c) => {
    const { rowCount } = await c.query(
      `INSERT INTO profiles (project_id, id, kind, profiler_id, trace_id, transaction_id, transaction, release,
                             environment, platform, started_at, ended_at, sample_count, size, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT DO NOTHING`,
      [
        key.projectId,
        row.id,
        row.kind,
        row.profilerId,
        row.traceId,
        row.transactionId,
        row.transaction,
        row.release,
        row.environment,
        row.platform,
        row.startedAt,
        row.endedAt,
        row.samples.t.length,
        data.length,
        data,
      ],
    );
    if (rowCount === 0) return false;
    await c.query(ADD_FUNCTIONS, [
      key.projectId,
      hour,
      row.id,
      stats.map(([id]) => id),
      stats.map(([, s]) => s.selfMs),
      stats.map(([, s]) => s.totalMs),
      stats.map(([, s]) => s.calls),
      stats.map(([, s]) => `{${s.histogram.join(',')}}`),
    ]);
    return true;
  });
}

export async function storeProfiles(key: IngestKey, rows: ProfileRow[], counter: CountOutcome): Promise<void> {
  const count = (outcome: 'accepted' | 'filtered' | 'over_quota', reason = '', n = 1) =>
    counter({ projectId: key.projectId, category: 'profile', outcome, reason, quantity: n });
  if (!(await takeQuota(key, rows.length))) {
    count('over_quota', 'profile_quota', rows.length);
    return;
  }
  let repeats = 0;
  for (const row of rows) {
    if (await storeOne(key, row)) count('accepted');
    else {
      repeats++;
      count('filtered', 'duplicate_profile');
    }
  }
  if (repeats < rows.length) foldSoon();
  // A repeat was counted against the quota when it was first stored.
  if (repeats)
    await pool().query(
      'UPDATE monthly_usage SET profiles = greatest(profiles - $3, 0) WHERE org_id = $1 AND month = $2',
      [key.orgId, monthOf(clock.now()), repeats],
    );
}
