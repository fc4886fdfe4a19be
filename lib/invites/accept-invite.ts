import { db, type Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { findPendingInvite, unusableInvite } from './find-invite';

/** The 403 for an account other than the invited one. */
export function wrongInvitee(email: string): AppError {
  return new AppError(
    'FORBIDDEN',
    `This invite was sent to ${email}: sign in with that email address (verified) to accept it`,
  );
}

/**
 * Uses the invite for this user inside the caller's transaction: claimed with a conditional update so
 * two accepts of one link cannot both succeed, then the membership. Only the invited address (verified, any case)
 * may use it: otherwise 403. Already a member: 409, nothing changes. The join goes to the audit log in the same
 * transaction.
 */
export async function claimInvite(tx: Tx, token: string, userId: string) {
  const invite = await findPendingInvite(token, tx);
  // An invite belongs to the address it was sent to: a forwarded or leaked link is of no use to anyone else.
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, emailVerified: true } });
  if (!user || !user.emailVerified || user.email.toLowerCase() !== invite.email.toLowerCase())
    throw wrongInvitee(invite.email);
  const now = clock.now();
  const { count } = await tx.invite.updateMany({
    where: { id: invite.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now, acceptedById: userId },
  });
  if (count === 0) throw unusableInvite('accepted');
  const existing = await tx.membership.findUnique({
    where: { orgId_userId: { orgId: invite.orgId, userId } },
    select: { id: true },
  });
  if (existing) throw new AppError('CONFLICT', 'You are already a member of this organization');
  await tx.membership.create({ data: { orgId: invite.orgId, userId, role: invite.role } });
  // The person joining is the actor, whichever way they came in (signed in, signing up, a provider's sign-in).
  await recordAudit(tx, {
    orgId: invite.orgId,
    action: 'member.joined',
    actor: { userId, userEmail: user.email, tokenId: undefined },
    target: { type: 'member', id: userId, label: user.email },
    changes: { role: invite.role },
  });
  return invite;
}

/** A signed-in user accepts: they join with the invite's role and the session switches to that organization. */
export async function acceptInvite(token: string, userId: string, sessionId: string | null) {
  return db.$transaction(async (tx) => {
    const invite = await claimInvite(tx, token, userId);
    if (sessionId) await tx.session.update({ where: { id: sessionId }, data: { activeOrgId: invite.orgId } });
    await tx.user.update({ where: { id: userId }, data: { orgId: invite.orgId } });
    return { orgId: invite.orgId, role: invite.role };
  });
}
