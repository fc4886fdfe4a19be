import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fakeSlack } from '../tests/support/fake-chat/slack';

// The Slack app (#64) in Chromium: a Slack message's Resolve pressed (the interaction payload Slack would POST,
// signed with the app's signing secret) by a Slack user not yet linked gets them a link; the member opens it
// signed in and links their Slack user; pressed again, the issue is resolved with that member as its actor.

const SIGNING = 'e2e-slack-signing-secret';

test('press Resolve on a Slack message: linked first, then the issue page shows it resolved by the member', async ({
  page,
}) => {
  const team = `T${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const slack = await fakeSlack({
    clientId: 'unused',
    clientSecret: 'unused',
    code: 'unused',
    team: { id: team, name: 'E2E' },
    botToken: 'xoxb-e2e',
  });
  try {
    const { project, key } = await signInWithProject(page, page.request, 'Slack shop');
    const sent = await page.request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
      data: {
        exception: {
          type: 'TypeError',
          value: 'basket is undefined',
          stacktrace: { frames: [{ filename: 'src/basket.js', lineno: 7, function: 'total', in_app: true }] },
        },
      },
    });
    expect(sent.status()).toBe(200);
    const [issue] = (await (await page.request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues;
    const connected = await page.request.post('/api/v1/organization/integrations', {
      data: {
        provider: 'slack',
        config: { teamId: team, channel: '#alerts', apiUrl: slack.apiUrl },
        secrets: { botToken: 'xoxb-e2e' },
      },
    });
    expect(connected.status()).toBe(201);

    const press = async () => {
      const body = `payload=${encodeURIComponent(
        JSON.stringify({
          type: 'block_actions',
          team: { id: team },
          user: { id: 'U0GRACE', username: 'grace' },
          channel: { id: 'C0ALERTS' },
          message: { ts: '1700000001.000100' },
          actions: [{ type: 'button', action_id: 'issue_resolve', value: issue.id }],
        }),
      )}`;
      const ts = String(Math.floor(Date.now() / 1000));
      const sig = `v0=${crypto.createHmac('sha256', SIGNING).update(`v0:${ts}:${body}`).digest('hex')}`;
      const res = await page.request.post('/api/integrations/slack/interactions', {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-slack-request-timestamp': ts,
          'x-slack-signature': sig,
        },
        data: body,
      });
      expect(res.status()).toBe(200);
      return (await res.json()).message as string;
    };

    expect(await press()).toBe('Link your Slack account first');
    await expect.poll(() => slack.of('chat.postEphemeral').length, { timeout: 20_000 }).toBe(1);
    const link = /<([^|>]+)\|link your account>/.exec(String(slack.of('chat.postEphemeral')[0].args.text))![1];
    await page.goto(link);
    await expect(page.getByTestId('slack-link-summary')).toContainText('U0GRACE');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Link my Slack account' }).click();
    await expect(page.getByTestId('slack-linked')).toBeVisible();

    expect(await press()).toBe('Resolved by Slack shop owner');
    await page.goto(`/projects/${project.id}/issues/${issue.id}`);
    await expect(page.getByTestId('status-badge').first()).toHaveText('Resolved');
    await expect(page.getByTestId('timeline')).toContainText('Slack shop owner marked it resolved');
    await expect.poll(() => slack.of('chat.update').length, { timeout: 20_000 }).toBe(1);
    expect(JSON.stringify(slack.of('chat.update')[0].args.blocks)).toContain('Resolved by Slack shop owner');
  } finally {
    await slack.close();
  }
});
