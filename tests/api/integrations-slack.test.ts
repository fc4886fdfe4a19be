// The Slack app (#64) through @slack/web-api against Slack's Web API on loopback: the install's code exchange, an
// alert in Block Kit, its buttons' signed interactions acting as the Slack user's linked member (an unlinked user is
// sent a link first), every refusal changing nothing (bad signature, stale timestamp, unknown team, another
// organization's issue), and an issue link unfurled.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { TestClient } from '../support/client';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { inviteAndJoin } from '../support/teams';
import { fakeSlack } from '../support/fake-chat/slack';
import { put, useIntegrationWorkers } from '../support/integrations';
import { waitUntil } from '../support/wait';
import { errorEnvelope, send } from './ingest-helpers';

const SIGNING = 'slack-signing-secret-0123';
Object.assign(process.env, {
  SLACK_CLIENT_ID: '111.222',
  SLACK_CLIENT_SECRET: 'slack-client-secret',
  SLACK_SIGNING_SECRET: SIGNING,
});
const slack = await fakeSlack({
  clientId: '111.222',
  clientSecret: 'slack-client-secret',
  code: 'code-from-slack',
  team: { id: 'T0ACME', name: 'Acme' },
  botToken: 'xoxb-acme-bot',
});
process.env.SLACK_API_URL = slack.apiUrl;
useIntegrationWorkers();
afterAll(() => slack.close());

const hook = new TestClient();
const now = () => Math.floor(Date.now() / 1000);
function signed(path: string, body: string, o: { ts?: number; secret?: string; type?: string } = {}) {
  const ts = String(o.ts ?? now());
  const sig = `v0=${crypto
    .createHmac('sha256', o.secret ?? SIGNING)
    .update(`v0:${ts}:${body}`)
    .digest('hex')}`;
  return hook.post(path, body, {
    headers: {
      'content-type': o.type ?? 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': ts,
      'x-slack-signature': sig,
    },
  });
}
const press = (a: { team: string; user: string; issueId: string; action?: string }) =>
  `payload=${encodeURIComponent(
    JSON.stringify({
      type: 'block_actions',
      team: { id: a.team, domain: 'acme' },
      user: { id: a.user, username: 'ada', team_id: a.team },
      channel: { id: 'C0ALERTS', name: 'alerts' },
      container: { type: 'message', message_ts: '1700000001.000100', channel_id: 'C0ALERTS' },
      message: { ts: '1700000001.000100', type: 'message' },
      actions: [{ type: 'button', action_id: a.action ?? 'issue_resolve', value: a.issueId, block_id: 'b' }],
    }),
  )}`;
const INTERACT = '/api/integrations/slack/interactions';

describe('the Slack app', () => {
  it('installs, alerts in Block Kit, resolves as the linked member, refuses what it must, and unfurls', async () => {
    const owner = await signUp({ name: 'Slack owner' });
    const member = (await inviteAndJoin(owner.client, 'MEMBER')).client;
    expect((await member.get('/api/v1/organization/integrations/slack/install')).status).toBe(403);
    const install = await owner.client.get('/api/v1/organization/integrations/slack/install');
    expect(install.status, install.text).toBe(200);
    const authorize = new URL(install.body.data.url);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('111.222');
    expect(authorize.searchParams.get('scope')).toBe('chat:write,chat:write.public,links:read,links:write');
    const state = authorize.searchParams.get('state')!;
    const q = (code: string, s = state) => `?code=${encodeURIComponent(code)}&state=${encodeURIComponent(s)}`;

    const wrongCode = await owner.client.get(`/api/integrations/slack/callback${q('nope')}`);
    expect([wrongCode.status, wrongCode.body.message]).toEqual([400, 'Slack refused the installation: invalid_code']);
    const forged = await owner.client.get(`/api/integrations/slack/callback${q('code-from-slack', `${state}x`)}`);
    expect([forged.status, forged.body.message]).toEqual([400, 'This installation link is not valid']);
    const back = await owner.client.get(`/api/integrations/slack/callback${q('code-from-slack')}`);
    expect(back.status, back.text).toBe(303);
    expect(back.headers.get('location')).toMatch(/\/settings\/organization\/integrations\?connected=/);
    const exchange = slack.of('oauth.v2.access').at(-1)!;
    expect(exchange.args).toMatchObject({ client_id: '111.222', code: 'code-from-slack' });
    const list = await owner.client.get('/api/v1/organization/integrations');
    const integration = list.body.data.find((i: any) => i.provider === 'slack');
    expect(integration).toMatchObject({ name: 'Slack Acme', config: { teamId: 'T0ACME', teamName: 'Acme' } });
    expect(list.text).not.toContain('xoxb-acme-bot');
    const audit = await db.auditLogEntry.findFirst({
      where: { action: 'integration.connected', targetId: integration.id },
    });
    expect(audit?.changes).toMatchObject({ provider: 'slack', secrets: ['botToken'] });

    // An alert rule sends the new issue to the project's channel with its buttons.
    const project = await createProject(owner.client, 'Slack shop');
    await put(owner.client, `/api/v1/organization/integrations/${integration.id}/projects/${project.id}`, {
      config: { channel: '#alerts' },
    });
    const rule = await owner.client.post(`/api/v1/projects/${project.id}/alerts`, {
      name: 'To Slack',
      type: 'NEW_ISSUE',
      ticketIntegrationId: integration.id,
    });
    expect(rule.status, rule.text).toBe(201);
    const sent = await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: errorEnvelope(),
    });
    expect(sent.status).toBe(200);
    const [issue] = (await owner.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
    await waitUntil(() => slack.of('chat.postMessage').length === 1, 20_000);
    const posted = slack.of('chat.postMessage')[0];
    expect(posted.auth).toBe('Bearer xoxb-acme-bot');
    expect(posted.args.channel).toBe('#alerts');
    const blocks = posted.args.blocks as any[];
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'New issue in Slack shop' } });
    expect(blocks.at(-1).elements.map((e: any) => [e.text.text, e.action_id, e.value])).toEqual([
      ['Resolve', 'issue_resolve', issue.id],
      ['Ignore', 'issue_ignore', issue.id],
      ['Assign to me', 'issue_assign_me', issue.id],
    ]);

    // Another organization with its own workspace.
    const other = await signUp({ name: 'Slack other' });
    const otherSlack = await other.client.post('/api/v1/organization/integrations', {
      provider: 'slack',
      config: { teamId: 'T0OTHER' },
      secrets: { botToken: 'xoxb-other' },
    });
    expect(otherSlack.status, otherSlack.text).toBe(201);
    const unchanged = async () => {
      const i = await db.issue.findUniqueOrThrow({
        where: { id: issue.id },
        select: { status: true, assigneeId: true },
      });
      expect(i).toEqual({ status: 'UNRESOLVED', assigneeId: null });
      expect(await db.issueActivity.count({ where: { issueId: issue.id, type: 'STATUS' } })).toBe(0);
    };
    const body = press({ team: 'T0ACME', user: 'U0ADA', issueId: issue.id });
    const refusals: [Promise<any>, number, string][] = [
      [signed(INTERACT, body, { secret: 'wrong' }), 401, 'Invalid X-Slack-Signature'],
      [signed(INTERACT, body, { ts: now() - 6 * 60 }), 401, 'Request timestamp outside the five-minute window'],
      [
        hook.post(INTERACT, body, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        401,
        'Missing X-Slack-Request-Timestamp',
      ],
      [signed(INTERACT, press({ team: 'T0NOBODY', user: 'U0ADA', issueId: issue.id })), 404, 'Integration not found'],
      [signed(INTERACT, press({ team: 'T0OTHER', user: 'U0ADA', issueId: issue.id })), 404, 'Issue not found'],
    ];
    for (const [res, status, message] of refusals)
      expect([(await res).status, (await res).body.message]).toEqual([status, message]);
    await unchanged();

    // Unlinked: only an ephemeral message with a signed link; nothing changes.
    const unlinked = await signed(INTERACT, body);
    expect([unlinked.status, unlinked.body.message]).toEqual([200, 'Link your Slack account first']);
    await waitUntil(() => slack.of('chat.postEphemeral').length === 1, 20_000);
    const hint = slack.of('chat.postEphemeral')[0].args;
    expect(hint).toMatchObject({ channel: 'C0ALERTS', user: 'U0ADA' });
    await unchanged();
    const token = decodeURIComponent(/token=([^|>]+)/.exec(String(hint.text))![1]);
    expect((await other.client.post('/api/v1/organization/slack/link', { token })).status).toBe(404);
    const linked = await owner.client.post('/api/v1/organization/slack/link', { token });
    expect(linked.status, linked.text).toBe(200);

    // Linked: Resolve acts as the owner, and the message is updated.
    const resolved = await signed(INTERACT, body);
    expect([resolved.status, resolved.body.message]).toEqual([200, 'Resolved by Slack owner']);
    const activity = await db.issueActivity.findFirst({ where: { issueId: issue.id, type: 'STATUS' } });
    expect(activity).toMatchObject({ actorId: owner.user.id, fromStatus: 'UNRESOLVED', toStatus: 'RESOLVED' });
    await waitUntil(() => slack.of('chat.update').length === 1, 20_000);
    const update = slack.of('chat.update')[0].args as any;
    expect([update.channel, update.ts]).toEqual(['C0ALERTS', '1700000001.000100']);
    expect(JSON.stringify(update.blocks)).toContain('Resolved by Slack owner');
    const assigned = await signed(
      INTERACT,
      press({ team: 'T0ACME', user: 'U0ADA', issueId: issue.id, action: 'issue_assign_me' }),
    );
    expect(assigned.body.message).toBe('Assigned to Slack owner');
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).assigneeId).toBe(owner.user.id);

    // Events: the URL check, and an issue link unfurled (another organization's issue link is not).
    const challenge = await signed(
      '/api/integrations/slack/events',
      JSON.stringify({ type: 'url_verification', challenge: 'ch-1' }),
      { type: 'application/json' },
    );
    expect([challenge.status, challenge.body]).toEqual([200, { challenge: 'ch-1' }]);
    const url = `http://localhost:3000/projects/${project.id}/issues/${issue.id}`;
    const event = (team: string) =>
      JSON.stringify({
        type: 'event_callback',
        team_id: team,
        event_id: 'Ev1',
        event: {
          type: 'link_shared',
          channel: 'C0CHAT',
          message_ts: '1700000005.000300',
          links: [{ domain: 'localhost', url }],
        },
      });
    expect(
      (await signed('/api/integrations/slack/events', event('T0OTHER'), { type: 'application/json' })).body.message,
    ).toBe('Unfurling 0');
    const shared = await signed('/api/integrations/slack/events', event('T0ACME'), { type: 'application/json' });
    expect([shared.status, shared.body.message]).toEqual([200, 'Unfurling 1']);
    await waitUntil(() => slack.of('chat.unfurl').length === 1, 20_000);
    const unfurl = slack.of('chat.unfurl')[0].args as any;
    expect([unfurl.channel, unfurl.ts]).toEqual(['C0CHAT', '1700000005.000300']);
    expect(JSON.stringify(unfurl.unfurls[url].blocks)).toContain(issue.title);
    // The delivery log shows what was sent, never the bot token.
    const log = await owner.client.get(`/api/v1/organization/integrations/${integration.id}/deliveries`);
    expect(log.body.data.deliveries.map((d: any) => d.action).sort()).toEqual([
      'alert',
      'slack_ephemeral',
      'slack_unfurl',
      'slack_update',
      'slack_update',
    ]);
    expect(log.text).toContain('chat.postMessage');
    expect(log.text).not.toContain('xoxb-acme-bot');
  }, 120_000);
});
