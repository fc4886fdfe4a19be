import { expect, test, type BrowserContext } from '@playwright/test';
import { PASSWORD, registerUser, uniqueEmail } from './support/accounts';
import { latestPasscode } from './support/outbox';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { encodeIdentity, IDENTITY_COOKIE } from './support/mock-oauth-server';
import { consoleErrors, error, issuesOf, logInOnPage, ownerWithProject, PHONE, send } from './support/incident';

// #21: the dashboard during an incident. Deep links survive sign-in, onboarding and the usage meter turn
// live, status changes confirm with Undo, and every tab is reachable on a phone; a favicon and page titles.
// (Walking events and folded recursion: incident-events.spec.ts.)

test.describe('flows that keep their place', () => {
  test('an issue link opened signed out returns to the issue after logging in', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const { user, project } = await ownerWithProject(api, 'Deep link shop');
    await send(api, project, error('deep link'));
    const [issue] = await issuesOf(api, project.id);
    const issuePath = `/projects/${project.id}/issues/${issue.id}?eventsPage=1`;

    // The proxy (no cookie at all) carries the page in `next`.
    await page.goto(issuePath);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(issuePath)}`);
    await logInOnPage(page, user.email);
    await expect(page).toHaveURL(issuePath);
    await expect(page.getByTestId('issue-title')).toHaveText('TypeError: deep link');

    // The dashboard layout (a cookie that no longer names a session) does too.
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'session', value: 'expired-or-revoked', url: baseURL! }]);
    await page.goto(issuePath);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(issuePath)}`);
    await logInOnPage(page, user.email);
    await expect(page).toHaveURL(issuePath);
    await expect(page.getByTestId('issue-title')).toBeVisible();
    await api.dispose();
  });

  test('sign-up from a deep link: passcode, then a login form with the email filled in, then the page', async ({
    page,
  }) => {
    const email = uniqueEmail('deeplink');
    await page.goto('/settings/billing');
    await expect(page).toHaveURL('/login?next=%2Fsettings%2Fbilling');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/signup?next=%2Fsettings%2Fbilling');
    await page.getByLabel('Name').fill('Deep Linker');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(email)}&next=%2Fsettings%2Fbilling`);
    await page.getByLabel('Passcode').fill(await latestPasscode(email));
    await page.getByRole('button', { name: 'Verify email' }).click();
    // Verifying signs in and goes on to the deep link.
    await expect(page).toHaveURL('/settings/billing');
    await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
  });

  test('a provider sign-in started from a deep link returns to it', async ({ page, context }) => {
    await setIdentity(context);
    await page.goto('/settings/organization');
    await expect(page).toHaveURL('/login?next=%2Fsettings%2Forganization');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await expect(page).toHaveURL('/settings/organization');
    // Read once: the next sign-in from a plain /login goes home.
    expect((await context.cookies()).find((c) => c.name === 'login_next')).toBeUndefined();
  });

  const UNSAFE = [
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
  ];
  for (const next of UNSAFE) {
    test(`an unsafe next ${JSON.stringify(next)} lands on the dashboard home`, async ({ page, request }) => {
      const user = await registerUser(request, { verify: true });
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await logInOnPage(page, user.email);
      await expect(page).toHaveURL('/');
    });
  }
});

async function setIdentity(context: BrowserContext) {
  const id = String(Math.floor(Math.random() * 2 ** 30) + 1);
  await context.addCookies([
    {
      name: IDENTITY_COOKIE,
      value: encodeIdentity({ id, email: uniqueEmail('oauth-next'), name: 'Octo Next', verified: true }),
      url: process.env.E2E_OAUTH_URL!,
    },
  ]);
}

test('onboarding turns into "First event received" and the usage meter counts it, without a reload', async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  const api = await playwright.request.newContext({ baseURL });
  const { user, project } = await ownerWithProject(api, 'Live onboarding');
  await page.goto('/login');
  await logInOnPage(page, user.email);
  await expect(page).toHaveURL('/');
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { name: 'Send your first event to Live onboarding' })).toBeVisible();
  await expect(page.getByTestId('header-usage-text')).toHaveText(/^0 \/ [\d,]+ events this month$/);

  await send(api, project, error('arrived while watching'));
  const [issue] = await issuesOf(api, project.id);
  // The setup page polls every 3 s until the first issue exists.
  await expect(page.getByRole('heading', { name: 'First event received' })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByTestId('open-first-issue')).toHaveAttribute(
    'href',
    `/projects/${project.id}/issues/${issue.id}`,
  );
  // The header meter refreshes every 15 s (and on focus).
  await expect(page.getByTestId('header-usage-text')).toHaveText(/^1 \/ [\d,]+ events this month$/, {
    timeout: 20_000,
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
  await page.getByTestId('open-first-issue').click();
  await expect(page.getByTestId('issue-title')).toHaveText('TypeError: arrived while watching');
  expect(errors).toEqual([]);
  await api.dispose();
});

test('resolve, ignore and assign on the issue page confirm with a toast, and Undo puts it back', async ({
  page,
  playwright,
  baseURL,
}) => {
  const errors = consoleErrors(page);
  const api = await playwright.request.newContext({ baseURL });
  const { user, project } = await ownerWithProject(api, 'Undo shop');
  await send(api, project, error('undo me'));
  const [issue] = await issuesOf(api, project.id);
  const status = async () =>
    (
      (await (await api.get(`/api/v1/projects/${project.id}/issues/${issue.id}`)).json()) as {
        data: { status: string };
      }
    ).data.status;

  await page.goto(`/projects/${project.id}/issues/${issue.id}`);
  await logInOnPage(page, user.email);
  // Sign-in, then the issue page's first render: generous on a machine shared with other test runs.
  await expect(page.getByTestId('issue-title')).toBeVisible({ timeout: 30_000 });
  // One event: singular.
  await expect(page.getByRole('navigation', { name: 'Event pages' })).toContainText('1 event');
  await expect(page.getByRole('navigation', { name: 'Event pages' })).not.toContainText('1 events');

  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Issue resolved');
  await expect(page.getByRole('button', { name: 'Unresolve' })).toBeVisible();
  expect(await status()).toBe('RESOLVED');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Resolve', exact: true })).toBeVisible();
  await expect.poll(status).toBe('UNRESOLVED');

  await page.getByRole('button', { name: 'Ignore', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Issue ignored' })).toBeVisible();
  await expect.poll(status).toBe('IGNORED');
  await page.getByTestId('toast').filter({ hasText: 'Issue ignored' }).getByRole('button', { name: 'Undo' }).click();
  await expect.poll(status).toBe('UNRESOLVED');

  await page.getByTestId('assignee-picker').selectOption({ label: user.name });
  const assigned = page.getByTestId('toast').filter({ hasText: `Assigned to ${user.name}` });
  await expect(assigned).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
  await assigned.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('assignee-picker')).toHaveValue('');
  const detail = (await (
    await api.get(`/api/v1/projects/${project.id}/issues/${issue.id}?expand=assignee`)
  ).json()) as { data: { assignee: unknown } };
  expect(detail.data.assignee).toBeNull();
  expect(errors).toEqual([]);
  await api.dispose();
});

test('at 375 px every tab is reachable and nothing scrolls sideways; favicon; page titles', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  // Twenty page loads with layout checks and axe.
  test.setTimeout(240_000);
  const errors = consoleErrors(page);
  // The favicon answers signed out.
  for (const path of ['/favicon.ico', '/icon.svg']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toMatch(
      path.endsWith('.ico') ? /image\/(x-icon|vnd\.microsoft\.icon)/ : /image\/svg\+xml/,
    );
  }

  const api = await playwright.request.newContext({ baseURL });
  const { user, project } = await ownerWithProject(api, 'Phone shop');
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in · Tracker');
  await logInOnPage(page, user.email);
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Projects · Tracker');

  const TITLES: [string, string][] = [
    [`/projects/${project.id}/issues`, 'Issues · Phone shop · Tracker'],
    [`/projects/${project.id}/releases`, 'Releases · Phone shop · Tracker'],
    [`/projects/${project.id}/performance`, 'Performance · Phone shop · Tracker'],
    [`/projects/${project.id}/alerts`, 'Alerts · Phone shop · Tracker'],
    [`/projects/${project.id}/stats`, 'Stats · Phone shop · Tracker'],
    [`/projects/${project.id}/monitors`, 'Monitors · Phone shop · Tracker'],
    [`/projects/${project.id}/logs`, 'Logs · Phone shop · Tracker'],
    [`/projects/${project.id}/replays`, 'Replays · Phone shop · Tracker'],
    [`/projects/${project.id}/feedback`, 'Feedback · Phone shop · Tracker'],
    [`/projects/${project.id}/settings`, 'Project settings · Phone shop · Tracker'],
    [`/projects/${project.id}`, 'Set up · Phone shop · Tracker'],
    ['/settings/organization', 'Organization · Tracker'],
    ['/settings/billing', 'Billing · Tracker'],
    ['/explore', 'Explore · Tracker'],
  ];
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [path, title] of TITLES) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(nav.getByRole('link')).toHaveCount(15);
      // One row that scrolls sideways (#60: four wrapped rows took 240 px); the current tab is scrolled into sight.
      expect((await nav.boundingBox())!.height, `the nav on ${path}`).toBeLessThan(60);
      const current = nav.locator('[aria-current="page"]');
      if (await current.count()) {
        const box = (await current.boundingBox())!;
        expect(box.x, `the current tab on ${path}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `the current tab on ${path}`).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await sidewaysOverflow(page), `${path} at 375 px`).toBeLessThanOrEqual(0);
      if (colorScheme === 'dark' || path === '/settings/billing') await expectNoSeriousA11yViolations(page);
    }
  }
  await nav.getByRole('link', { name: 'Organization' }).click();
  await expect(page).toHaveURL('/settings/organization');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL('/settings/billing');
  expect(errors).toEqual([]);
  await api.dispose();
});
