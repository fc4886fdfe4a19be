import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { serializeIssue } from '@/lib/issues/serialize';
import type { IssueStatusValue, LevelValue } from '@/lib/zod/issues';
import { serializeRelease } from './serialize-release';
import { commitOut } from './sentry-releases';

const NEW_ISSUES_SHOWN = 100;
const COMMITS_SHOWN = 100;
const DEPLOYS_SHOWN = 20;

type IssueSqlRow = {
  id: string;
  projectId: string;
  fingerprint: string;
  title: string;
  culprit: string | null;
  status: IssueStatusValue;
  level: LevelValue;
  eventCount: number;
  firstSeen: Date;
  lastSeen: Date;
  createdAt: Date;
  updatedAt: Date;
  regressedAt: Date | null;
  resolvedIn: string | null;
};

/** The release with the issues first seen in it: those whose earliest event names this version. */
export async function getRelease(projectId: string, version: string) {
  const release = await db.release.findUnique({ where: { projectId_version: { projectId, version } } });
  if (!release) throw notFound('Release');
  // The earliest event per issue comes from the (issue_id, timestamp) index, read forwards.
  const issues = await db.$queryRaw<IssueSqlRow[]>`
    SELECT i.id, i.project_id AS "projectId", i.fingerprint, i.title, i.culprit, i.status::text AS status, i.level::text AS level,
           i.event_count AS "eventCount", i.first_seen AS "firstSeen", i.last_seen AS "lastSeen", i.created_at AS "createdAt", i.updated_at AS "updatedAt",
           i.regressed_at AS "regressedAt", i.resolved_in_release AS "resolvedIn"
    FROM issues i
    CROSS JOIN LATERAL (SELECT e.release FROM events e WHERE e.issue_id = i.id ORDER BY e.timestamp ASC, e.id ASC LIMIT 1) first_event
    WHERE i.project_id = ${projectId} AND first_event.release = ${version}
    ORDER BY i.first_seen DESC LIMIT ${NEW_ISSUES_SHOWN}`;
  const [commits, deploys, files] = await Promise.all([
    db.releaseCommit.findMany({ where: { releaseId: release.id }, orderBy: { position: 'asc' }, take: COMMITS_SHOWN }),
    db.releaseDeploy.findMany({
      where: { releaseId: release.id },
      orderBy: { dateFinished: 'desc' },
      take: DEPLOYS_SHOWN,
    }),
    db.sourceFile.findMany({ where: { releaseId: release.id }, orderBy: [{ url: 'asc' }, { type: 'asc' }] }),
  ]);
  return {
    ...serializeRelease(release),
    newIssues: issues.map(serializeIssue),
    commits: commits.map(commitOut),
    deploys: deploys.map((d) => ({
      environment: d.environment,
      name: d.name,
      url: d.url,
      dateStarted: d.dateStarted?.toISOString() ?? null,
      dateFinished: d.dateFinished.toISOString(),
    })),
    // What CI uploaded for this release, and whether each can be used (a map that did not parse says why).
    artifacts: files.map((f) => ({
      url: f.url,
      type: f.type,
      size: f.size,
      debugId: f.debugId,
      usable: f.problem === null,
      problem: f.problem,
    })),
  };
}

/** The releases of an issue's earliest and latest events ("first seen in", "last seen in"). */
export async function issueReleases(
  issueId: string,
): Promise<{ firstRelease: string | null; lastRelease: string | null }> {
  const [row] = await db.$queryRaw<{ first: string | null; last: string | null }[]>`
    SELECT (SELECT release FROM events WHERE issue_id = ${issueId} ORDER BY timestamp ASC, id ASC LIMIT 1) AS first,
           (SELECT release FROM events WHERE issue_id = ${issueId} ORDER BY timestamp DESC, id DESC LIMIT 1) AS last`;
  return { firstRelease: row?.first ?? null, lastRelease: row?.last ?? null };
}
