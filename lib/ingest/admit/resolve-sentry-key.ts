import { pool, statement } from '@/lib/pg';
import { withDbRetry } from '@/lib/db-retry';
// Raw SQL: the ingest hot path (one cached statement), where the stack allows pg.
import { enabledKeyProjectId, resolveIngestKey, type IngestKey } from '@/lib/ingest/admit/resolve-key';
import { sharedLoad } from './shared-load';

type Entry = { projectId: string | null; expiresAt: number };

// A project's number never changes nor is reused, so a found mapping stays valid; a miss is retried
// soon because the project may be created meanwhile. Keys (enabled, deleted) go through the ingest
// key cache, which key changes invalidate at once.
const MISS_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const MAX_PROJECT_NUMBER = 2_147_483_647;

const g = globalThis as unknown as {
  trackerSentryProjects?: Map<number, Entry>;
  trackerSentryProjectsPending?: Map<number, Promise<string | null>>;
  trackerSentryNumbers?: Map<string, number>;
};
const projects = (g.trackerSentryProjects ??= new Map());
// Lookups in flight (./shared-load): the first envelopes after a start arrive together.
const pending = (g.trackerSentryProjectsPending ??= new Map());
const numbers = (g.trackerSentryNumbers ??= new Map());

function projectIdFor(projectNumber: number): Promise<string | null> | string | null {
  const hit = projects.get(projectNumber);
  if (hit && hit.expiresAt > performance.now()) return hit.projectId;
  return sharedLoad(pending, projectNumber, loadProjectId);
}

async function loadProjectId(projectNumber: number): Promise<string | null> {
  const { rows } = await withDbRetry(
    () =>
      pool().query<{ id: string }>(
        statement('sentry-project-number', 'SELECT id FROM projects WHERE number = $1', [projectNumber]),
      ),
    { ambiguous: 'retry', what: 'project number lookup' },
  );
  const projectId = rows[0]?.id ?? null;
  if (projects.size >= MAX_ENTRIES) projects.clear();
  const expiresAt = projectId ? Number.POSITIVE_INFINITY : performance.now() + MISS_TTL_MS;
  projects.set(projectNumber, { projectId, expiresAt });
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

async function numberOf(projectId: string): Promise<number | null> {
  const hit = numbers.get(projectId);
  if (hit !== undefined) return hit;
  const { rows } = await pool().query<{ number: number }>(
    statement('sentry-project-number-of', 'SELECT number FROM projects WHERE id = $1', [projectId]),
  );
  const n = rows[0]?.number ?? null;
  if (n === null) return null;
  if (numbers.size >= MAX_ENTRIES) numbers.clear();
  numbers.set(projectId, n);
  return n;
}

/**
 * Whether `segment` is where a Sentry SDK sends when given the native DSN (`…/<project id>`) of `projectId`: the
 * JavaScript SDKs keep the id's leading digits as the project number (an id starting with a letter leaves them
 * nothing: they turn themselves off and send nothing), sentry-ruby keeps the whole id. A run of zeros is no number.
 */
export function isNativeDsnSegment(segment: string, projectId: string): boolean {
  if (segment === projectId) return true;
  return /^\d+$/.test(segment) && !/^0+$/.test(segment) && /^\d+/.exec(projectId)?.[0] === segment;
}

/**
 * For a key refused at `/api/<segment>/…`: its project (id and number) when the request is a Sentry SDK sending with
 * that project's native DSN, so the answer can name the Sentry SDK DSN. Null for anything else (an unknown or
 * disabled key, or another project's number: those keep the plain answer).
 */
export async function nativeDsnProject(
  publicKey: string,
  segment: string,
): Promise<{ projectId: string; projectNumber: number } | null> {
  const projectId = await enabledKeyProjectId(publicKey);
  if (!projectId || !isNativeDsnSegment(segment, projectId)) return null;
  const projectNumber = await numberOf(projectId);
  return projectNumber === null ? null : { projectId, projectNumber };
}
