import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fakeGithub, githubIssueWebhook } from '../tests/support/fake-trackers/github';

// Integrations (#64) in Chromium: connect GitHub (a GitHub Enterprise Server on loopback that checks each request
// against GitHub's OpenAPI description), choose the project's repository, create a ticket from the issue page, close
// it there through its signed webhook, and see the issue resolved.

const SECRET = 'whsec-e2e-0123456789';

test('connect GitHub, create a ticket from an issue, close it through its signed webhook: the issue is resolved', async ({
  page,
}) => {
  const github = await fakeGithub({ token: 'ghp_e2e_token' });
  try {
    const { project, key } = await signInWithProject(page, page.request, 'Tickets shop');
    const sent = await page.request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
      data: {
        exception: {
          type: 'TypeError',
          value: 'cart is undefined',
          stacktrace: { frames: [{ filename: 'src/cart/total.js', lineno: 42, function: 'total', in_app: true }] },
        },
      },
    });
    expect(sent.status()).toBe(200);

    await page.goto('/settings/organization/integrations');
    const connect = page.getByRole('form', { name: 'Connect an integration' });
    await connect.getByLabel('Base URL').fill(github.url);
    await connect.getByLabel('Token').fill('ghp_e2e_token');
    await connect.getByLabel('Webhook secret').fill(SECRET);
    await connect.getByRole('button', { name: 'Connect GitHub' }).click();
    const card = page.getByRole('listitem', { name: 'Integration GitHub' });
    await expect(card.getByTestId('webhook-url')).toHaveValue(/\/api\/webhooks\/integrations\/[0-9a-f-]{36}$/);
    const setup = card.getByRole('form', { name: 'Set a project up in GitHub' });
    await setup.getByLabel('Repository').fill('acme/shop');
    await setup.getByRole('button', { name: 'Save project settings' }).click();
    await expect(card.getByTestId('integration-project')).toContainText('Tickets shop → acme/shop');
    await expectNoSeriousA11yViolations(page);
    const webhookUrl = await card.getByTestId('webhook-url').inputValue();

    const [issue] = (await (await page.request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues;
    await page.goto(`/projects/${project.id}/issues/${issue.id}`);
    const tickets = page.getByTestId('issue-tickets');
    await tickets.getByRole('button', { name: 'Create ticket' }).click();
    const link = tickets.getByRole('link', { name: 'acme/shop#1' });
    await expect(link).toBeVisible({ timeout: 20_000 });
    await expect(link).toHaveAttribute('href', `${github.url}/acme/shop/issues/1`);
    await expect(tickets.getByTestId('ticket-state')).toHaveText('Open');
    expect(github.issues[0].title).toBe('TypeError: cart is undefined');
    expect(github.problems).toEqual([]);

    // Closed in GitHub: its webhook, signed as GitHub signs it, resolves the issue here.
    const hook = githubIssueWebhook({ secret: SECRET, action: 'closed', issue: github.issues[0] });
    const res = await page.request.post(webhookUrl, { headers: hook.headers, data: hook.body });
    expect([res.status(), (await res.json()).message]).toEqual([200, 'Issue resolved']);
    await page.reload();
    await expect(page.getByTestId('status-badge').first()).toHaveText('Resolved');
    await expect(page.getByTestId('issue-tickets').getByTestId('ticket-state')).toHaveText('Closed');
    await expectNoSeriousA11yViolations(page);
  } finally {
    await github.close();
  }
});
