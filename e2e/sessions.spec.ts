// #48: signed-in sessions. One person signs in from two browsers (a Mac with Chrome, a Windows PC with Edge); on the
// Security page the first sees both, with "This device" on its own, revokes the second, and the second is sent to
// sign in on its next navigation. "Sign out everywhere else" leaves only this device. Screenshots at 1280 and 390 px.
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { sidewaysOverflow } from './support/layout';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

async function signInFrom(
  browser: Browser,
  baseURL: string | undefined,
  user: { email: string; password: string },
  userAgent: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const rows = (page: Page) => page.getByTestId('session-row');

test('a person revokes another browser’s session from the Security page, and that browser is signed out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await registerUser((await browser.newContext({ baseURL })).request, {
    name: 'Sasha Sessions',
    verify: true,
  });
  const mac = await signInFrom(browser, baseURL, user, MAC_CHROME);
  const pc = await signInFrom(browser, baseURL, user, WINDOWS_EDGE);

  // The header's account menu leads to the Security page (#60: sessions, password and two-factor sign-in).
  await mac.getByRole('button', { name: 'Account: Sasha Sessions' }).click();
  await mac.getByRole('navigation', { name: 'Your settings' }).getByRole('link', { name: 'Security' }).click();
  await expect(mac).toHaveURL('/settings/security');
  await expect(mac.getByRole('heading', { name: 'Sessions' })).toBeVisible();

  const own = rows(mac).filter({ hasText: 'Chrome on macOS' });
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('This device');
  await expect(own).toContainText('Chrome 131 · macOS 10.15.7');
  await expect(own).toContainText('active now');
  await expect(own.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  const edge = rows(mac).filter({ hasText: 'Edge on Windows' });
  await expect(edge).toHaveCount(1);
  await expect(edge).not.toContainText('This device');
  await expect(edge).toContainText('Edge 131 · Windows 10');
  await expect(edge).toContainText(/127\.0\.0\.1|::1/);
  await expect(edge).toContainText(/last seen/);
  // The passcode sign-in of the sign-up is a session too.
  await expect(rows(mac)).toHaveCount(3);
  expect(await sidewaysOverflow(mac)).toBeLessThanOrEqual(0);
  await mac.screenshot({ path: screen('sessions-1280'), fullPage: true });

  // The Windows PC sees the same list from its side.
  await pc.goto('/settings/security');
  await expect(rows(pc).filter({ hasText: 'Edge on Windows' })).toContainText('This device');

  await edge.getByRole('button', { name: /^Revoke Edge on Windows/ }).click();
  await expect(mac.getByTestId('toast')).toContainText('Signed out Edge on Windows');
  await expect(rows(mac).filter({ hasText: 'Edge on Windows' })).toHaveCount(0);
  await expect(rows(mac)).toHaveCount(2);

  // Its next navigation finds no session: sent to sign in, with the way back kept.
  await pc.goto('/settings/organization');
  await expect(pc).toHaveURL(/\/login\?next=%2Fsettings%2Forganization/);
  await expect(pc.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect((await pc.request.get('/api/v1/auth/me')).status()).toBe(401);

  // Sign out everywhere else: only this device is left, and it still works.
  await mac.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(mac.getByTestId('toast').last()).toContainText('Signed out of 1 other session');
  await expect(rows(mac)).toHaveCount(1);
  await expect(rows(mac)).toContainText('This device');
  await expect(mac.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  await mac.reload();
  await expect(rows(mac)).toHaveCount(1);
  await expect(mac.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();

  await mac.setViewportSize(PHONE);
  await expect(mac.getByRole('button', { name: 'Account: Sasha Sessions' })).toBeVisible();
  expect(await sidewaysOverflow(mac)).toBeLessThanOrEqual(0);
  await mac.screenshot({ path: screen('sessions-390'), fullPage: true });
});

test('changing the password on the Security page signs out the other browser and keeps this one', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await registerUser((await browser.newContext({ baseURL })).request, {
    name: 'Pat Password',
    verify: true,
  });
  const mac = await signInFrom(browser, baseURL, user, MAC_CHROME);
  const pc = await signInFrom(browser, baseURL, user, WINDOWS_EDGE);

  await mac.goto('/settings/security');
  await mac.getByLabel('Current password').fill('not the password');
  await mac.getByLabel('New password', { exact: true }).fill('a new long passphrase');
  await mac.getByLabel('New password again').fill('a new long passphrase');
  await mac.getByRole('button', { name: 'Change password' }).click();
  await expect(mac.getByText('Current password is incorrect')).toBeVisible();

  await mac.getByLabel('Current password').fill(user.password);
  await mac.getByRole('button', { name: 'Change password' }).click();
  await expect(mac.getByTestId('toast')).toContainText('Password changed; signed out of 2 other sessions');
  await expect(rows(mac)).toHaveCount(1);

  await pc.goto('/settings/security');
  await expect(pc).toHaveURL(/\/login/);
  await mac.reload();
  await expect(rows(mac)).toContainText('This device');
  await mac.screenshot({ path: screen('sessions-password-1280'), fullPage: true });
});
