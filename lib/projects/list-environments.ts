import { db } from '@/lib/db';

/** Environments listed at most. */
export const MAX_ENVIRONMENTS = 50;

/**
 * The project's environments, most events first: from the issues' tag rollups (errors) and the environments
 * transactions were sent with in the last 30 days. Tenant scope in the where: another organization's project lists nothing.
 */
export async function listEnvironments(orgId: string, projectId: string): Promise<{ name: string; events: number }[]> {
  const rows = await db.$queryRaw<{ name: string; events: number }[]>`
    SELECT name, sum(events)::int AS events FROM (
      SELECT v.value AS name, v.count AS events
      FROM issues i JOIN issue_tag_values v ON v.issue_id = i.id AND v.key = 'environment'
      WHERE i.project_id = ${projectId} AND EXISTS (SELECT 1 FROM projects p WHERE p.id = ${projectId} AND p.org_id = ${orgId})
      UNION ALL
      SELECT t.environment, 1
      FROM transactions t
      WHERE t.project_id = ${projectId} AND t.environment IS NOT NULL AND t.timestamp > now() - interval '30 days'
        AND EXISTS (SELECT 1 FROM projects p WHERE p.id = ${projectId} AND p.org_id = ${orgId})
    ) s
    GROUP BY name ORDER BY events DESC, name LIMIT ${MAX_ENVIRONMENTS}::int`;
  return rows;
}
