import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../lib/email/outbox';
import { PASSWORD, registerUser, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { encodeIdentity, IDENTITY_COOKIE } from './support/mock-oauth-server';
import { sidewaysOverflow } from './support/layout';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const TITLE = "TypeError: Cannot read properties of undefined (reading 'total')";

/** The latest email of `template` to `to`, waiting briefly for the server to write it. */
async function latestEmail(to: string, template: string) {
  let data: Record<string, unknown> = {};
  await expect
    .poll(
      () => {
        const msgs = readOutbox(process.env.E2E_OUTBOX_DIR!).filter((m) => m.to === to && m.template === template);
        data = msgs.at(-1)?.data ?? {};
        return Object.keys(data).length;
      },
      { message: `${template} email to ${to}` },
    )
    .toBeGreaterThan(0);
  return data;
}

/** Axe in both colour schemes, at desktop width and at 375 px (where nothing may scroll sideways). */
async function checkA11y(page: Page, name: string, ready: () => Promise<void>) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await ready();
      if (viewport === PHONE)
        expect(await sidewaysOverflow(page), `${page.url()} at 375 px (${colorScheme})`).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: path.join('test-results', 'screens', `teams-${name}-${colorScheme}-${viewport.width}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);
}

test('an owner invites a colleague by email; the colleague signs up from the link, is assigned an issue, comments and resolves it; the owner sees it all in the timeline', async ({
  page: owner,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The owner: an account with a project and one issue.
  const account = await registerUser(owner.request, { name: 'Olga Owner', verify: true });
  expect(
    (
      await owner.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } })
    ).status(),
  ).toBe(200);
  const created = await owner.request.post('/api/v1/projects', { data: { name: 'Storefront' } });
  const project = ((await created.json()) as { data: { id: string; keys: { publicKey: string }[] } }).data;
  const ingest = await owner.request.post(`/api/v1/ingest/${project.id}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${project.keys[0].publicKey}` },
    data: {
      exception: {
        type: 'TypeError',
        value: "Cannot read properties of undefined (reading 'total')",
        stacktrace: { frames: [{ filename: 'https://shop.example/cart.js', function: 'sum', lineno: 3 }] },
      },
      level: 'error',
    },
  });
  expect(ingest.status()).toBe(200);

  // Invite through the Members page: Organization in the main navigation, then Members in the settings one.
  const colleagueEmail = uniqueEmail('colleague');
  await owner.goto('/');
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organization' }).click();
  await owner.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Members' }).click();
  await expect(owner.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await owner.getByLabel('Email', { exact: true }).fill(colleagueEmail);
  await owner.getByLabel('Role', { exact: true }).selectOption('MEMBER');
  await owner.getByRole('button', { name: 'Send invite' }).click();
  await expect(owner.getByTestId('invite-created')).toContainText(`Invite emailed to ${colleagueEmail}`);
  const link = (await owner.getByTestId('invite-link').textContent())!.trim();
  await expect(owner.getByTestId('invite-row')).toContainText(colleagueEmail);
  await checkA11y(owner, 'team', () => expect(owner.getByTestId('invite-row')).toBeVisible());

  // The colleague, in a browser of their own, opens the emailed link and signs up from it.
  const invite = await latestEmail(colleagueEmail, 'invite');
  expect(invite.url).toBe(link);
  const colleagueContext = await browser.newContext({ baseURL });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(String(invite.url));
  await expect(colleague.getByRole('heading', { name: "Join Olga Owner's organization" })).toBeVisible();
  await checkA11y(colleague, 'invite', () =>
    expect(colleague.getByRole('button', { name: 'Create account and join' })).toBeVisible(),
  );
  await expect(colleague.getByLabel('Email')).toHaveValue(colleagueEmail);
  await colleague.getByLabel('Name').fill('Carl Colleague');
  await colleague.getByLabel('Password').fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Create account and join' }).click();
  await expect(colleague).toHaveURL(`${baseURL}/`);
  await expect(colleague.getByTestId('org-name')).toHaveText("Olga Owner's organization");
  // A MEMBER sees the project but no way to create one.
  await expect(colleague.getByText('Storefront').first()).toBeVisible();
  await expect(colleague.getByRole('link', { name: 'New project' })).toHaveCount(0);

  // The owner assigns the issue to the colleague, who is emailed about it.
  const issues = await owner.request.get(`/api/v1/projects/${project.id}/issues`);
  const issueId = ((await issues.json()) as { data: { issues: { id: string }[] } }).data.issues[0].id;
  await owner.goto(`/projects/${project.id}/issues/${issueId}`);
  await owner.getByLabel('Assignee').selectOption({ label: 'Carl Colleague' });
  await expect(owner.getByTestId('timeline')).toContainText('Olga Owner assigned it to Carl Colleague');
  const assigned = await latestEmail(colleagueEmail, 'issue-assigned');

  // The colleague follows the email's link, sees it in "Assigned to me", comments and resolves it.
  await colleague.goto(`/projects/${project.id}/issues?assignee=me`);
  await expect(colleague.getByTestId('issue-row')).toHaveCount(1);
  await expect(colleague.getByTestId('issue-assignee')).toHaveText('Assigned to Carl Colleague');
  await colleague.goto(String(assigned.issueUrl));
  await expect(colleague.getByTestId('issue-title')).toHaveText(TITLE);
  await colleague
    .getByLabel('Comment', { exact: true })
    .fill('Fixed in https://git.example/shop/pull/7 — totals default to 0 now.');
  await colleague.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(colleague.getByTestId('comment-body')).toContainText('Fixed in');
  await colleague.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(colleague.getByTestId('timeline')).toContainText('Carl Colleague marked it resolved');
  await colleagueContext.close();

  // The owner sees all of it, in order.
  await owner.reload();
  const entries = owner.getByTestId('timeline-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('First seen');
  await expect(entries.nth(1)).toContainText('Olga Owner assigned it to Carl Colleague');
  await expect(entries.nth(2)).toContainText('Carl Colleague commented');
  await expect(entries.nth(2).getByRole('link', { name: 'https://git.example/shop/pull/7' })).toHaveAttribute(
    'href',
    'https://git.example/shop/pull/7',
  );
  await expect(entries.nth(3)).toContainText('Carl Colleague marked it resolved');
  // Only the author may edit a comment: the owner gets no edit controls on it.
  await expect(entries.nth(2).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await checkA11y(owner, 'issue', () => expect(owner.getByTestId('timeline')).toBeVisible());

  // The Members page lists both, with their roles.
  await owner.goto('/settings/members');
  await expect(owner.getByTestId('member-row')).toHaveCount(2);
  await expect(owner.getByTestId('invite-row')).toHaveCount(0);
});

test('a used, revoked or unknown invite link says why on the page', async ({ page, browser, baseURL }) => {
  const account = await registerUser(page.request, { name: 'Rita Revoker', verify: true });
  expect(
    (
      await page.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } })
    ).status(),
  ).toBe(200);
  const res = await page.request.post('/api/v1/organization/invites', {
    data: { email: uniqueEmail('revoked'), role: 'MEMBER' },
  });
  const invite = ((await res.json()) as { data: { id: string; url: string } }).data;
  expect((await page.request.delete(`/api/v1/organization/invites/${invite.id}`)).status()).toBe(200);

  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(invite.url);
  await expect(visitor.getByTestId('invite-problem')).toHaveText('This invite has been revoked.');
  await checkA11y(visitor, 'invite-revoked', () => expect(visitor.getByTestId('invite-problem')).toBeVisible());
  expect((await visitor.goto('/invite/not-a-real-token'))?.status()).toBe(404);
  await expect(visitor.getByTestId('invite-problem')).toHaveText(
    'This invite link is not valid. Check that you copied all of it.',
  );
  await context.close();
});

test('an invitee who signs in with GitHub from the invite page joins the organization, without one of their own', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await registerUser(page.request, { name: 'Gus Gateway', verify: true });
  expect(
    (
      await page.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } })
    ).status(),
  ).toBe(200);
  const email = uniqueEmail('octo');
  const res = await page.request.post('/api/v1/organization/invites', { data: { email, role: 'ADMIN' } });
  const invite = ((await res.json()) as { data: { url: string } }).data;

  const context = await browser.newContext({ baseURL });
  await context.addCookies([
    {
      name: IDENTITY_COOKIE,
      value: encodeIdentity({ id: String(Date.now()), email, name: 'Octo Invitee', verified: true }),
      url: process.env.E2E_OAUTH_URL!,
    },
  ]);
  const invitee = await context.newPage();
  await invitee.goto(invite.url);
  await invitee.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(invitee).toHaveURL(`${baseURL}/`);
  await expect(invitee.getByTestId('org-name')).toHaveText("Gus Gateway's organization");
  const me = (await (await invitee.request.get('/api/v1/auth/me')).json()) as {
    data: { organizations: { name: string; role: string }[] };
  };
  expect(me.data.organizations.map((o) => [o.name, o.role])).toEqual([["Gus Gateway's organization", 'ADMIN']]);
  // The link is spent now.
  await invitee.goto(invite.url);
  await expect(invitee.getByTestId('invite-problem')).toHaveText('This invite has already been used.');
  await context.close();
});

test('an owner creates a team in the browser, adds a member and a project, assigns an issue to it from the issue page and finds it in the list; then renames and deletes it', async ({
  page: owner,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const account = await registerUser(owner.request, { name: 'Tess Teamlead', verify: true });
  expect(
    (
      await owner.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } })
    ).status(),
  ).toBe(200);
  const created = await owner.request.post('/api/v1/projects', { data: { name: 'Checkout' } });
  const project = ((await created.json()) as { data: { id: string; keys: { publicKey: string }[] } }).data;
  expect(
    (
      await owner.request.post(`/api/v1/ingest/${project.id}/envelope`, {
        headers: { 'X-Ingest-Auth': `ingest_key=${project.keys[0].publicKey}` },
        data: {
          exception: {
            type: 'Error',
            value: 'card declined',
            stacktrace: { frames: [{ filename: 'https://shop.example/pay.js', function: 'charge', lineno: 9 }] },
          },
          level: 'error',
        },
      })
    ).status(),
  ).toBe(200);
  // A member to put in the team, signed up from an invite in a browser of their own.
  const memberEmail = uniqueEmail('member');
  const inv = await owner.request.post('/api/v1/organization/invites', {
    data: { email: memberEmail, role: 'MEMBER' },
  });
  const inviteUrl = ((await inv.json()) as { data: { url: string } }).data.url;
  const memberContext = await browser.newContext({ baseURL });
  const token = decodeURIComponent(inviteUrl.split('/invite/')[1]);
  expect(
    (
      await memberContext.request.post(`/api/v1/invites/${encodeURIComponent(token)}/register`, {
        data: { name: 'Mia Member', password: PASSWORD },
      })
    ).status(),
  ).toBe(201);

  // Create the team from the Teams page, one click from any settings page.
  await owner.goto('/settings/organization');
  await owner.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Teams' }).click();
  await expect(owner).toHaveURL('/settings/teams');
  await expect(owner.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(owner.getByTestId('teams-empty')).toBeVisible();
  await owner.getByLabel('Name', { exact: true }).fill('Payments');
  await owner.getByRole('button', { name: 'Create team' }).click();
  const card = owner.getByTestId('team-card').filter({ hasText: 'Payments' });
  await expect(card).toHaveAttribute('data-slug', 'payments');
  await expect(card.getByTestId('team-counts')).toHaveText('0 members · 0 projects');

  await owner.getByLabel('Add a member to Payments').selectOption({ label: `Mia Member (${memberEmail})` });
  await expect(card.getByTestId('team-member')).toHaveText([new RegExp(`Mia Member.*${memberEmail}`)]);
  await owner.getByLabel('Add a project to Payments').selectOption({ label: 'Checkout' });
  await expect(card.getByTestId('team-project')).toHaveText([/Checkout/]);
  await expect(card.getByTestId('team-counts')).toHaveText('1 member · 1 project');
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await owner.setViewportSize(viewport);
    await expect(card).toBeVisible();
    expect(await sidewaysOverflow(owner), `teams page at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(owner);
    await owner.screenshot({
      path: path.join('test-results', 'screens', `teams-page-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await owner.setViewportSize({ width: 1280, height: 900 });

  // Assign the issue to the team from the issue page: the picker offers it as #payments.
  const issues = await owner.request.get(`/api/v1/projects/${project.id}/issues`);
  const issueId = ((await issues.json()) as { data: { issues: { id: string }[] } }).data.issues[0].id;
  await owner.goto(`/projects/${project.id}/issues/${issueId}`);
  await owner.getByLabel('Assignee').selectOption({ label: '#payments' });
  await expect(owner.getByTestId('timeline')).toContainText('Tess Teamlead assigned it to #payments');
  await expect(owner.getByLabel('Assignee')).toHaveValue(/^team:/);

  // The list shows it, and its assignee filter offers the team.
  await owner.goto(`/projects/${project.id}/issues`);
  await expect(owner.getByTestId('issue-assignee')).toHaveText('Assigned to #payments');
  await owner.getByLabel('Assignee').selectOption({ label: '#payments' });
  await expect(owner.getByTestId('issue-row')).toHaveCount(1);
  await owner.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(owner), 'issue list at 390 px').toBeLessThanOrEqual(0);
  await owner.setViewportSize({ width: 1280, height: 900 });

  // The member finds it among their own: assigned to a team they are in.
  const member = await memberContext.newPage();
  await member.goto(`/projects/${project.id}/issues?assignee=me`);
  await expect(member.getByTestId('issue-row')).toHaveCount(1);
  await memberContext.close();

  // Rename (the slug stays), then delete with confirmation: the issue becomes unassigned.
  await owner.goto('/settings/teams');
  await owner.getByRole('button', { name: 'Rename' }).click();
  await owner.getByLabel('New name of Payments').fill('Billing');
  await owner.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByRole('heading', { name: 'Billing', level: 2 })).toBeVisible();
  await expect(owner.getByTestId('team-card')).toHaveAttribute('data-slug', 'payments');
  owner.once('dialog', (d) => void d.accept());
  await owner.getByRole('button', { name: 'Delete team Billing' }).click();
  await expect(owner.getByTestId('teams-empty')).toBeVisible();
  await owner.goto(`/projects/${project.id}/issues`);
  await expect(owner.getByTestId('issue-assignee')).toHaveText('Unassigned');
});
