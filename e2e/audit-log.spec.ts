// #48: the audit log page. An admin changes a member's role on the Team page in Chromium and finds the change on the
// audit log (who, from which address, Member → Admin), filters it by area and by person; a MEMBER is told only
// owners and admins see it. Screenshots at 1280 and 390 px.
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerUser, uniqueEmail } from './support/accounts';
import { sidewaysOverflow } from './support/layout';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const rows = (page: Page) => page.getByTestId('audit-entry');
const actions = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-action') ?? ''));
const rowOf = (page: Page, action: string): Locator =>
  page.locator(`[data-testid="audit-entry"][data-action="${action}"]`);

test('an admin changes a member’s role and finds it on the audit log, filtered by area and person', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await registerUser(page.request, { name: 'Audra Auditor', verify: true });
  expect(
    (
      await page.request.post('/api/v1/auth/login', { data: { email: owner.email, password: owner.password } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.post('/api/v1/organization/tokens', { data: { name: 'deploy bot', scopes: ['read'] } })
    ).status(),
  ).toBe(201);

  // A colleague joins from an invite, as a MEMBER.
  const email = uniqueEmail('mel');
  const inv = await page.request.post('/api/v1/organization/invites', { data: { email, role: 'MEMBER' } });
  expect(inv.status()).toBe(201);
  const { url } = ((await inv.json()) as { data: { url: string } }).data;
  const memberContext = await browser.newContext({ baseURL, viewport: PHONE });
  const member = await memberContext.newPage();
  const token = decodeURIComponent(url.split('/invite/')[1]);
  const reg = await member.request.post(`/api/v1/invites/${encodeURIComponent(token)}/register`, {
    data: { name: 'Mel Member', password: PASSWORD },
  });
  expect(reg.status()).toBe(201);

  // A MEMBER is told plainly, and the API refuses them too.
  await member.goto('/settings/audit-log');
  await expect(member.getByTestId('audit-log-forbidden')).toContainText('Only owners and admins can see the audit log');
  await expect(member.getByTestId('audit-log-forbidden')).toContainText('You are a Member');
  expect((await member.request.get('/api/v1/organization/audit-log')).status()).toBe(403);
  expect(await sidewaysOverflow(member)).toBeLessThanOrEqual(0);
  await member.screenshot({ path: screen('audit-log-member-390'), fullPage: true });
  // Nor does their organization menu offer it.
  await member.getByTestId('org-switcher').click();
  const memberMenu = member.getByTestId('org-switcher-menu');
  await expect(memberMenu.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(memberMenu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  // The owner makes them an ADMIN on the Members page, then follows the link to the audit log.
  await page.setViewportSize(DESKTOP);
  await page.goto('/settings/members');
  const row = page.getByTestId('member-row').filter({ hasText: email });
  await row.getByLabel('Role of Mel Member').selectOption('ADMIN');
  await expect(page.getByText('Mel Member is now Admin')).toBeVisible();
  await page.getByRole('link', { name: 'See the audit log' }).click();
  await expect(page).toHaveURL(`${baseURL}/settings/audit-log`);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  // The organization menu leads here too.
  await page.getByTestId('org-switcher').click();
  await expect(page.getByTestId('org-switcher-menu').getByRole('link', { name: 'Audit log' })).toHaveAttribute(
    'href',
    '/settings/audit-log',
  );
  await page.getByTestId('org-switcher').click();

  const change = rowOf(page, 'member.role_changed');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Changed a role');
  await expect(change.getByTestId('audit-actor')).toContainText(owner.email);
  // The address the server saw (the browser's loopback here).
  await expect(change.getByTestId('audit-address')).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  await expect(change.getByTestId('audit-target')).toContainText(email);
  await expect(change.getByTestId('audit-changes')).toHaveText('RoleMember → Admin');
  // Newest first: the role change, the join, the invite, the token (sign-ins are recorded too; not counted here).
  expect((await actions(page)).filter((a) => !a.startsWith('auth.'))).toEqual([
    'member.role_changed',
    'member.joined',
    'member.invited',
    'token.created',
  ]);
  const total = await rows(page).count();
  await expect(rowOf(page, 'member.joined').getByTestId('audit-actor')).toContainText(email);
  await page.screenshot({ path: screen('audit-log-1280'), fullPage: true });

  // By area: API tokens only, then members only.
  const action = page.getByLabel('Action', { exact: true });
  await action.selectOption({ label: 'All API token actions' });
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'token.created')).toContainText('deploy bot');
  await action.selectOption('member');
  await expect(rows(page)).toHaveCount(3);
  expect(await actions(page)).toEqual(['member.role_changed', 'member.joined', 'member.invited']);
  // By person: the member's own join only.
  await page.getByLabel('Who', { exact: true }).fill(email.slice(0, 10));
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'member.joined')).toBeVisible();
  // A day range with nothing in it.
  await page.getByLabel('Who', { exact: true }).fill('');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page.getByText('No entries match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page)).toHaveCount(total);

  // The promoted admin now reads it on a phone; nothing scrolls sideways but the table's own region.
  await member.reload();
  await expect(rowOf(member, 'member.role_changed')).toBeVisible();
  expect(await sidewaysOverflow(member)).toBeLessThanOrEqual(0);
  await member.screenshot({ path: screen('audit-log-390'), fullPage: true });

  // Fifty entries a page, then "Load more".
  for (let i = 0; i < 50; i++)
    expect(
      (
        await page.request.post('/api/v1/organization/tokens', { data: { name: `bot ${i}`, scopes: ['read'] } })
      ).status(),
    ).toBe(201);
  await page.reload();
  await expect(rows(page)).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(page)).toHaveCount(total + 50);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await memberContext.close();
});
