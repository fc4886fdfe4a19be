// An organization's two-factor requirement (#48): its OWNER turns it on; a member without a second factor is sent to
// enrol (the dashboard) or refused (the API, 403) until they have one, and so is an API token its creator made.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { AppError, validationError } from '@/lib/errors';
import { recordAudit } from '@/lib/audit/record-audit';
import { hasSecondFactor } from './factors';
import { SECURITY_PAGE } from './notify';

export const updateOrgTwoFactorSchema = z.object({
  requireTwoFactor: z.boolean({ message: 'requireTwoFactor must be true or false' }),
});

export async function getOrgTwoFactor(orgId: string, userId: string | null) {
  const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { requireTwoFactor: true } });
  const members = await db.membership.findMany({ where: { orgId }, select: { userId: true } });
  const ids = members.map((m) => m.userId);
  const [totp, keys] = await Promise.all([
    db.totpFactor.findMany({ where: { userId: { in: ids }, confirmedAt: { not: null } }, select: { userId: true } }),
    db.webAuthnCredential.findMany({ where: { userId: { in: ids } }, select: { userId: true }, distinct: ['userId'] }),
  ]);
  const enrolled = new Set([...totp, ...keys].map((r) => r.userId));
  return {
    requireTwoFactor: org.requireTwoFactor,
    /** Whether the caller has a second factor (an OWNER needs one to turn the requirement on). */
    enrolled: userId ? enrolled.has(userId) : false,
    membersWithout: ids.filter((id) => !enrolled.has(id)).length,
  };
}

export async function updateOrgTwoFactor(orgId: string, userId: string | null, requireTwoFactor: boolean) {
  // The OWNER turning it on must not lock themselves out of their own organization.
  if (requireTwoFactor && (!userId || !(await hasSecondFactor(userId))))
    throw validationError([
      { path: ['requireTwoFactor'], message: 'Set up two-factor sign-in for your own account first' },
    ]);
  await db.$transaction(async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({
      where: { id: orgId },
      select: { requireTwoFactor: true, name: true },
    });
    if (before.requireTwoFactor === requireTwoFactor) return;
    await tx.organization.update({ where: { id: orgId }, data: { requireTwoFactor } });
    await recordAudit(tx, {
      orgId,
      action: 'org.two_factor_required_changed',
      target: { type: 'organization', id: orgId, label: before.name },
      changes: { requireTwoFactor: { from: before.requireTwoFactor, to: requireTwoFactor } },
    });
  });
  return getOrgTwoFactor(orgId, userId);
}

/** The name of an organization of the person that requires two-factor sign-in, or null. */
export async function twoFactorRequiredBy(userId: string, tx: Tx = db): Promise<string | null> {
  const m = await tx.membership.findFirst({
    where: { userId, organization: { requireTwoFactor: true } },
    select: { organization: { select: { name: true } } },
  });
  return m?.organization.name ?? null;
}

/** The organization's name when it requires two-factor sign-in and the person has no second factor yet; else null. */
export async function enrolmentRequiredFor(userId: string, orgId: string): Promise<string | null> {
  const org = await db.organization.findUnique({
    where: { id: orgId },
    select: { requireTwoFactor: true, name: true },
  });
  if (!org?.requireTwoFactor || (await hasSecondFactor(userId))) return null;
  return org.name;
}

/**
 * For every organization-scoped API call: 403 while the organization requires two-factor sign-in and the caller (a
 * session's person, or the member who created the token) has no second factor.
 */
export async function assertTwoFactorSatisfied(
  userId: string | null,
  orgId: string,
  via: 'session' | 'token',
): Promise<void> {
  if (!userId) return;
  const orgName = await enrolmentRequiredFor(userId, orgId);
  if (!orgName) return;
  throw new AppError(
    'FORBIDDEN',
    via === 'session'
      ? `${orgName} requires two-factor sign-in: set up a second factor at ${SECURITY_PAGE} to continue`
      : `${orgName} requires two-factor sign-in: this API token's creator has no second factor, so it is refused until they set one up`,
  );
}
