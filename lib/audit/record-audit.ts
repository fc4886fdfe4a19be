// Writes one audit log entry (#48) inside the transaction of the action it records, so the entry exists exactly when
// the action happened: pass the transaction's client. Who and from where come from the request (lib/http/audit-actor.ts)
// unless given.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { Tx } from '@/lib/db';
import type { AuditAction } from './actions';
import { auditActor, type AuditActor } from '@/lib/http/audit-actor';

export type AuditEntry = {
  orgId: string;
  action: AuditAction;
  target?: { type: string; id: string; label?: string | null };
  /** What changed: `{ field: { from, to } }`, or what the action made (`{ scopes: [...] }`). Never a secret. */
  changes?: Prisma.InputJsonObject;
  /** Instead of the request's actor (a sign-in records the user signing in). */
  actor?: AuditActor;
};

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const actor = { ...auditActor(), ...entry.actor };
  const label =
    actor.userEmail ??
    (actor.tokenId
      ? ((await tx.apiToken.findUnique({ where: { id: actor.tokenId }, select: { name: true } }))?.name ?? null)
      : actor.userId
        ? ((await tx.user.findUnique({ where: { id: actor.userId }, select: { email: true } }))?.email ?? null)
        : null);
  await tx.auditLogEntry.create({
    data: {
      orgId: entry.orgId,
      actorType: actor.tokenId ? 'token' : actor.userId ? 'user' : 'system',
      actorId: actor.tokenId ?? actor.userId ?? null,
      actorLabel: label,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      targetLabel: entry.target?.label ?? null,
      ipAddress: actor.ipAddress ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
      changes: entry.changes,
    },
  });
}

/** One entry per organization the person belongs to, for an action on their own account (a sign-in, a factor, a
 * password, their sessions): the person is the actor and the target. Written in the caller's transaction. */
export async function recordAccountAudit(
  tx: Tx,
  userId: string,
  entry: { action: AuditAction; changes?: Prisma.InputJsonObject },
): Promise<void> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { email: true, memberships: { select: { orgId: true } } },
  });
  if (!user) return;
  for (const { orgId } of user.memberships) {
    await recordAudit(tx, {
      orgId,
      action: entry.action,
      target: { type: 'user', id: userId, label: user.email },
      changes: entry.changes,
      actor: { userId, userEmail: user.email },
    });
  }
}

/** AUDIT_LOG_RETENTION_DAYS (default 365): how long entries are kept. */
export function auditRetentionDays(): number {
  const n = Number(process.env.AUDIT_LOG_RETENTION_DAYS);
  return Number.isInteger(n) && n > 0 ? n : 365;
}
