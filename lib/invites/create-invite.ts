import { createElement } from 'react';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { enforceThrottle, throttleRules } from '@/lib/auth/throttle';
import { randomToken, sha256 } from '@/lib/auth/tokens';
import { sendEmail } from '@/lib/email/send-email';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { assertRole } from '@/lib/orgs/roles';
import type { CreateInviteInput } from '@/lib/zod/orgs';
import InviteEmail from '@/emails/invite-email';
import { INVITE_TTL_MS } from './find-invite';

export function inviteUrl(token: string): string {
  return `${env.appUrl}/invite/${encodeURIComponent(token)}`;
}

/**
 * Invites an email address with a role (an OWNER invite needs an OWNER). A pending invite to the same
 * address is replaced, so only the newest link works. The link is returned once and emailed.
 */
export async function createInvite(tenant: OrgTenant, input: CreateInviteInput) {
  if (input.role === 'OWNER') assertRole(tenant.role, 'OWNER');
  const member = await db.membership.findFirst({
    where: { orgId: tenant.orgId, user: { email: input.email } },
    select: { id: true },
  });
  if (member) throw new AppError('CONFLICT', 'This person is already a member of the organization');
  await enforceThrottle(throttleRules.sendInvite(input.email, tenant.orgId), 'Too many invites sent, try again later');
  const token = randomToken(32);
  const now = clock.now();
  const invite = await db.$transaction(async (tx) => {
    await tx.invite.updateMany({
      where: { orgId: tenant.orgId, email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    });
    const created = await tx.invite.create({
      data: {
        orgId: tenant.orgId,
        email: input.email,
        role: input.role,
        tokenHash: sha256(token),
        invitedById: tenant.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      },
      include: { organization: { select: { name: true } }, invitedBy: { select: { name: true } } },
    });
    await recordAudit(tx, {
      orgId: tenant.orgId,
      action: 'member.invited',
      target: { type: 'invite', id: created.id, label: created.email },
      changes: { email: created.email, role: created.role },
    });
    return created;
  });
  const url = inviteUrl(token);
  const props = {
    inviterName: invite.invitedBy?.name ?? 'A teammate',
    orgName: invite.organization.name,
    role: invite.role,
    url,
  };
  let emailed = true;
  try {
    await sendEmail({
      to: invite.email,
      subject: `Join ${props.orgName} on Tracker`,
      template: 'invite',
      data: props,
      element: createElement(InviteEmail, props),
    });
  } catch (err) {
    // The link in the answer still works when the mail transport fails.
    emailed = false;
    logger.error({ err, inviteId: invite.id }, 'invite email failed');
  }
  return { invite, url, emailed };
}
