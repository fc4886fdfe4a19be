import { expect, test } from '@playwright/test';
import { latestPasscode, latestResetLink } from './support/outbox';
import { PASSWORD, registerUser, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

test('sign up, verify (which signs in), see the dashboard, log out', async ({
  page,
  context,
  playwright,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('signup');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Passcode').fill(await latestPasscode(email));
  await page.getByRole('button', { name: 'Verify email' }).click();

  // The passcode signs the person in (#38): no second login.
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('org-name')).toHaveText("Ada Lovelace's organization");
  await expect(page.getByTestId('plan-badge')).toHaveText('FREE');
  await expect(page.getByRole('heading', { name: 'Create your first project' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Issues',
    'Releases',
    'Performance',
    'Insights',
    'Profiling',
    'Logs',
    'Replays',
    'Alerts',
    'Monitors',
    'Feedback',
    'Stats',
    'Settings',
    'Explore',
    'Dashboards',
    'Organization',
  ]);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });

  const session = (await context.cookies()).find((c) => c.name === 'session');
  expect(session?.httpOnly).toBe(true);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');

  const api = await playwright.request.newContext({ baseURL });
  const me = await api.get('/api/v1/auth/me', { headers: { cookie: `session=${session!.value}` } });
  expect(me.status()).toBe(401);
  await api.dispose();

  // Without a cookie the proxy redirects; with the revoked one the dashboard layout does.
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  await context.addCookies([{ name: 'session', value: session!.value, url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL('/login');
});

test('signup shows the field errors the API returns', async ({ page }, testInfo) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Short Password');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page).toHaveURL('/signup');
  await page.screenshot({ path: testInfo.outputPath('signup-errors.png') });
});

test('a wrong password shows the error, and repeated failures are refused', async ({ page, request }, testInfo) => {
  const { email } = await registerUser(request, { verify: true });

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('main form').getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
  await page.screenshot({ path: testInfo.outputPath('wrong-password.png') });

  await expect(async () => {
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.locator('main form').getByRole('alert')).toHaveText(/Too many failed login attempts/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
});

test('an unverified login says so and leads to verification with a new code', async ({ page, request }, testInfo) => {
  const { email, password } = await registerUser(request);
  const firstCode = await latestPasscode(email);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('main form').getByRole('alert')).toContainText('Email not verified');
  await page.screenshot({ path: testInfo.outputPath('unverified.png') });

  await page.getByRole('link', { name: 'Verify your email' }).click();
  await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.locator('main form').getByRole('status')).toContainText('a new code is on its way');
  await expect.poll(() => latestPasscode(email)).not.toBe(firstCode);

  await page.getByLabel('Passcode').fill(firstCode);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.locator('main form').getByRole('alert')).toHaveText('Invalid or expired passcode');

  await page.getByLabel('Passcode').fill((await latestPasscode(email)).toLowerCase());
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Create your first project' })).toBeVisible();
});

test('signed-out visitors are sent to /login from dashboard pages only', async ({ request }) => {
  for (const path of ['/', '/issues', '/projects/new']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(307);
    expect(new URL(res.headers().location, 'http://x').pathname, path).toBe('/login');
  }
  const me = await request.get('/api/v1/auth/me', { maxRedirects: 0 });
  expect(me.status()).toBe(401);
  expect((await me.json()).message).toBe('You need to be logged in!');
  for (const path of ['/login', '/signup', '/verify', '/sdk/browser.js']) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
});

test('forgot password: the emailed link sets a new password and the old one stops working', async ({ page }) => {
  const user = await registerUser(page.request, { verify: true });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${user.email} has an account`);

  const link = new URL(await latestResetLink(user.email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('a much better password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/login?reset=1');
  await expect(page.getByText('Your password is changed')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('a much better password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');

  // The link was used up.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('yet another password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Invalid or expired reset link')).toBeVisible();
});
