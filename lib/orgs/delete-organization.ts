import { db } from '@/lib/db';
import { badRequest, notFound } from '@/lib/errors';
import { keysChanged } from '@/lib/key-changes';

/**
 * Irreversible: the organization with its projects (and their issues, events, keys, rules), usage,
 * memberships and invites. A paying organization must cancel first, so no subscription outlives it.
 * Members whose default organization it was fall back to another one of theirs.
 */
export async function deleteOrganization(orgId: string): Promise<void> {
  const keys = await db.$transaction(async (tx) => {
    const [org] = await tx.$queryRaw<{ plan: 'FREE' | 'PRO'; stripe_subscription_id: string | null }[]>`
      SELECT plan, stripe_subscription_id FROM organizations WHERE id = ${orgId} FOR UPDATE`;
    if (!org) throw notFound('Organization');
    if (org.plan !== 'FREE' || org.stripe_subscription_id)
      throw badRequest('Cancel the PRO subscription in the billing portal before deleting the organization');
    const members = await tx.membership.findMany({ where: { orgId }, select: { userId: true } });
    const keys = await tx.projectKey.findMany({ where: { project: { orgId } }, select: { publicKey: true } });
    await tx.organization.delete({ where: { id: orgId } });
    for (const { userId } of members) {
      const other = await tx.membership.findFirst({
        where: { userId },
        orderBy: { createdAt: 'asc' },
        select: { orgId: true },
      });
      await tx.user.updateMany({ where: { id: userId, orgId: null }, data: { orgId: other?.orgId ?? null } });
    }
    return keys.map((k) => k.publicKey);
  });
  keysChanged(keys);
}
