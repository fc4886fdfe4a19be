// Which projects have anything listening for a new issue (#49). A new issue's workflow job is queued only for them:
// a project without ownership rules or CODEOWNERS, suspect-commit assignment, a team with members, or a notification
// webhook for new issues costs ingest one read per batch of new issues, and its workers nothing. (Measured: without
// this gate, a burst of new issues ran every handler's queries beside the burst's ingest, and the browser test of
// four @sentry/browser tabs lost events to Chromium's keepalive budget while answers slowed.)
// It mirrors the NEW_ISSUE handlers of ./handlers.ts: a handler that listens for another reason adds it here.
import { pool } from '@/lib/pg';

const LISTENING = `
SELECT p.id FROM projects p
 WHERE p.id = ANY($1::text[])
   AND (p.suspect_commit_auto_assign
        OR EXISTS (SELECT 1 FROM project_ownership o
                    WHERE o.project_id = p.id AND o.auto_assignment
                      AND (o.raw <> '' OR EXISTS (SELECT 1 FROM project_codeowners c WHERE c.project_id = p.id)))
        OR EXISTS (SELECT 1 FROM team_projects tp JOIN team_members tm ON tm.team_id = tp.team_id
                    WHERE tp.project_id = p.id)
        OR EXISTS (SELECT 1 FROM project_notification_webhooks w
                    WHERE w.project_id = p.id AND 'NEW_ISSUE' = ANY(w.events)))`;

/** The projects among these whose new issues some workflow handler acts on. */
export async function projectsListeningForNewIssues(projectIds: string[]): Promise<Set<string>> {
  if (!projectIds.length) return new Set();
  const { rows } = await pool().query<{ id: string }>(LISTENING, [[...new Set(projectIds)]]);
  return new Set(rows.map((r) => r.id));
}
