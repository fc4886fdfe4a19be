import { cache } from 'react';
import { db } from '@/lib/db';
import { currentSession } from '@/lib/auth/current-session';

/** The signed-in user and active organization. */
const viewer = async () => {
  const session = await currentSession();
  return session?.orgId ? { userId: session.user.id, orgId: session.orgId } : null;
};

/** Only what the viewer may read: the project of their active organization, which they belong to. */
const tenantWhere = (v: { userId: string; orgId: string }) => ({
  orgId: v.orgId,
  organization: { memberships: { some: { userId: v.userId } } },
});

/** The project's name for page titles, or null when there is none for this viewer (the page says why). */
export const projectName = cache(async (projectId: string): Promise<string | null> => {
  const v = await viewer();
  if (!v) return null;
  const project = await db.project.findFirst({ where: { id: projectId, ...tenantWhere(v) }, select: { name: true } });
  return project?.name ?? null;
});

/** The issue's title for page titles, or null when this viewer cannot see it. */
export const issueTitle = cache(async (projectId: string, issueId: string): Promise<string | null> => {
  const v = await viewer();
  if (!v) return null;
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId, project: tenantWhere(v) },
    select: { title: true },
  });
  return issue?.title ?? null;
});
