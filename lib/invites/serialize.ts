import { inviteState } from './find-invite';

type InviteRow = {
  id: string;
  email: string;
  role: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  invitedBy?: { name: string } | null;
};

/** Never the token or its hash: the link is shown once, in the create answer. */
export function serializeInvite(i: InviteRow) {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    state: inviteState(i),
    invitedBy: i.invitedBy?.name ?? null,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  };
}
