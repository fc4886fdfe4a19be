import { pool } from '@/lib/pg';
import type { Level } from '@/lib/generated/prisma/enums';
import { LIMIT_SQL, PLAN_LIMITS_JSON, usageIncrements, usageMonth } from '@/lib/quota/monthly-quota';

export type StoredEventInput = {
  orgId: string;
  projectId: string;
  fingerprint: string;
  title: string;
  culprit: string | null;
  level: Level;
  message: string;
  eventId: string | null;
  timestamp: Date;
  receivedAt: Date;
  environment: string | null;
  release: string | null;
  /** Already serialized JSON (or null) for the jsonb columns. */
  json: { stacktrace: string; contexts: string | null; tags: string | null; userContext: string | null; request: string | null; breadcrumbs: string | null };
};

export type StoreResult = { kind: 'stored'; issueId: string; isNewIssue: boolean } | { kind: 'quota_exceeded' } | { kind: 'duplicate' };

// One round trip: (1) count the event in the month's usage unless the plan's limit is reached, (2) upsert
// the issue only when (1) counted it, (3) insert the event. A repeated event_id violates the events unique
// index and aborts the whole statement, so nothing is counted twice.
const STORE_ERROR_SQL = `
WITH quota AS (
  INSERT INTO monthly_usage AS u (org_id, month, used, errors, warnings, info)
  VALUES ($1, $2, 1, $3, $4, $5)
  ON CONFLICT (org_id, month) DO UPDATE
     SET used = u.used + 1, errors = u.errors + EXCLUDED.errors, warnings = u.warnings + EXCLUDED.warnings, info = u.info + EXCLUDED.info
   WHERE u.used < ${LIMIT_SQL('$1', '$6')}
  RETURNING 1
), issue AS (
  INSERT INTO issues AS i (project_id, fingerprint, title, culprit, status, level, event_count, first_seen, last_seen, created_at, updated_at)
  SELECT $7, $8, $9, $10, 'UNRESOLVED', $11::level, 1, $12::timestamptz, $12::timestamptz, $13::timestamptz, $13::timestamptz FROM quota
  ON CONFLICT (project_id, fingerprint) DO UPDATE
     SET event_count = i.event_count + 1,
         first_seen = LEAST(i.first_seen, EXCLUDED.first_seen),
         last_seen = GREATEST(i.last_seen, EXCLUDED.last_seen),
         level = EXCLUDED.level,
         status = CASE WHEN i.status = 'RESOLVED' THEN 'UNRESOLVED'::issue_status ELSE i.status END,
         updated_at = EXCLUDED.updated_at
  RETURNING i.id, (i.xmax = 0) AS inserted
), event AS (
  INSERT INTO events (issue_id, project_id, event_id, level, message, stacktrace, contexts, tags, user_context, request, breadcrumbs,
                      environment, release, timestamp, received_at)
  SELECT issue.id, $7, $14, $11::level, $15, $16::jsonb, $17::jsonb, $18::jsonb, $19::jsonb, $20::jsonb, $21::jsonb,
         $22, $23, $12::timestamptz, $13::timestamptz FROM issue
  RETURNING issue_id
)
SELECT issue.id, issue.inserted FROM issue JOIN event ON event.issue_id = issue.id`;

const DUPLICATE_EVENT_CONSTRAINT = 'events_project_id_event_id_key';

/** Counts, groups and stores one error event atomically (autocommit: the row is durable when this resolves). */
export async function storeErrorEvent(e: StoredEventInput): Promise<StoreResult> {
  const inc = usageIncrements(e.level);
  try {
    const { rows } = await pool().query<{ id: string; inserted: boolean }>({
      name: 'ingest-store-error',
      text: STORE_ERROR_SQL,
      values: [
        e.orgId,
        usageMonth(e.receivedAt),
        inc.errors,
        inc.warnings,
        inc.info,
        PLAN_LIMITS_JSON,
        e.projectId,
        e.fingerprint,
        e.title,
        e.culprit,
        e.level,
        e.timestamp.toISOString(),
        e.receivedAt.toISOString(),
        e.eventId,
        e.message,
        e.json.stacktrace,
        e.json.contexts,
        e.json.tags,
        e.json.userContext,
        e.json.request,
        e.json.breadcrumbs,
        e.environment,
        e.release,
      ],
    });
    if (!rows[0]) return { kind: 'quota_exceeded' };
    return { kind: 'stored', issueId: rows[0].id, isNewIssue: rows[0].inserted };
  } catch (err) {
    if (pgError(err)?.code === '23505' && pgError(err)?.constraint === DUPLICATE_EVENT_CONSTRAINT) return { kind: 'duplicate' };
    throw err;
  }
}

export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? (err as { code?: string; constraint?: string }) : undefined;
}
