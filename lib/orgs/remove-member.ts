import { db, type Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { badRequest, notFound } from '@/lib/errors';
import { lockOrganization, ownerCount } from './change-member-role';
import { addOwner, createOrganization } from './create-organization';
import type { OrgTenant } from './resolve-tenant';
import { assertRole } from './roles';

/**
 * Removes a member (or the caller, when leaving): their issues in the organization are unassigned
 * (recorded in each issue's activity), and sessions that had this organization active fall back to
 * another one of theirs (a new one of their own when none is left). ADMINs remove members below OWNER; the last owner can neither leave nor be removed.
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
    const user = await tx.user.findUnique({ where: { id: userId }, select: { orgId: true, name: true, email: true } });
    await recordAudit(tx, {
      orgId: tenant.orgId,
      action: leaving ? 'member.left' : 'member.removed',
      target: { type: 'member', id: userId, label: user?.email ?? null },
      changes: { role: { from: target.role, to: null } },
    });
    if (!user) return;
    const other = await tx.membership.findFirst({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      select: { orgId: true },
    });
    if (!other) {
      // Someone who leaves (or loses) their only organization gets a new one of their own, as at sign-up,
      // rather than a dashboard with nothing to show.
      const org = await createOrganization(tx, user.name);
      await addOwner(tx, org.id, userId);
      await tx.user.update({ where: { id: userId }, data: { orgId: org.id } });
    } else if (user.orgId === tenant.orgId) {
      await tx.user.update({ where: { id: userId }, data: { orgId: other.orgId } });
    }
  });
}

async function unassignIssues(tx: Tx, orgId: string, userId: string, actorId: string | null): Promise<void> {
  // Locked in the ingest batch statement's order (project, fingerprint), so the two never deadlock.
  const issues = await tx.$queryRaw<{ id: string }[]>`
    SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id
     WHERE i.assignee_id = ${userId} AND p.org_id = ${orgId}
     ORDER BY i.project_id, i.fingerprint FOR UPDATE OF i`;
  if (issues.length === 0) return;
  await tx.issue.updateMany({ where: { id: { in: issues.map((i) => i.id) } }, data: { assigneeId: null } });
  await tx.issueActivity.createMany({
    data: issues.map((i) => ({ issueId: i.id, actorId, type: 'ASSIGNED' as const, assigneeId: null })),
  });
}
