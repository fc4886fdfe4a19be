// Linking a Slack user to a member (#64), Sentry's way: a Slack user who presses a button unlinked gets, only for
// them, a link to a signed URL that expires in 15 minutes; a signed-in member of the integration's organization
// who opens it links that Slack user to themselves. Their later presses act as them.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { notFound } from '@/lib/errors';
import { recordAudit } from '@/lib/audit/record-audit';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { readToken, signToken } from './tokens';

const LINK_TTL_MS = 15 * 60_000;

export function slackLinkUrl(integrationId: string, slackUserId: string): string {
  const token = signToken('slack-link', { i: integrationId, u: slackUserId }, LINK_TTL_MS);
  return `${env.appUrl}/slack/link?token=${encodeURIComponent(token)}`;
}

/** What a link names, for its page: the workspace and the Slack user (404 for another organization's). */
export async function describeSlackLink(t: OrgTenant, token: string) {
  const data = readToken('slack-link', token, 'link');
  const row = await db.integration.findFirst({
    where: { id: data.i, orgId: t.orgId, provider: 'slack' },
    select: { id: true, name: true },
  });
  if (!row) throw notFound('Integration');
  return { integrationId: row.id, integration: row.name, slackUserId: data.u };
}

export async function linkSlackUser(t: OrgTenant, token: string) {
  const link = await describeSlackLink(t, token);
  const userId = t.userId!;
  await db.$transaction(async (tx) => {
    await tx.slackUserLink.upsert({
      where: { integrationId_slackUserId: { integrationId: link.integrationId, slackUserId: link.slackUserId } },
      create: { integrationId: link.integrationId, slackUserId: link.slackUserId, userId },
      update: { userId },
    });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'integration.slack_user_linked',
      target: { type: 'integration', id: link.integrationId, label: link.integration },
      changes: { slackUserId: link.slackUserId },
    });
  });
  return link;
}

/** The member a Slack user is linked to, still a member of the organization, or null. */
export async function linkedMember(integrationId: string, orgId: string, slackUserId: string) {
  const link = await db.slackUserLink.findUnique({
    where: { integrationId_slackUserId: { integrationId, slackUserId } },
    select: { user: { select: { id: true, name: true, memberships: { where: { orgId }, select: { role: true } } } } },
  });
  const membership = link?.user.memberships[0];
  return link && membership ? { userId: link.user.id, name: link.user.name, role: membership.role } : null;
}
