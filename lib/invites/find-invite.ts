import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { AppError, badRequest, notFound } from '@/lib/errors';
import { sha256 } from '@/lib/auth/tokens';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type InviteRow = { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date };
export type InviteState = 'pending' | 'accepted' | 'revoked' | 'expired';

export function inviteState(invite: InviteRow, now = clock.now()): InviteState {
  if (invite.acceptedAt) return 'accepted';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt <= now) return 'expired';
  return 'pending';
}

/** The error for an invite that cannot be used; an unknown token is 404, a known but spent one 400. */
export function unusableInvite(state: Exclude<InviteState, 'pending'> | 'missing'): AppError {
  switch (state) {
    case 'missing':
      return notFound('Invite');
    case 'accepted':
      return badRequest('This invite has already been used');
    case 'revoked':
      return badRequest('This invite has been revoked');
    case 'expired':
      return badRequest('This invite has expired');
  }
}

const withOrg = {
  organization: { select: { id: true, name: true, slug: true } },
  invitedBy: { select: { name: true } },
} as const;

/** The pending invite behind a link token, or the 404/400 saying why it cannot be used. */
export async function findPendingInvite(token: string, tx: Tx = db) {
  const invite = await tx.invite.findUnique({ where: { tokenHash: sha256(token) }, include: withOrg });
  if (!invite) throw unusableInvite('missing');
  const state = inviteState(invite);
  if (state !== 'pending') throw unusableInvite(state);
  return invite;
}

/** What the invite page shows before accepting: who invites, to what, as what, and whether the email has an account. */
export async function describeInvite(token: string) {
  const invite = await findPendingInvite(token);
  const account = await db.user.findUnique({ where: { email: invite.email }, select: { id: true } });
  return {
    email: invite.email,
    role: invite.role,
    organization: { id: invite.organization.id, name: invite.organization.name, slug: invite.organization.slug },
    invitedBy: invite.invitedBy?.name ?? null,
    expiresAt: invite.expiresAt.toISOString(),
    accountExists: account !== null,
  };
}
