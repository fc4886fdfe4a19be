// Installing the Slack app to a workspace (#64): "Add to Slack" sends an OWNER or ADMIN to Slack's authorize page
// with a signed, expiring `state` naming them and their organization; Slack sends them back with a code, which
// oauth.v2.access (@slack/web-api) exchanges for the workspace's bot token, sealed in a new Slack integration (or
// the organization's existing one for that workspace, its token replaced). A workspace belongs to one organization.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { connectIntegration, rotateIntegration } from '../manage-integrations';
import { slackIntegrationOfTeam } from './interactions';
import { readToken, signToken } from './tokens';

export const SLACK_SCOPES = ['chat:write', 'chat:write.public', 'links:read', 'links:write'];
const STATE_TTL_MS = 10 * 60_000;

function slackApp() {
  const clientId = process.env.SLACK_CLIENT_ID?.trim();
  const clientSecret = process.env.SLACK_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret)
    throw new AppError('SERVICE_UNAVAILABLE', 'Slack is not configured: set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET');
  return { clientId, clientSecret };
}

export const slackRedirectUri = () => `${env.appUrl}/api/integrations/slack/callback`;

export function slackInstallUrl(t: OrgTenant): string {
  const { clientId } = slackApp();
  const state = signToken('slack-install', { o: t.orgId, u: t.userId ?? '' }, STATE_TTL_MS);
  const q = new URLSearchParams({
    client_id: clientId,
    scope: SLACK_SCOPES.join(','),
    redirect_uri: slackRedirectUri(),
    state,
  });
  return `https://slack.com/oauth/v2/authorize?${q}`;
}

/** The callback: the state must be this member's in this organization; then the code is exchanged. */
export async function completeSlackInstall(t: OrgTenant, a: { code: string; state: string }) {
  const state = readToken('slack-install', a.state, 'installation link');
  if (state.o !== t.orgId || state.u !== t.userId)
    throw new AppError('BAD_REQUEST', 'This installation link is not yours');
  const { clientId, clientSecret } = slackApp();
  const { slackClient } = await import('../providers/slack/client');
  const res = await slackClient(null)
    .oauth.v2.access({
      client_id: clientId,
      client_secret: clientSecret,
      code: a.code,
      redirect_uri: slackRedirectUri(),
    })
    .catch((err: { data?: { error?: string } }) => {
      // Slack's own refusal (`{ ok: false, error }`): the code was not good; anything else is ours to report.
      if (err.data?.error) throw new AppError('BAD_REQUEST', `Slack refused the installation: ${err.data.error}`);
      throw err;
    });
  const teamId = res.team?.id;
  const botToken = res.access_token;
  if (!teamId || !botToken) throw new AppError('BAD_REQUEST', 'Slack did not return a workspace and a bot token');
  const existing = await slackIntegrationOfTeam(teamId);
  if (existing && existing.orgId !== t.orgId)
    throw new AppError('CONFLICT', 'This Slack workspace is connected to another organization');
  if (existing) return rotateIntegration(t, existing.id, { secrets: { botToken } });
  const teamName = res.team?.name ?? teamId;
  const taken = await db.integration.count({ where: { orgId: t.orgId, name: `Slack ${teamName}` } });
  return connectIntegration(t, {
    provider: 'slack',
    name: taken ? `Slack ${teamName} (${teamId})` : `Slack ${teamName}`,
    config: { teamId, teamName },
    secrets: { botToken },
  });
}
