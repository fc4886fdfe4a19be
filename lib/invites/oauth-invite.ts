import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { claimInvite } from './accept-invite';

/** Set by the invite page before it sends the browser to GitHub/Google; read once when the sign-in completes. */
export const INVITE_COOKIE = 'invite_token';
// A provider sign-in that created its user this recently is a sign-up through the invite.
const JUST_CREATED_MS = 10 * 60 * 1000;

export function clearedInviteCookie(): string {
  return `${INVITE_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
}

/**
 * Accepts the invite for a user who just signed in with a provider from the invite page. A user that
 * sign-in created gets no organization of their own: the empty one made for them is dropped. Returns
 * false (and changes nothing) when the invite cannot be used.
 */
export async function acceptInviteAfterOAuth(userId: string, token: string): Promise<boolean> {
  try {
    await db.$transaction(async (tx) => {
      const invite = await claimInvite(tx, token, userId);
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { orgId: true, createdAt: true } });
      if (user.orgId && clock.nowMs() - user.createdAt.getTime() < JUST_CREATED_MS) {
        const own = await tx.organization.findUnique({
          where: { id: user.orgId },
          select: { createdAt: true, _count: { select: { memberships: true, projects: true } } },
        });
        if (
          own &&
          own._count.memberships === 1 &&
          own._count.projects === 0 &&
          own.createdAt >= new Date(user.createdAt.getTime() - 60_000)
        ) {
          await tx.organization.delete({ where: { id: user.orgId } });
        }
      }
      await tx.user.update({ where: { id: userId }, data: { orgId: invite.orgId } });
    });
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    logger.error({ err, userId }, 'accepting an invite after provider sign-in failed');
    return false;
  }
}
