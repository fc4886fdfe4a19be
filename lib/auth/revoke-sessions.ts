// Ending a person's signed-in sessions (#48): one from their list, every other one ("sign out everywhere else"), or
// all of them. A password change or a removed second factor ends the others. Each is one audit entry per
// organization the person belongs to, written in the same transaction as the deletion.
import { db, type Tx } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { recordAccountAudit } from '@/lib/audit/record-audit';
import { describeDevice } from './describe-device';

/** Why sessions ended, kept on the audit entry. */
export type RevokeReason = 'signed_out_elsewhere' | 'password_changed' | 'password_reset' | 'factor_removed';

/**
 * Ends every session of the user but `keepSessionId` (all of them when null) and returns how many ended. Written in
 * `opts.tx` when the caller owns a transaction (a password change), else in its own; nothing is recorded when no
 * session ended.
 */
export async function revokeOtherSessions(
  userId: string,
  keepSessionId: string | null,
  opts: { tx?: Tx; reason?: RevokeReason } = {},
): Promise<number> {
  const run = async (tx: Tx) => {
    const { count } = await tx.session.deleteMany({
      where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    });
    if (count > 0)
      await recordAccountAudit(tx, userId, {
        action: 'auth.sessions_revoked',
        changes: {
          revoked: count,
          scope: keepSessionId ? 'others' : 'all',
          reason: opts.reason ?? 'signed_out_elsewhere',
        },
      });
    return count;
  };
  return opts.tx ? run(opts.tx) : db.$transaction(run);
}

/** Ends one session of the user; another user's session (or one already ended) is 404 and nothing changes. */
export async function revokeSession(userId: string, sessionId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const session = await tx.session.findFirst({ where: { id: sessionId, userId }, select: { userAgent: true } });
    if (!session) throw notFound('Session');
    const { count } = await tx.session.deleteMany({ where: { id: sessionId, userId } });
    if (count === 0) throw notFound('Session');
    await recordAccountAudit(tx, userId, {
      action: 'auth.sessions_revoked',
      changes: { revoked: 1, scope: 'one', device: describeDevice(session.userAgent).label },
    });
  });
}
