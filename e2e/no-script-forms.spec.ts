// #58: the forms that carry a secret work in Chromium with JavaScript turned off, the state of a page whose script
// has not run yet, and no secret ever reaches a URL the browser requests (every request's URL is recorded).
import { expect, test, type Page } from '@playwright/test';
import { latestPasscode } from './support/outbox';
import { PASSWORD, registerUser, uniqueEmail } from './support/accounts';

test.use({ javaScriptEnabled: false });

/** Every URL the page requests, redirects included, in order. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** No recorded URL holds the secret, as typed or encoded. */
function expectNotInAnyUrl(urls: string[], secret: string) {
  const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
  const leaks = urls.filter((u) => forms.some((f) => u.includes(f) || decodeURIComponent(u).includes(secret)));
  expect(leaks).toEqual([]);
}

test('sign in without the script: a wrong password shows the error, the right one signs in', async ({
  page,
  context,
  request,
}, testInfo) => {
  const urls = recordRequests(page);
  // Registered from a separate client: the passcode's sign-in must not land in the page's cookies.
  const { email, password } = await registerUser(request, { verify: true });
  const wrong = 'not my password 42';

  await page.goto('/login?next=%2Fsettings%2Faccount');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(wrong);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(
    `/login?email=${encodeURIComponent(email)}&next=%2Fsettings%2Faccount&refused=credentials`,
  );
  await expect(page.locator('main form').getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect((await context.cookies()).find((c) => c.name === 'session')).toBeUndefined();
  await page.screenshot({ path: testInfo.outputPath('no-script-wrong-password.png') });

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/settings/account');
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expect(page.getByTestId('org-name')).toHaveText("Grace Hopper's organization");
  const session = (await context.cookies()).find((c) => c.name === 'session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  // The browser posted both tries; no request it made carries either password.
  expect(urls.filter((u) => u.endsWith('/api/forms/login'))).toHaveLength(2);
  expectNotInAnyUrl(urls, wrong);
  expectNotInAnyUrl(urls, password);
});

test('sign up and verify without the script: the passcode signs in, no secret in any URL', async ({ page }) => {
  const urls = recordRequests(page);
  const email = uniqueEmail('noscript');

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Nora Script');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/signup?refused=invalid&field=password');
  await expect(page.getByText('Password must be 8 to 128 characters')).toBeVisible();

  await page.getByLabel('Name').fill('Nora Script');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(email)}`);

  await page.getByLabel('Passcode').fill('ZZZZZZ');
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.locator('main form').getByRole('alert')).toHaveText('Invalid or expired passcode');

  const otp = await latestPasscode(email);
  await page.getByLabel('Passcode').fill(otp.toLowerCase());
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('org-name')).toHaveText("Nora Script's organization");

  for (const secret of ['short', PASSWORD, otp, otp.toLowerCase(), 'ZZZZZZ']) expectNotInAnyUrl(urls, secret);
});

test('a password already in an address is taken out before the page shows', async ({ page }) => {
  const urls = recordRequests(page);
  await page.goto('/login?email=a%40example.com&password=leaked-secret');
  await expect(page).toHaveURL('/login?email=a%40example.com');
  await expect(page.getByLabel('Email')).toHaveValue('a@example.com');
  // Only the first request held it (sent before anything could stop it); the page the browser shows does not.
  expect(urls.filter((u) => u.includes('leaked-secret'))).toHaveLength(1);
});

test('the sign-in pages are never cached, framed or named to another origin', async ({ request }) => {
  for (const path of [
    '/login',
    '/signup',
    '/verify',
    '/forgot-password',
    '/reset-password?token=x',
    '/login/two-factor',
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    const h = res.headers();
    expect(h['referrer-policy'], path).toBe('same-origin');
    expect(h['cache-control'], path).toContain('no-store');
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
  // Elsewhere: at most the origin goes to another site.
  expect((await request.get('/api/health')).headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
});
