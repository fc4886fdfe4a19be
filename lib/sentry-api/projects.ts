// Projects and their client keys as Sentry's API shows them. A project's Sentry id is its number (the DSN's last
// segment); its slug names it in paths.
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { Role } from '@/lib/orgs/roles';
import { dsnFor } from '@/lib/projects/serialize';
import { accessOf, SENTRY_FORBIDDEN, sentryNotFound, serializeOrganization, type SentryOrg } from './org';

type ProjectRow = { id: string; number: number; slug: string; name: string; platform: string; createdAt: Date };
const projectSelect = { id: true, number: true, slug: true, name: true, platform: true, createdAt: true } as const;

/** What a project holds, read with one probe per kind (each the first row of an index on the project). */
type Holdings = {
  id: string;
  firstEvent: Date | null;
  hasTransactions: boolean;
  hasSessions: boolean;
  hasReplays: boolean;
  hasProfiles: boolean;
  hasFeedbacks: boolean;
  hasMonitors: boolean;
  hasLogs: boolean;
  latestRelease: string | null;
};

async function holdingsOf(projectIds: string[]): Promise<Map<string, Holdings>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Holdings[]>`
    SELECT p.id,
      (SELECT i.first_seen FROM issues i WHERE i.project_id = p.id ORDER BY i.first_seen ASC LIMIT 1) AS "firstEvent",
      EXISTS (SELECT 1 FROM transactions t WHERE t.project_id = p.id) AS "hasTransactions",
      EXISTS (SELECT 1 FROM session_daily s WHERE s.project_id = p.id) AS "hasSessions",
      EXISTS (SELECT 1 FROM replays r WHERE r.project_id = p.id) AS "hasReplays",
      EXISTS (SELECT 1 FROM profiles f WHERE f.project_id = p.id) AS "hasProfiles",
      EXISTS (SELECT 1 FROM feedback b WHERE b.project_id = p.id) AS "hasFeedbacks",
      EXISTS (SELECT 1 FROM monitors m WHERE m.project_id = p.id) AS "hasMonitors",
      EXISTS (SELECT 1 FROM logs l WHERE l.project_id = p.id) AS "hasLogs",
      (SELECT r.version FROM releases r WHERE r.project_id = p.id ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS "latestRelease"
    FROM projects p WHERE p.id = ANY(${projectIds}::text[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

async function teamsOf(projectIds: string[]) {
  const rows = await db.teamProject.findMany({
    where: { projectId: { in: projectIds } },
    orderBy: [{ createdAt: 'asc' }, { teamId: 'asc' }],
    select: { projectId: true, team: { select: { id: true, slug: true, name: true } } },
  });
  const out = new Map<string, { id: string; slug: string; name: string }[]>();
  for (const r of rows) out.set(r.projectId, [...(out.get(r.projectId) ?? []), r.team]);
  return out;
}

/** Sentry's project summary (ProjectSummarySerializer) of each project, in order. */
export async function projectSummaries(projects: ProjectRow[], role: Role) {
  const ids = projects.map((p) => p.id);
  const [holdings, teams] = await Promise.all([holdingsOf(ids), teamsOf(ids)]);
  return projects.map((p) => {
    const h = holdings.get(p.id);
    const own = teams.get(p.id) ?? [];
    return {
      id: String(p.number),
      slug: p.slug,
      name: p.name,
      platform: p.platform,
      dateCreated: p.createdAt.toISOString(),
      isBookmarked: false,
      isMember: true,
      features: [],
      firstEvent: h?.firstEvent?.toISOString() ?? null,
      firstTransactionEvent: h?.hasTransactions ?? false,
      access: accessOf(role),
      hasAccess: true,
      hasMinifiedStackTrace: false,
      hasMonitors: h?.hasMonitors ?? false,
      hasProfiles: h?.hasProfiles ?? false,
      hasReplays: h?.hasReplays ?? false,
      hasFlags: false,
      hasFeedbacks: h?.hasFeedbacks ?? false,
      hasNewFeedbacks: false,
      hasSessions: h?.hasSessions ?? false,
      hasLogs: h?.hasLogs ?? false,
      hasUserReports: h?.hasFeedbacks ?? false,
      platforms: [p.platform],
      latestRelease: h?.latestRelease ? { version: h.latestRelease } : null,
      environments: [],
      team: own[0] ?? null,
      teams: own,
    };
  });
}

export async function listSentryProjects(orgId: string, role: Role) {
  const rows = await db.project.findMany({
    where: { orgId },
    orderBy: [{ slug: 'asc' }, { id: 'asc' }],
    select: projectSelect,
  });
  return projectSummaries(rows, role);
}

/**
 * The organization's projects a request names by Sentry id (`project=<number>`; -1 or none: all of them). A number
 * that is not one of them is 403, as Sentry answers a project the caller may not see.
 */
export async function projectIdsOf(orgId: string, numbers: number[]): Promise<string[]> {
  const all = numbers.length === 0 || numbers.includes(-1);
  const rows = await db.project.findMany({
    where: { orgId, ...(all ? {} : { number: { in: numbers } }) },
    select: { id: true },
  });
  if (!all && rows.length !== new Set(numbers).size) throw new AppError('FORBIDDEN', SENTRY_FORBIDDEN);
  return rows.map((r) => r.id);
}

/** The organization's project named by slug (or Sentry id, its number); another's or none → 404. */
export async function projectBySlug(orgId: string, slugOrId: string): Promise<ProjectRow> {
  const number = /^\d{1,9}$/.test(slugOrId) ? Number(slugOrId) : null;
  const row = await db.project.findFirst({
    where: { orgId, OR: [{ slug: slugOrId }, ...(number ? [{ number }] : [])] },
    select: projectSelect,
  });
  if (!row) throw sentryNotFound();
  return row;
}

/** The project details: the summary, its organization, status and privacy settings. */
export async function projectDetails(org: SentryOrg, project: ProjectRow, role: Role) {
  const [summary] = await projectSummaries([project], role);
  const settings = await db.project.findUniqueOrThrow({
    where: { id: project.id },
    select: {
      scrubDefaults: true,
      sensitiveFields: true,
      safeFields: true,
      scrubIpAddresses: true,
    },
  });
  const environments = await db.$queryRaw<{ name: string }[]>`
    SELECT DISTINCT v.value AS name FROM issue_tag_values v JOIN issues i ON i.id = v.issue_id
    WHERE i.project_id = ${project.id} AND v.key = 'environment' ORDER BY 1 LIMIT 50`;
  return {
    ...summary,
    environments: environments.map((e) => e.name),
    status: 'active',
    organization: serializeOrganization(org),
    options: {},
    plugins: [],
    processingIssues: 0,
    dataScrubber: settings.scrubDefaults,
    dataScrubberDefaults: settings.scrubDefaults,
    sensitiveFields: settings.sensitiveFields,
    safeFields: settings.safeFields,
    scrubIPAddresses: settings.scrubIpAddresses,
    resolveAge: 0,
    allowedDomains: ['*'],
  };
}

/** Sentry's client key (ProjectKeySerializer). We have no secret keys: `secret` is null, every DSN the public one. */
export async function sentryKeys(project: ProjectRow) {
  const keys = await db.projectKey.findMany({
    where: { projectId: project.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return keys.map((k) => {
    const dsn = dsnFor(k.publicKey, project.number);
    const base = new URL(dsn);
    const api = `${base.protocol}//${base.host}/api/${project.number}`;
    return {
      id: k.id,
      name: k.label,
      label: k.label,
      public: k.publicKey,
      secret: null,
      projectId: project.number,
      isActive: k.enabled,
      rateLimit: k.rateLimitPerMinute ? { window: 60, count: k.rateLimitPerMinute } : null,
      dsn: {
        secret: dsn,
        public: dsn,
        // Endpoints we do not serve (security reports, minidumps, Unreal crashes, the loader CDN) are null.
        csp: null,
        security: null,
        minidump: null,
        nel: null,
        unreal: null,
        cdn: null,
        crons: `${api}/cron/___MONITOR_SLUG___/${k.publicKey}/`,
        otlp_traces: `${api}/integration/otlp/v1/traces`,
        otlp_logs: `${api}/integration/otlp/v1/logs`,
      },
      browserSdkVersion: null,
      browserSdk: null,
      dateCreated: k.createdAt.toISOString(),
      dynamicSdkLoaderOptions: null,
      useCase: 'user',
    };
  });
}
