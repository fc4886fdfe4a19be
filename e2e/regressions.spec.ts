import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startWebhookReceiver } from './support/webhook-receiver';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

test('regressions: a REGRESSION rule posting Discord messages, resolve, a new event, the Regressed badge and the delivery in the log; resolve in next release', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const { project, key } = await signInWithProject(page, request, 'Regress shop');
    const send = async (release: string) => {
      const res = await request.post(`/api/v1/ingest/${project.id}/envelope`, {
        headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
        data: {
          exception: {
            type: 'RangeError',
            value: 'Invalid array length',
            stacktrace: { frames: [{ filename: 'https://shop.example/cart.js', function: 'addItem', lineno: 7 }] },
          },
          release,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await send('1.0');

    // The rule, through the form: its errors name fields as people do.
    await page.goto(`/projects/${project.id}/alerts`);
    await page.getByRole('button', { name: 'New alert rule' }).click();
    const form = page.getByRole('form', { name: 'New alert rule' });
    await form.getByLabel('Name').fill('Came back');
    await form.getByRole('radio', { name: /Regression/ }).check();
    await form.getByRole('button', { name: 'Create rule' }).click();
    await expect(form.getByRole('alert')).toHaveText(['Give an email address or a webhook URL (or both)']);
    await form.getByLabel('Webhook URL').fill(receiver.url);
    await form.getByLabel('Webhook format').selectOption({ label: 'Discord webhook' });
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Create rule' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    const rule = page.getByTestId('alert-rule').filter({ hasText: 'Came back' });
    await expect(rule).toContainText('Regression');
    await expect(rule.getByTestId('webhook-format')).toHaveText('Discord webhook');

    // Resolve the issue on its page, then an event brings it back.
    const issues = (
      (await (await page.request.get(`/api/v1/projects/${project.id}/issues`)).json()) as {
        data: { issues: { id: string; title: string }[] };
      }
    ).data.issues;
    expect(issues).toHaveLength(1);
    const issuePage = `/projects/${project.id}/issues/${issues[0].id}`;
    await page.goto(issuePage);
    await expect(page.getByTestId('regressed-badge')).toHaveCount(0);
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Resolved');
    await send('1.0');
    await page.reload();
    await expect(page.getByTestId('regressed-badge')).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Unresolved');
    await expect(page.getByTestId('timeline-entry').and(page.locator('[data-type="REGRESSED"]'))).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screen('issue-regressed'), fullPage: true });
    // The issue list shows the mark too.
    await page.goto(`/projects/${project.id}/issues`);
    await expect(page.getByTestId('issue-row').getByTestId('regressed-badge')).toBeVisible();

    // The Discord message arrived, signed, and the delivery is in the rule's log.
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const hook = receiver.received[0];
    expect(receiver.signatureValid(hook, secret)).toBe(true);
    expect(hook.body).toMatchObject({
      content: 'Regression in Regress shop',
      embeds: [
        {
          title: issues[0].title,
          url: expect.stringMatching(new RegExp(`${issuePage}$`)),
          fields: [
            { name: 'Level', value: 'ERROR' },
            { name: 'Project', value: 'Regress shop' },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
    await page.goto(`/projects/${project.id}/alerts`);
    await rule.getByRole('button', { name: 'Delivery log' }).click();
    const logRow = rule.getByTestId('alert-log-row').first();
    await expect(logRow).toContainText('Delivered');
    await expect(logRow).toContainText('webhook');
    await expect(rule.getByTestId('last-triggered')).not.toHaveText('Never');

    // Resolve in next release: 1.0 is the latest, so its events leave the issue resolved; 1.1 brings it back.
    await page.goto(issuePage);
    await page.getByRole('button', { name: 'Resolve in next release' }).click();
    await expect(page.getByTestId('resolved-in-release')).toContainText('1.0');
    await expect(page.getByTestId('status-badge')).toHaveText('Resolved');
    await expect(page.getByTestId('regressed-badge')).toHaveCount(0);
    await send('1.0');
    await page.reload();
    await expect(page.getByTestId('status-badge')).toHaveText('Resolved');
    await send('1.1');
    await page.reload();
    await expect(page.getByTestId('status-badge')).toHaveText('Unresolved');
    await expect(page.getByTestId('regressed-badge')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
  } finally {
    await receiver.close();
  }
});
