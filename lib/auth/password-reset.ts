import { createElement } from 'react';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { sendEmail } from '@/lib/email/send-email';
import PasswordResetEmail from '@/emails/password-reset-email';
import { hashPassword } from './password';
import { randomToken, sha256 } from './tokens';
import { enforceThrottle, throttleRules } from './throttle';
import { recordAccountAudit } from '@/lib/audit/record-audit';
import { revokeOtherSessions } from './revoke-sessions';
import { getBoss, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';

export const RESET_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET_LINK = 'Invalid or expired reset link';

export type ResetJob = { email: string };

/**
 * Queues the reset email. The request does the same work whether or not the account exists (the throttle and one
 * job insert), so its answer and its timing say nothing about which addresses have accounts; the job looks the
 * account up and sends the link (lib/auth/account-workers.ts).
 */
export async function requestPasswordReset(email: string, address: string): Promise<void> {
  await enforceThrottle(throttleRules.passwordReset(email, address));
  const boss = await getBoss();
  await boss.send(QUEUES.passwordReset, { email } satisfies ResetJob);
  notifyWorkers(QUEUES.passwordReset);
}

/**
 * Emails a single-use reset link (one hour) when the account exists; for an unknown email nothing happens. A new
 * link replaces the earlier ones.
 */
export async function sendPasswordReset({ email }: ResetJob): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true, email: true } });
  if (!user) return;
  const token = randomToken(32);
  await db.$transaction([
    db.passwordReset.deleteMany({ where: { userId: user.id } }),
    db.passwordReset.create({
      data: { tokenHash: sha256(token), userId: user.id, expiresAt: new Date(clock.nowMs() + RESET_TTL_MS) },
    }),
  ]);
  const url = `${env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await sendEmail({
    to: user.email,
    subject: 'Reset your Tracker password',
    template: 'password-reset',
    data: { name: user.name, url },
    element: createElement(PasswordResetEmail, { name: user.name, url }),
  });
}

/**
 * Sets a new password from a reset link. The link proves the inbox, so an unverified account becomes verified;
 * every session of the account ends (whoever held the old password is signed out) and the link is used up.
 */
export async function resetPassword(token: string, password: string, address: string) {
  await enforceThrottle(throttleRules.completeReset(address));
  const passwordHash = await hashPassword(password);
  const now = clock.now();
  return db.$transaction(async (tx) => {
    // Deleting the row is what claims the link: of two racing uses only one gets it back.
    const claimed = await tx.$queryRaw<{ user_id: string }[]>`
      DELETE FROM password_resets WHERE token_hash = ${sha256(token)} AND expires_at > ${now} RETURNING user_id`;
    if (!claimed.length) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK);
    const userId = claimed[0].user_id;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { emailVerified: true } });
    const updated = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, emailVerified: user.emailVerified ?? now },
    });
    const sessionsRevoked = await revokeOtherSessions(userId, null, { tx, reason: 'password_reset' });
    await tx.passwordReset.deleteMany({ where: { userId } });
    await tx.passcode.deleteMany({ where: { userId } });
    await recordAccountAudit(tx, userId, {
      action: 'auth.password_changed',
      changes: { via: 'reset_link', sessionsRevoked },
    });
    return updated;
  });
}
