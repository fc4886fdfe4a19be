import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { clock } from '@/lib/clock';
import { notFound } from '@/lib/errors';
import { inviteState, unusableInvite } from './find-invite';

/** Revokes a pending invite of this organization; another organization's id is 404, a spent one 400. */
export async function revokeInvite(orgId: string, inviteId: string) {
  const invite = await db.invite.findFirst({ where: { id: inviteId, orgId } });
  if (!invite) throw notFound('Invite');
  const state = inviteState(invite);
  if (state !== 'pending') throw unusableInvite(state);
  await db.$transaction(async (tx) => {
    const { count } = await tx.invite.updateMany({
      where: { id: invite.id, acceptedAt: null, revokedAt: null },
      data: { revokedAt: clock.now() },
    });
    if (count === 0) throw unusableInvite('accepted');
    await recordAudit(tx, {
      orgId,
      action: 'member.invite_revoked',
      target: { type: 'invite', id: invite.id, label: invite.email },
      changes: { email: invite.email, role: invite.role },
    });
  });
}
