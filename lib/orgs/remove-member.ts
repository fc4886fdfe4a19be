import { db, type Tx } from '@/lib/db';
import { badRequest, notFound } from '@/lib/errors';
import { lockOrganization, ownerCount } from './change-member-role';
import type { OrgTenant } from './resolve-tenant';
import { assertRole } from './roles';

/**
 * Removes a member (or the caller, when leaving): their issues in the organization are unassigned
 * (recorded in each issue's activity), and sessions that had this organization active fall back to
 * another one of theirs. ADMINs remove members below OWNER; the last owner can neither leave nor be removed.
 */
export async function removeMember(tenant: OrgTenant, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, tenant.orgId);
    const target = await tx.membership.findUnique({ where: { orgId_userId: { orgId: tenant.orgId, userId } } });
    if (!target) throw notFound('Member');
    const leaving = userId === tenant.userId;
    if (!leaving) assertRole(tenant.role, target.role === 'OWNER' ? 'OWNER' : 'ADMIN');
    if (target.role === 'OWNER' && (await ownerCount(tx, tenant.orgId)) <= 1) {
      throw badRequest(leaving ? 'The last owner cannot leave the organization' : 'The last owner cannot be removed');
    }
    await tx.membership.delete({ where: { id: target.id } });
    await unassignIssues(tx, tenant.orgId, userId, tenant.userId);
    await tx.session.updateMany({ where: { userId, activeOrgId: tenant.orgId }, data: { activeOrgId: null } });
    const user = await tx.user.findUnique({ where: { id: userId }, select: { orgId: true } });
    if (user?.orgId === tenant.orgId) {
      const other = await tx.membership.findFirst({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { orgId: true } });
      await tx.user.update({ where: { id: userId }, data: { orgId: other?.orgId ?? null } });
    }
  });
}

async function unassignIssues(tx: Tx, orgId: string, userId: string, actorId: string | null): Promise<void> {
  const issues = await tx.issue.findMany({ where: { assigneeId: userId, project: { orgId } }, select: { id: true } });
  if (issues.length === 0) return;
  await tx.issue.updateMany({ where: { id: { in: issues.map((i) => i.id) } }, data: { assigneeId: null } });
  await tx.issueActivity.createMany({ data: issues.map((i) => ({ issueId: i.id, actorId, type: 'ASSIGNED' as const, assigneeId: null })) });
}
