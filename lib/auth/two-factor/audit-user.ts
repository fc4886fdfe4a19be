// A person's own security events (a sign-in, a factor added) belong to every organization they are in: one audit
// entry per membership (#48), written in the caller's transaction.
import type { Prisma } from '@/lib/generated/prisma/client';
import { recordAudit } from '@/lib/audit/record-audit';
import type { AuditAction } from '@/lib/audit/actions';

export async function recordUserAudit(
  tx: Prisma.TransactionClient,
  {
    user,
    action,
    changes,
  }: { user: { id: string; email: string }; action: AuditAction; changes?: Prisma.InputJsonObject },
): Promise<void> {
  const memberships = await tx.membership.findMany({ where: { userId: user.id }, select: { orgId: true } });
  for (const { orgId } of memberships) {
    await recordAudit(tx, {
      orgId,
      action,
      target: { type: 'user', id: user.id, label: user.email },
      changes,
      actor: { userId: user.id, userEmail: user.email },
    });
  }
}
