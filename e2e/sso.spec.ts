import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

// #35 in Chromium against a real OpenID Connect provider (the certified oidc-provider package on loopback, its
// development login and consent pages): a deep link survives the round trip and the new account lands on it; a
// forged state, a replayed authorization code and an unverified email are each refused with a clear page.

/** From the app's login page through the provider's login and consent, as `login`. */
async function signInAtProvider(page: Page, login: string, atProvider: () => Promise<void> = async () => {}) {
  await page.getByRole('button', { name: 'Continue with Company SSO' }).click();
  await page.waitForURL((u) => u.href.startsWith(process.env.E2E_OIDC_URL!));
  await atProvider();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  // The consent page (first grant for this account).
  const consent = page.locator('button[type="submit"]');
  if (page.url().startsWith(process.env.E2E_OIDC_URL!) && (await consent.count()) > 0) await consent.click();
}

/** The app's cookies now (next-auth's state, PKCE and nonce cookies while a sign-in is under way), as a header. */
async function cookieHeader(ctx: BrowserContext, app: string): Promise<string> {
  return (await ctx.cookies(app)).map((c) => `${c.name}=${c.value}`).join('; ');
}

test('OpenID Connect sign-in: deep link kept; wrong state, replayed code and unverified email refused', async ({
  browser,
  baseURL,
}) => {
  // A deep link, signed out: the login page, then the provider, then back to the link.
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const callbacks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/callback/oidc')) callbacks.push(r.url());
  });
  await page.goto('/settings/organization');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expectNoSeriousA11yViolations(page);
  let duringSignIn = '';
  await signInAtProvider(page, 'ada', async () => {
    duringSignIn = await cookieHeader(ctx, baseURL!);
  });
  await expect(page).toHaveURL(/\/settings\/organization$/, { timeout: 20_000 });
  const me = await (await page.request.get('/api/v1/auth/me')).json();
  expect(me.data).toMatchObject({ email: 'ada@sso.example', name: 'Ada SSO' });
  // Her new organization's OWNER, linked to the provider: she may require it of its members.
  const requireSso = page.getByLabel('Require members to sign in with Company SSO');
  await requireSso.check();
  await expect(requireSso).toBeChecked();
  await expect(page.getByText('Your account is linked.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The same authorization code again, with the same cookies: the provider refuses it, the app says so.
  expect(callbacks).toHaveLength(1);
  const replay = await ctx.request.get(callbacks[0], { headers: { cookie: duringSignIn }, maxRedirects: 0 });
  expect(replay.status()).toBe(302);
  expect(replay.headers().location).toMatch(/error=OAuthCallback/);
  await page.goto(replay.headers().location);
  await expect(page).toHaveURL(/\/login\?.*error=OAuthCallback/);
  await expect(page.getByTestId('oauth-sign-in').getByRole('alert')).toHaveText(
    'The sign-in with the provider could not be completed. Please try again.',
  );
  await ctx.close();

  // A state that is not this browser's: a sign-in under way in another browser gets the callback with a forged
  // state, and is refused before any code is exchanged.
  const ctx2 = await browser.newContext();
  const page2 = await ctx2.newPage();
  await page2.goto('/login');
  await page2.getByRole('button', { name: 'Continue with Company SSO' }).click();
  await page2.waitForURL((u) => u.href.startsWith(process.env.E2E_OIDC_URL!));
  const forged = new URL(callbacks[0]);
  forged.searchParams.set('state', 'forged-state');
  const refused = await ctx2.request.get(forged.toString(), {
    headers: { cookie: await cookieHeader(ctx2, baseURL!) },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  await page2.goto(refused.headers().location);
  await expect(page2).toHaveURL(/\/login\?.*error=OAuthCallback/);
  await expect(page2.getByTestId('oauth-sign-in').getByRole('alert')).toHaveText(
    'The sign-in with the provider could not be completed. Please try again.',
  );
  expect((await page2.request.get('/api/v1/auth/me')).status()).toBe(401);
  await ctx2.close();

  // An address the provider does not vouch for: no account, and the reason.
  const ctx3 = await browser.newContext();
  const page3 = await ctx3.newPage();
  await page3.goto('/login');
  await signInAtProvider(page3, 'eve');
  await expect(page3).toHaveURL(/\/login\?error=OAuthEmailUnverified/, { timeout: 20_000 });
  await expect(page3.getByTestId('oauth-sign-in').getByRole('alert')).toHaveText(
    'Your email address is not verified by Company SSO. Verify it there, then sign in again.',
  );
  await expectNoSeriousA11yViolations(page3);
  expect((await page3.request.get('/api/v1/auth/me')).status()).toBe(401);
  await ctx3.close();
});
