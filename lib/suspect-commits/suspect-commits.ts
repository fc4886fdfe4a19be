// An issue's suspect commits (#49): the commits of the release it first appeared in (and of the releases created
// since the previous release that ran, whose changes it may also carry) that changed the files its first event's
// in-app frames are in, closest to the throw site first (./rank-suspects.ts).
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { rankSuspects, type CommitFile, type StackFrame } from './rank-suspects';

/** Why there are no suspects: the first event named no release; its releases have no commits; none matched. */
export type NoSuspectsReason = 'NO_RELEASE' | 'NO_COMMITS' | 'NO_STACKTRACE' | 'NO_MATCH';

/** At most this many releases are searched, newest first (Sentry looks at 5). */
const MAX_RELEASES = 10;

export type SuspectCommit = {
  sha: string;
  repository: string | null;
  message: string | null;
  authorName: string | null;
  authorEmail: string | null;
  committedAt: string | null;
  release: string;
  file: CommitFile;
  frame: { filename: string | null; absPath: string | null; function: string | null; lineno: number | null };
  /** 0 is the innermost in-app frame. */
  frameIndex: number;
  matchLength: number;
  /** The organization's member with the author's email, when there is one. */
  member: { id: string; name: string; email: string } | null;
};

export type SuspectCommits = {
  /** The issue's first release (its first event's), null when that event named none. */
  release: string | null;
  /** The releases searched, newest first. */
  releases: string[];
  suspects: SuspectCommit[];
  reason: NoSuspectsReason | null;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function framesOf(stacktrace: unknown): StackFrame[] {
  if (!isObject(stacktrace) || !Array.isArray(stacktrace.frames)) return [];
  return stacktrace.frames.filter(isObject).map((f) => ({
    filename: typeof f.filename === 'string' ? f.filename : undefined,
    abs_path: typeof f.abs_path === 'string' ? f.abs_path : undefined,
    function: typeof f.function === 'string' ? f.function : undefined,
    lineno: typeof f.lineno === 'number' ? f.lineno : undefined,
    in_app: typeof f.in_app === 'boolean' ? f.in_app : undefined,
  }));
}

/**
 * The suspects of an issue known to be the caller's (no tenant check: see suspectCommitsFor). The first event is
 * used, not the latest: it ran the first release's code, so its paths are those the release's commits changed.
 */
export async function suspectCommits(issueId: string): Promise<SuspectCommits> {
  const [first] = await db.$queryRaw<
    { project_id: string; org_id: string; release: string | null; stacktrace: unknown }[]
  >`
    SELECT e.project_id, p.org_id, e.release, e.stacktrace
    FROM events e JOIN projects p ON p.id = e.project_id
    WHERE e.issue_id = ${issueId}
    ORDER BY e.timestamp ASC, e.id ASC LIMIT 1`;
  const none = (reason: NoSuspectsReason, release: string | null = null, releases: string[] = []): SuspectCommits => ({
    release,
    releases,
    suspects: [],
    reason,
  });
  if (!first?.release) return none('NO_RELEASE');
  const release = await db.release.findUnique({
    where: { projectId_version: { projectId: first.project_id, version: first.release } },
    select: { id: true, createdAt: true },
  });
  if (!release) return none('NO_RELEASE', first.release);

  // The previous release that ran (received events): the releases after it, up to this one, are what changed since.
  const previous = await db.release.findFirst({
    where: { projectId: first.project_id, createdAt: { lt: release.createdAt }, firstEventAt: { not: null } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  const earlier = await db.release.findMany({
    where: {
      projectId: first.project_id,
      id: { not: release.id },
      createdAt: { lte: release.createdAt, ...(previous ? { gt: previous.createdAt } : {}) },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: MAX_RELEASES - 1,
    select: { id: true, version: true },
  });
  const releases = [{ id: release.id, version: first.release }, ...earlier];
  const versions = releases.map((r) => r.version);

  const rows = await db.releaseCommit.findMany({
    where: { releaseId: { in: releases.map((r) => r.id) } },
    orderBy: { position: 'asc' },
  });
  if (rows.length === 0) return none('NO_COMMITS', first.release, versions);
  const versionOf = new Map(releases.map((r) => [r.id, r.version]));
  // A commit in several of them is named with the newest (the issue's own release first).
  const rank = new Map(releases.map((r, i) => [r.id, i]));
  rows.sort((a, b) => rank.get(a.releaseId)! - rank.get(b.releaseId)! || a.position - b.position);
  const bySha = new Map<string, (typeof rows)[number] & { files: CommitFile[]; version: string }>();
  for (const r of rows) {
    if (bySha.has(r.sha)) continue;
    const files = Array.isArray(r.files) ? (r.files as CommitFile[]).filter((f) => typeof f?.path === 'string') : [];
    bySha.set(r.sha, { ...r, files, version: versionOf.get(r.releaseId) ?? first.release });
  }

  const frames = framesOf(first.stacktrace);
  if (frames.length === 0) return none('NO_STACKTRACE', first.release, versions);
  const ranked = rankSuspects(frames, [...bySha.values()]);
  if (ranked.length === 0) return none('NO_MATCH', first.release, versions);

  const emails = [...new Set(ranked.map((m) => m.commit.authorEmail?.toLowerCase()).filter((e): e is string => !!e))];
  const members = emails.length
    ? await db.user.findMany({
        where: { email: { in: emails }, memberships: { some: { orgId: first.org_id } } },
        select: { id: true, name: true, email: true },
      })
    : [];
  return {
    release: first.release,
    releases: versions,
    reason: null,
    suspects: ranked.map((m) => ({
      sha: m.commit.sha,
      repository: m.commit.repository,
      message: m.commit.message,
      authorName: m.commit.authorName,
      authorEmail: m.commit.authorEmail,
      committedAt: m.commit.committedAt?.toISOString() ?? null,
      release: m.commit.version,
      file: { path: m.file.path, type: m.file.type },
      frame: {
        filename: m.frame.filename ?? null,
        absPath: m.frame.abs_path ?? null,
        function: m.frame.function ?? null,
        lineno: m.frame.lineno ?? null,
      },
      frameIndex: m.frameIndex,
      matchLength: m.matchLength,
      member: members.find((u) => u.email === m.commit.authorEmail?.toLowerCase()) ?? null,
    })),
  };
}

/** The suspects of an issue of the caller's project; another project's or organization's issue is 404. */
export async function suspectCommitsFor(t: ProjectTenant, issueId: string): Promise<SuspectCommits> {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId: t.projectId, project: { orgId: t.orgId } },
    select: { id: true },
  });
  if (!issue) throw notFound('Issue');
  return suspectCommits(issue.id);
}
