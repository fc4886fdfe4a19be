import { db, type Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { badRequest, notFound } from '@/lib/errors';
import type { OrgTenant } from './resolve-tenant';
import { assertRole, type Role } from './roles';

/** Locks the organization row so two owners cannot both step down or leave at once. */
export async function lockOrganization(tx: Tx, orgId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId} FOR UPDATE`;
}

export async function ownerCount(tx: Tx, orgId: string): Promise<number> {
  return tx.membership.count({ where: { orgId, role: 'OWNER' } });
}

/**
 * ADMINs manage roles below OWNER; making or unmaking an OWNER needs an OWNER. The last owner
 * cannot be demoted.
 */
export async function changeMemberRole(tenant: OrgTenant, userId: string, role: Role) {
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, tenant.orgId);
    const target = await tx.membership.findUnique({
      where: { orgId_userId: { orgId: tenant.orgId, userId } },
      include: { user: { select: { email: true } } },
    });
    if (!target) throw notFound('Member');
    if (target.role === 'OWNER' || role === 'OWNER') assertRole(tenant.role, 'OWNER');
    if (target.role === 'OWNER' && role !== 'OWNER' && (await ownerCount(tx, tenant.orgId)) <= 1) {
      throw badRequest('The last owner cannot be demoted');
    }
    const updated = await tx.membership.update({ where: { id: target.id }, data: { role } });
    if (target.role !== role) {
      await recordAudit(tx, {
        orgId: tenant.orgId,
        action: 'member.role_changed',
        target: { type: 'member', id: userId, label: target.user.email },
        changes: { role: { from: target.role, to: role } },
      });
    }
    return updated;
  });
}
