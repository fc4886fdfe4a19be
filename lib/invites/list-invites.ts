import { db } from '@/lib/db';
import { clock } from '@/lib/clock';

/** Invites still waiting for an answer: not used, not revoked, not expired; newest first. */
export async function listPendingInvites(orgId: string) {
  return db.invite.findMany({
    where: { orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: clock.now() } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { invitedBy: { select: { name: true } } },
  });
}
