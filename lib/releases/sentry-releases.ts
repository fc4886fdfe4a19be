// Sentry's organization release API as sentry-cli 3.8 drives it (releases new/finalize/list/info/delete,
// set-commits, deploys new/list). Sentry's releases belong to the organization and name their projects; ours
// belong to a project, so an organization release is the set of its projects' releases with that version.
import { z } from 'zod';
import { db } from '@/lib/db';
import { AppError, notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { forgetReleases } from './note-release';
import { releaseVersion } from './schemas';

const MAX_COMMITS = 10_000;
const LIST_LIMIT = 100;

const when = z
  .string()
  .max(64)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be an RFC 3339 date')
  .transform((v) => new Date(v));
// sentry-cli sends all-digit project names as numbers.
const projectRefs = z.array(z.union([z.string().max(200), z.number().int()])).max(1000);

export const newReleaseSchema = z.object({
  version: releaseVersion,
  projects: projectRefs.optional(),
  url: z.string().max(2000).nullish(),
  dateStarted: when.nullish(),
  dateReleased: when.nullish(),
});

const commitSchema = z.object({
  id: z.string().trim().min(1).max(64),
  repository: z.string().max(200).nullish(),
  author_name: z.string().max(200).nullish(),
  author_email: z.string().max(200).nullish(),
  message: z.string().max(10_000).nullish(),
  timestamp: when.nullish(),
  patch_set: z
    .array(z.object({ path: z.string().max(1000), type: z.string().max(2) }))
    .max(1000)
    .nullish(),
});

export const updateReleaseSchema = z.object({
  projects: projectRefs.optional(),
  url: z.string().max(2000).nullish(),
  dateReleased: when.nullish(),
  commits: z.array(commitSchema).max(MAX_COMMITS).optional(),
  // Repository integrations (set-commits --auto with repos): we have none, so refs are accepted and not used.
  refs: z.array(z.unknown()).max(1000).optional(),
});

export const newDeploySchema = z.object({
  environment: z.string().trim().min(1, 'Environment is required').max(64),
  name: z.string().max(200).nullish(),
  url: z.string().max(2000).nullish(),
  dateStarted: when.nullish(),
  dateFinished: when.nullish(),
  projects: projectRefs.optional(),
});

type ReleaseRow = Prisma.ReleaseGetPayload<{ include: { project: { select: { slug: true; name: true } } } }>;

/** The organization's projects a request names (by slug or number); every one must exist: else 400. */
async function projectsNamed(
  orgId: string,
  refs: (string | number)[] | undefined,
): Promise<{ id: string; slug: string; name: string }[] | null> {
  if (!refs || refs.length === 0) return null;
  const slugs = refs.filter((r): r is string => typeof r === 'string');
  const numbers = refs.map(Number).filter((n) => Number.isSafeInteger(n));
  const found = await db.project.findMany({
    where: { orgId, OR: [{ slug: { in: slugs } }, { number: { in: numbers } }] },
    select: { id: true, slug: true, name: true, number: true },
  });
  const missing = refs.filter((r) => !found.some((p) => p.slug === String(r) || p.number === Number(r)));
  if (missing.length > 0) throw new AppError('BAD_REQUEST', `Invalid project slugs: ${missing.join(', ')}`);
  return found;
}

async function releasesOf(orgId: string, version: string, projectIds?: string[]): Promise<ReleaseRow[]> {
  return db.release.findMany({
    where: { version, project: { orgId }, ...(projectIds ? { projectId: { in: projectIds } } : {}) },
    include: { project: { select: { slug: true, name: true } } },
    orderBy: { createdAt: 'asc' },
  });
}

/** Sentry's release object, from the projects' releases of one version. */
async function sentryRelease(rows: ReleaseRow[]) {
  const ids = rows.map((r) => r.id);
  const [lastCommit, commitCount, lastDeploy, deployCount] = await Promise.all([
    db.releaseCommit.findFirst({ where: { releaseId: { in: ids }, position: 0 }, orderBy: { releaseId: 'asc' } }),
    db.releaseCommit.count({ where: { releaseId: ids[0] } }),
    db.releaseDeploy.findFirst({ where: { releaseId: { in: ids } }, orderBy: { dateFinished: 'desc' } }),
    db.releaseDeploy.count({ where: { releaseId: { in: ids } } }),
  ]);
  const max = (ds: (Date | null)[]) => ds.reduce<Date | null>((m, d) => (d && (!m || d > m) ? d : m), null);
  const version = rows[0].version;
  return {
    version,
    shortVersion: version.length > 12 && /^[0-9a-f]+$/i.test(version) ? version.slice(0, 12) : version,
    dateCreated: rows[0].createdAt.toISOString(),
    dateReleased: max(rows.map((r) => r.dateReleased))?.toISOString() ?? null,
    url: rows.find((r) => r.url)?.url ?? null,
    firstEvent:
      rows
        .reduce<Date | null>((m, r) => (r.firstEventAt && (!m || r.firstEventAt < m) ? r.firstEventAt : m), null)
        ?.toISOString() ?? null,
    lastEvent: max(rows.map((r) => r.lastEventAt))?.toISOString() ?? null,
    projects: rows.map((r) => ({ slug: r.project.slug, name: r.project.name })),
    lastCommit: lastCommit ? { id: lastCommit.sha } : null,
    commitCount,
    lastDeploy: lastDeploy ? deployOut(lastDeploy) : null,
    deployCount,
  };
}

/** `releases new`: the release in each named project, created or (already there) updated; 201 or 208. */
export async function upsertSentryRelease(orgId: string, input: z.infer<typeof newReleaseSchema>) {
  const projects = await projectsNamed(orgId, input.projects);
  if (!projects) throw new AppError('BAD_REQUEST', 'Name at least one project (projects)');
  let created = false;
  for (const p of projects) {
    const rows = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO releases (project_id, version, url, date_released, created_at)
      VALUES (${p.id}, ${input.version}, ${input.url ?? null}, ${input.dateReleased ?? null}, ${input.dateStarted ?? new Date()})
      ON CONFLICT (project_id, version) DO UPDATE
        SET url = COALESCE(EXCLUDED.url, releases.url), date_released = COALESCE(EXCLUDED.date_released, releases.date_released)
      RETURNING (xmax = 0) AS inserted, id`;
    if ((rows[0] as unknown as { inserted: boolean }).inserted) created = true;
  }
  forgetReleases();
  return {
    created,
    release: await sentryRelease(
      await releasesOf(
        orgId,
        input.version,
        projects.map((p) => p.id),
      ),
    ),
  };
}

export async function getSentryRelease(orgId: string, version: string) {
  const rows = await releasesOf(orgId, version);
  if (rows.length === 0) throw notFound('Release');
  return sentryRelease(rows);
}

/** `releases finalize` and `set-commits`: sets what the body carries on the release in each (named) project. */
export async function updateSentryRelease(orgId: string, version: string, input: z.infer<typeof updateReleaseSchema>) {
  const projects = await projectsNamed(orgId, input.projects);
  const rows = await releasesOf(
    orgId,
    version,
    projects?.map((p) => p.id),
  );
  if (rows.length === 0) throw notFound('Release');
  const ids = rows.map((r) => r.id);
  await db.$transaction(async (tx) => {
    if (input.url !== undefined || input.dateReleased !== undefined) {
      await tx.release.updateMany({
        where: { id: { in: ids } },
        data: {
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.dateReleased !== undefined ? { dateReleased: input.dateReleased } : {}),
        },
      });
    }
    if (input.commits) {
      await tx.releaseCommit.deleteMany({ where: { releaseId: { in: ids } } });
      await tx.releaseCommit.createMany({
        data: ids.flatMap((releaseId) =>
          input.commits!.map((c, position) => ({
            releaseId,
            position,
            sha: c.id,
            repository: c.repository ?? null,
            authorName: c.author_name ?? null,
            authorEmail: c.author_email ?? null,
            message: c.message ?? null,
            committedAt: c.timestamp ?? null,
            files: (c.patch_set ?? []) as Prisma.InputJsonValue,
          })),
        ),
      });
    }
  });
  return sentryRelease(
    await releasesOf(
      orgId,
      version,
      projects?.map((p) => p.id),
    ),
  );
}

/** `releases delete`: the version in every project of the organization, with its files, commits and deploys. */
export async function deleteSentryRelease(orgId: string, version: string): Promise<void> {
  const { count } = await db.release.deleteMany({ where: { version, project: { orgId } } });
  if (count === 0) throw notFound('Release');
  forgetReleases();
}

/** `releases list`: the newest releases of the organization (or one project), one object per version. */
export async function listSentryReleases(orgId: string, projectSlug?: string) {
  if (projectSlug && !(await db.project.findFirst({ where: { orgId, slug: projectSlug }, select: { id: true } })))
    throw notFound('Project');
  const newest = await db.release.groupBy({
    by: ['version'],
    where: { project: { orgId, ...(projectSlug ? { slug: projectSlug } : {}) } },
    _max: { createdAt: true },
    orderBy: { _max: { createdAt: 'desc' } },
    take: LIST_LIMIT,
  });
  const out = [];
  for (const { version } of newest) {
    const rows = await releasesOf(orgId, version);
    out.push(await sentryRelease(projectSlug ? rows.filter((r) => r.project.slug === projectSlug) : rows));
  }
  return out;
}

export async function releaseCommits(orgId: string, version: string) {
  const rows = await releasesOf(orgId, version);
  if (rows.length === 0) throw notFound('Release');
  const commits = await db.releaseCommit.findMany({ where: { releaseId: rows[0].id }, orderBy: { position: 'asc' } });
  return commits.map(commitOut);
}

export function commitOut(c: {
  sha: string;
  repository: string | null;
  authorName: string | null;
  authorEmail: string | null;
  message: string | null;
  committedAt: Date | null;
  files: unknown;
}) {
  return {
    id: c.sha,
    repository: c.repository,
    message: c.message,
    dateCreated: c.committedAt?.toISOString() ?? null,
    author: c.authorName || c.authorEmail ? { name: c.authorName, email: c.authorEmail } : null,
    files: Array.isArray(c.files) ? (c.files as { path: string; type: string }[]) : [],
  };
}

/**
 * The newest earlier release (of the same projects) that has commits, with its last commit, so set-commits sends
 * only what is new; `{}` when there is none (sentry-cli then takes the last 20 commits).
 */
export async function previousWithCommits(orgId: string, version: string) {
  const rows = await releasesOf(orgId, version);
  if (rows.length === 0) throw notFound('Release');
  const previous = await db.release.findFirst({
    where: {
      projectId: { in: rows.map((r) => r.projectId) },
      version: { not: version },
      createdAt: { lt: rows[0].createdAt },
      commits: { some: {} },
    },
    orderBy: { createdAt: 'desc' },
    select: { version: true },
  });
  if (!previous) return {};
  return sentryRelease(await releasesOf(orgId, previous.version));
}

function deployOut(d: {
  id: string;
  environment: string;
  name: string | null;
  url: string | null;
  dateStarted: Date | null;
  dateFinished: Date;
}) {
  return {
    id: d.id,
    environment: d.environment,
    name: d.name,
    url: d.url,
    dateStarted: d.dateStarted?.toISOString() ?? null,
    dateFinished: d.dateFinished.toISOString(),
  };
}

export async function createDeploy(orgId: string, version: string, input: z.infer<typeof newDeploySchema>) {
  const projects = await projectsNamed(orgId, input.projects);
  const rows = await releasesOf(
    orgId,
    version,
    projects?.map((p) => p.id),
  );
  if (rows.length === 0) throw notFound('Release');
  const finished = input.dateFinished ?? new Date();
  const made = await db.$transaction(
    rows.map((r) =>
      db.releaseDeploy.create({
        data: {
          releaseId: r.id,
          environment: input.environment,
          name: input.name ?? null,
          url: input.url ?? null,
          dateStarted: input.dateStarted ?? null,
          dateFinished: finished,
        },
      }),
    ),
  );
  return deployOut(made[0]);
}

export async function listDeploys(orgId: string, version: string) {
  const rows = await releasesOf(orgId, version);
  if (rows.length === 0) throw notFound('Release');
  const deploys = await db.releaseDeploy.findMany({
    where: { releaseId: rows[0].id },
    orderBy: { dateFinished: 'desc' },
    take: LIST_LIMIT,
  });
  return deploys.map(deployOut);
}
