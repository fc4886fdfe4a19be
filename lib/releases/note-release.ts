import { pool } from '@/lib/pg';
// Raw SQL: the releases a batch saw are upserted in one statement (unnest) beside the ingest batch.
import { logger } from '@/lib/log';

// Per process: when each (project, version) was last written, so the hot path writes a release at most once a minute.
const WRITE_EVERY_MS = 60_000;
const MAX_REMEMBERED = 50_000;
const MAX_VERSION_CHARS = 200;
// On globalThis: Next's bundle and the plain ingest adapter each load this module under `npm start`.
const g = globalThis as unknown as { trackerReleasesWritten?: Map<string, number> };
const written: Map<string, number> = (g.trackerReleasesWritten ??= new Map());

export type ReleaseSighting = { projectId: string; version: string; at: Date };

/**
 * Records that events named these releases: creates an unseen release (`ON CONFLICT DO NOTHING` semantics)
 * and widens its first/last event times, at most once a minute per release. Never fails ingest.
 */
export async function noteReleases(sightings: ReleaseSighting[], nowMs = Date.now()): Promise<void> {
  const due = new Map<string, ReleaseSighting & { first: Date }>();
  for (const s of sightings) {
    // A version no API call could create (see releaseVersion) names no release; its events keep it as text.
    if (s.version.length > MAX_VERSION_CHARS || s.version.trim() === '') continue;
    const key = `${s.projectId}\u0000${s.version}`;
    const last = written.get(key);
    if (last !== undefined && nowMs - last < WRITE_EVERY_MS) continue;
    const seen = due.get(key);
    if (!seen) due.set(key, { ...s, first: s.at });
    else {
      if (s.at < seen.first) seen.first = s.at;
      if (s.at > seen.at) seen.at = s.at;
    }
  }
  if (due.size === 0) return;
  if (written.size + due.size > MAX_REMEMBERED) written.clear();
  const rows = [...due.values()];
  // Marked before the write, so the requests that arrive while it runs do not each upsert the same row and queue on
  // its lock (bench:ingest: 13 concurrent upserts of one release at 45 ms each); a failed write is tried again.
  for (const key of due.keys()) written.set(key, nowMs);
  try {
    await pool().query(
      `INSERT INTO releases (project_id, version, first_event_at, last_event_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[])
       ON CONFLICT (project_id, version) DO UPDATE SET
         first_event_at = LEAST(COALESCE(releases.first_event_at, EXCLUDED.first_event_at), EXCLUDED.first_event_at),
         last_event_at = GREATEST(COALESCE(releases.last_event_at, EXCLUDED.last_event_at), EXCLUDED.last_event_at)`,
      [rows.map((r) => r.projectId), rows.map((r) => r.version), rows.map((r) => r.first), rows.map((r) => r.at)],
    );
  } catch (err) {
    for (const key of due.keys()) written.delete(key);
    // The project may have been deleted meanwhile (FK): the events are stored either way.
    logger.warn({ err: (err as Error).message }, 'release upsert failed');
  }
}

/** Drops what this process remembers (tests; a deleted release must be re-created by its next event). */
export function forgetReleases(): void {
  written.clear();
}
