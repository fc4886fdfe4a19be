import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';

/**
 * Makes the organization this session's active one, and the user's default for later sign-ins.
 * Only an organization the user is a member of: any other id is 404.
 */
export async function switchOrganization(sessionId: string, userId: string, orgId: string): Promise<void> {
  const membership = await db.membership.findUnique({
    where: { orgId_userId: { orgId, userId } },
    select: { id: true },
  });
  if (!membership) throw notFound('Organization');
  await db.$transaction([
    db.session.update({ where: { id: sessionId }, data: { activeOrgId: orgId } }),
    db.user.update({ where: { id: userId }, data: { orgId } }),
  ]);
}
