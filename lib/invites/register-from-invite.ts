import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { hashPassword } from '@/lib/auth/password';
import { createSession, type SignInClient } from '@/lib/auth/session';
import { dropPendingAccount } from '@/lib/auth/accounts';
import { enforceThrottle, throttleRules } from '@/lib/auth/throttle';
import type { RegisterFromInviteInput } from '@/lib/zod/orgs';
import { claimInvite } from './accept-invite';
import { findPendingInvite } from './find-invite';

/**
 * Sign-up from an invite link: the account takes the invite's email, verified by the link itself (it
 * was sent there), joins the inviting organization instead of getting its own, and is signed in.
 */
export async function registerFromInvite(
  token: string,
  input: RegisterFromInviteInput,
  client: SignInClient & { address: string },
) {
  await enforceThrottle(throttleRules.inviteLink(client.address));
  const pending = await findPendingInvite(token);
  // The link proves the inbox: an unverified sign-up squatting the address gives way.
  await dropPendingAccount(pending.email, { evenIfLive: true });
  if (await db.user.findUnique({ where: { email: pending.email }, select: { id: true } })) {
    throw new AppError('CONFLICT', 'An account with this email already exists: sign in to accept the invite');
  }
  const passwordHash = await hashPassword(input.password);
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: { name: input.name, email: pending.email, passwordHash, emailVerified: clock.now(), orgId: pending.orgId },
    });
    await claimInvite(tx, token, created.id);
    return created;
  });
  const { cookie } = await createSession(user.id, client);
  return { user, cookie };
}
