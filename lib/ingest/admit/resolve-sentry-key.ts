import { pool, statement } from '@/lib/pg';
// Raw SQL: the ingest hot path (one cached statement), where the stack allows pg.
import { resolveIngestKey, type IngestKey } from '@/lib/ingest/admit/resolve-key';

type Entry = { projectId: string | null; expiresAt: number };

// A project's number never changes nor is reused, so a found mapping stays valid; a miss is retried
// soon because the project may be created meanwhile. Keys (enabled, deleted) go through the ingest
// key cache, which key changes invalidate at once.
const MISS_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const MAX_PROJECT_NUMBER = 2_147_483_647;

const g = globalThis as unknown as { trackerSentryProjects?: Map<number, Entry> };
const projects = (g.trackerSentryProjects ??= new Map());

async function projectIdFor(projectNumber: number): Promise<string | null> {
  const now = performance.now();
  const hit = projects.get(projectNumber);
  if (hit && hit.expiresAt > now) return hit.projectId;
  const { rows } = await pool().query<{ id: string }>(
    statement('sentry-project-number', 'SELECT id FROM projects WHERE number = $1', [projectNumber]),
  );
  const projectId = rows[0]?.id ?? null;
  if (projects.size >= MAX_ENTRIES) projects.clear();
  projects.set(projectNumber, { projectId, expiresAt: projectId ? Number.POSITIVE_INFINITY : now + MISS_TTL_MS });
  return projectId;
}

/** The enabled key `publicKey` if it belongs to the project numbered `projectNumber` (the DSN's path), else null. */
export async function resolveSentryKey(publicKey: string, projectNumber: string): Promise<IngestKey | null> {
  if (!/^\d{1,10}$/.test(projectNumber)) return null;
  const n = Number(projectNumber);
  if (n < 1 || n > MAX_PROJECT_NUMBER) return null;
  const projectId = await projectIdFor(n);
  return projectId ? resolveIngestKey(publicKey, projectId) : null;
}
