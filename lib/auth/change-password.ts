import { db } from '@/lib/db';
import { AppError, validationError } from '@/lib/errors';
import type { ChangePasswordInput } from '@/lib/zod/account';
import { hashPassword, verifyPassword } from './password';
import { recordAccountAudit } from '@/lib/audit/record-audit';
import { revokeOtherSessions } from './revoke-sessions';
import { enforceThrottle, forgiveThrottle, throttleRules } from './throttle';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * A signed-in person sets a new password. The current one is checked under the same throttle as a sign-in (a
 * borrowed session cannot guess it faster than the login form); every other session ends, the caller's stays.
 */
export async function changePassword(
  caller: { userId: string; sessionId: string },
  input: ChangePasswordInput,
  address: string,
): Promise<{ sessionsRevoked: number }> {
  const user = await db.user.findUnique({
    where: { id: caller.userId },
    select: { email: true, passwordHash: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED', 'You need to be logged in!');
  if (!user.passwordHash)
    throw new AppError(
      'BAD_REQUEST',
      'Your account signs in through a provider and has no password yet: set one with "Forgot password" on the sign-in page',
    );
  const rules = throttleRules.login(user.email, address);
  await enforceThrottle(rules, 'Too many failed password attempts, try again later');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw validationError([{ path: ['currentPassword'], message: WRONG_CURRENT_PASSWORD }]);
  await forgiveThrottle(rules, [rules[0].key]);
  const passwordHash = await hashPassword(input.newPassword);
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: caller.userId }, data: { passwordHash } });
    // A reset link sent before the change would undo it.
    await tx.passwordReset.deleteMany({ where: { userId: caller.userId } });
    const sessionsRevoked = await revokeOtherSessions(caller.userId, caller.sessionId, {
      tx,
      reason: 'password_changed',
    });
    await recordAccountAudit(tx, caller.userId, {
      action: 'auth.password_changed',
      changes: { via: 'settings', sessionsRevoked },
    });
    return { sessionsRevoked };
  });
}
