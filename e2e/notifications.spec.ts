// Notification settings in the browser (#49): a member turns "Assigned to me" off on Account → Notifications, is
// assigned an issue and gets no email; turns it on again and gets one. The owner adds a Slack notification webhook on
// the project settings page and a comment reaches it. Screenshots at 1280 and 390 px.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../lib/email/outbox';
import { PASSWORD, signInWithProject, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { startWebhookReceiver } from './support/webhook-receiver';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const emails = (to: string, template: string) =>
  readOutbox(process.env.E2E_OUTBOX_DIR!).filter((m) => m.to === to && m.template === template);

async function shots(page: Page, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    if (viewport === PHONE) expect(await sidewaysOverflow(page), `${name} at 390 px`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: path.join('test-results', 'screens', `notifications-${name}-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(DESKTOP);
}

test('a member turns assignment emails off and on; a project notification webhook gets a comment', async ({
  page: owner,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { project, key } = await signInWithProject(owner, owner.request, 'Checkout');
  const ingest = await owner.request.post(`/api/v1/ingest/${project.id}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
    data: {
      exception: {
        type: 'TypeError',
        value: 'cart is undefined',
        stacktrace: { frames: [{ filename: 'https://shop.example/cart.js', function: 'total', lineno: 3 }] },
      },
      level: 'error',
    },
  });
  expect(ingest.status()).toBe(200);
  const issues = await owner.request.get(`/api/v1/projects/${project.id}/issues`);
  const issueId = ((await issues.json()) as { data: { issues: { id: string }[] } }).data.issues[0].id;
  const issuePath = `/api/v1/projects/${project.id}/issues/${issueId}`;

  // A member, signed up from an invite in a browser of their own.
  const memberEmail = uniqueEmail('member');
  const invite = await owner.request.post('/api/v1/organization/invites', {
    data: { email: memberEmail, role: 'MEMBER' },
  });
  expect(invite.status()).toBe(201);
  const token = decodeURIComponent(((await invite.json()) as { data: { url: string } }).data.url.split('/invite/')[1]);
  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  const reg = await member.request.post(`/api/v1/invites/${encodeURIComponent(token)}/register`, {
    data: { name: 'Mo Member', password: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const memberId = ((await reg.json()) as { data: { id: string } }).data.id;
  const assign = async (assigneeId: string | null) =>
    expect((await owner.request.put(`${issuePath}/assignee`, { data: { assigneeId } })).status()).toBe(200);
  const comment = async (body: string) =>
    expect((await owner.request.post(`${issuePath}/comments`, { data: { body } })).status()).toBe(201);

  // The member finds Notifications from the Account page and turns assignment emails off.
  await member.goto('/settings/account');
  await member.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(member.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const assigned = member.getByRole('checkbox', { name: 'Email: Assigned to me or my team' });
  await expect(assigned).toBeChecked();
  await expect(member.getByRole('checkbox', { name: 'Email: New issues in my projects' })).not.toBeChecked();
  await assigned.uncheck();
  await expect(member.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await shots(member, 'settings');
  await member.reload();
  await expect(member.getByRole('checkbox', { name: 'Email: Assigned to me or my team' })).not.toBeChecked();

  // Assigned while off: no email. A comment afterwards (still on) is emailed: its job ran after the assignment's.
  await assign(memberId);
  await comment('Can you take this one?');
  await expect.poll(() => emails(memberEmail, 'issue-commented').length).toBe(1);
  expect(emails(memberEmail, 'issue-assigned')).toHaveLength(0);

  // On again: the next assignment is emailed, once, naming who assigned it.
  await member.getByRole('checkbox', { name: 'Email: Assigned to me or my team' }).check();
  await expect(member.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await assign(null);
  await assign(memberId);
  await expect.poll(() => emails(memberEmail, 'issue-assigned').length).toBe(1);
  expect(emails(memberEmail, 'issue-assigned')[0].data).toMatchObject({
    assignerName: 'Checkout owner',
    projectName: 'Checkout',
    issueTitle: 'TypeError: cart is undefined',
  });

  // A per-project override beats the default: comments off for Checkout only.
  await member.getByLabel('Comments', { exact: true }).selectOption('off');
  await expect(member.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await comment('Any news?');
  await assign(null);
  await assign(memberId);
  await expect.poll(() => emails(memberEmail, 'issue-assigned').length).toBe(2);
  expect(emails(memberEmail, 'issue-commented')).toHaveLength(1);

  // The owner adds a Slack notification webhook on the project settings page; the next comment reaches it.
  const receiver = await startWebhookReceiver();
  try {
    await owner.goto(`/projects/${project.id}/settings`);
    const panel = owner.getByRole('form', { name: 'Add a notification webhook' });
    await panel.getByLabel('Webhook URL').fill(receiver.url);
    await panel.getByLabel('Format').selectOption('slack');
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    await expect(owner.getByText('Webhook added')).toBeVisible();
    await expect(owner.getByRole('list', { name: 'Notification webhooks' })).toContainText(receiver.url);
    await owner.getByRole('heading', { name: 'Notification webhooks' }).scrollIntoViewIfNeeded();
    await shots(owner, 'project-webhook');
    await comment('Deploying the fix.');
    await expect.poll(() => receiver.received.length).toBe(1);
    expect((receiver.received[0].body as { text: string }).text).toBe(
      'Checkout owner commented on an issue in Checkout: TypeError: cart is undefined',
    );
  } finally {
    await receiver.close();
  }

  // The weekly report, one switch for all projects: off, then on again, each kept by the server.
  const weekly = member.getByRole('checkbox', { name: /Email me each project’s weekly report/ });
  await expect(weekly).toBeChecked();
  await weekly.uncheck();
  await expect
    .poll(async () => (await (await member.request.get('/api/v1/account/weekly-report')).json()).data)
    .toEqual({
      enabled: false,
    });
  await member.reload();
  await expect(member.getByRole('checkbox', { name: /Email me each project’s weekly report/ })).not.toBeChecked();
  await member.getByRole('checkbox', { name: /Email me each project’s weekly report/ }).check();
  await expect
    .poll(async () => (await (await member.request.get('/api/v1/account/weekly-report')).json()).data)
    .toEqual({
      enabled: true,
    });
  await memberContext.close();
});
