import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD, registerUser, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  encodeIdentity,
  IDENTITY_COOKIE,
  MOCK_CLIENTS,
  type Exchange,
  type MockIdentity,
} from './support/mock-oauth-server';

const MOCK_URL = process.env.E2E_OAUTH_URL!;

// The database the server uses: DATABASE_URL when the run sets one, else the embedded PostgreSQL
// under the e2e data dir, whose port is the fourth line of its postmaster.pid.
function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pidFile = path.join(process.env.E2E_DATA_DIR!, 'postgres', 'postmaster.pid');
  const port = fs.readFileSync(pidFile, 'utf8').split('\n')[3].trim();
  return `postgresql://postgres:postgres@localhost:${port}/tracker`;
}

let pool: pg.Pool | undefined;
async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  return (await pool.query(text, params)).rows as T[];
}
test.afterAll(async () => {
  await pool?.end();
  pool = undefined;
});

type UserRow = {
  id: string;
  name: string;
  email: string;
  email_verified: Date | null;
  password_hash: string | null;
  org_id: string | null;
};
const usersWithEmail = (email: string) =>
  sql<UserRow>('SELECT id, name, email, email_verified, password_hash, org_id FROM users WHERE email = $1', [
    email.toLowerCase(),
  ]);
const accountsOf = (userId: string) =>
  sql<{
    provider: string;
    provider_account_id: string;
    access_token: string | null;
    refresh_token: string | null;
    id_token: string | null;
  }>(
    'SELECT provider, provider_account_id, access_token, refresh_token, id_token FROM accounts WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
const orgsNamed = (name: string) =>
  sql<{ id: string; plan: string }>('SELECT id, plan FROM organizations WHERE name = $1', [name]);
const sessionsOf = async (userId: string) =>
  (await sql<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]))[0].n;

function identity(over: Partial<MockIdentity> = {}): MockIdentity {
  const tag = crypto.randomBytes(4).toString('hex');
  return {
    id: String(crypto.randomInt(1, 2 ** 31)),
    email: uniqueEmail('oauth'),
    name: `Octo ${tag}`,
    verified: true,
    ...over,
  };
}

/** Picks who the mock provider signs in for this browser context. */
async function chooseIdentity(context: BrowserContext, who: MockIdentity) {
  await context.addCookies([{ name: IDENTITY_COOKIE, value: encodeIdentity(who), url: MOCK_URL }]);
}

async function continueWith(page: Page, provider: 'GitHub' | 'Google') {
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
}

/** The sign-in error on the login page (not Next's route announcer, which also has role=alert). */
const loginError = (page: Page) => page.getByRole('main').getByRole('alert');

async function exchangesFor(email: string): Promise<Exchange[]> {
  const res = await fetch(`${MOCK_URL}/__exchanges?email=${encodeURIComponent(email)}`);
  return (await res.json()) as Exchange[];
}

async function appCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    session: cookies.find((c) => c.name === 'session'),
    nextAuth: cookies.filter((c) => c.name.includes('next-auth')).map((c) => c.name),
  };
}

test('a new user signs in with GitHub: verified, with their own organization and our session cookie', async ({
  page,
  context,
}, testInfo) => {
  const who = identity();
  await chooseIdentity(context, who);
  await continueWith(page, 'GitHub');

  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('org-name')).toHaveText(`${who.name}'s organization`);
  await expect(page.getByTestId('plan-badge')).toHaveText('FREE');
  await page.screenshot({ path: testInfo.outputPath('github-new-user.png'), fullPage: true });

  const { session, nextAuth } = await appCookies(context);
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  expect(nextAuth).toEqual([]); // next-auth keeps no session of its own

  const me = await page.request.get('/api/v1/auth/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).data).toMatchObject({ email: who.email, name: who.name, emailVerified: true });

  const users = await usersWithEmail(who.email);
  expect(users).toHaveLength(1);
  expect(users[0].email_verified).not.toBeNull();
  expect(users[0].password_hash).toBeNull();
  // The provider's tokens are not stored.
  expect(await accountsOf(users[0].id)).toEqual([
    { provider: 'github', provider_account_id: who.id, access_token: null, refresh_token: null, id_token: null },
  ]);
  const orgs = await orgsNamed(`${who.name}'s organization`);
  expect(orgs).toEqual([{ id: users[0].org_id, plan: 'FREE' }]);
  expect(await exchangesFor(who.email)).toEqual([{ provider: 'github', email: who.email, pkce: 'S256' }]);
});

test('a new user signs in with Google; without a name from Google the email local part is used', async ({
  page,
  context,
}) => {
  const local = `g-${crypto.randomBytes(5).toString('hex')}`;
  const who = identity({ email: `${local}@example.com`, name: undefined });
  await chooseIdentity(context, who);
  await continueWith(page, 'Google');

  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('org-name')).toHaveText(`${local}'s organization`);
  expect((await appCookies(context)).nextAuth).toEqual([]);

  const [user] = await usersWithEmail(who.email);
  expect(user).toMatchObject({ name: local, password_hash: null });
  expect(user.email_verified).not.toBeNull();
  expect(await accountsOf(user.id)).toEqual([
    { provider: 'google', provider_account_id: who.id, access_token: null, refresh_token: null, id_token: null },
  ]);
  expect(await orgsNamed(`${local}'s organization`)).toEqual([{ id: user.org_id, plan: 'FREE' }]);
  expect(await exchangesFor(who.email)).toEqual([{ provider: 'google', email: who.email, pkce: 'S256' }]);
});

test('an existing password user signing in with GitHub gets a linked account record, not a second user or organization', async ({
  page,
  context,
  request,
}) => {
  const ownerName = `Grace ${crypto.randomBytes(4).toString('hex')}`;
  const { email } = await registerUser(request, { name: ownerName, verify: true });
  const [before] = await usersWithEmail(email);
  // GitHub reports the address in another case and under another display name.
  const who = identity({ email: email.toUpperCase() });
  await chooseIdentity(context, who);

  await continueWith(page, 'GitHub');
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('org-name')).toHaveText(`${ownerName}'s organization`);

  const users = await usersWithEmail(email);
  expect(users).toHaveLength(1);
  expect(users[0]).toMatchObject({ id: before.id, org_id: before.org_id, name: ownerName });
  expect(users[0].password_hash).not.toBeNull();
  expect((await accountsOf(before.id)).map((a) => [a.provider, a.provider_account_id])).toEqual([['github', who.id]]);
  expect(await orgsNamed(`${ownerName}'s organization`)).toHaveLength(1);
  expect(await orgsNamed(`${who.name}'s organization`)).toHaveLength(0);

  // Both ways in keep working, and signing in with GitHub again adds nothing.
  const login = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveURL('/');
  expect(await accountsOf(before.id)).toHaveLength(1);
  expect(await usersWithEmail(email)).toHaveLength(1);
});

test('a provider email that is not verified is refused with a clear message, and nothing is created or linked', async ({
  page,
  context,
  request,
}, testInfo) => {
  const who = identity({ verified: false });
  await chooseIdentity(context, who);
  await continueWith(page, 'GitHub');

  await expect(page).toHaveURL('/login?error=OAuthEmailUnverified&provider=github');
  await expect(loginError(page)).toHaveText(
    'Your email address is not verified by GitHub. Verify it there, then sign in again.',
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('unverified-email.png') });
  expect(await usersWithEmail(who.email)).toEqual([]);
  expect((await appCookies(context)).session).toBeUndefined();

  // Nor is an unverified provider email linked to the existing account that has it.
  const { email } = await registerUser(request, { verify: true });
  const [user] = await usersWithEmail(email);
  // Verifying the passcode signed the account in once (#38); the refused provider sign-in adds no session.
  const sessionsBefore = await sessionsOf(user.id);
  await chooseIdentity(context, identity({ email, verified: false }));
  await continueWith(page, 'Google');
  await expect(page).toHaveURL('/login?error=OAuthEmailUnverified&provider=google');
  await expect(loginError(page)).toHaveText(
    'Your email address is not verified by Google. Verify it there, then sign in again.',
  );
  expect(await accountsOf(user.id)).toEqual([]);
  expect(await sessionsOf(user.id)).toBe(sessionsBefore);
});

test('a callback whose state does not match the one sent is refused', async ({ page, context }) => {
  const who = identity({ tamperState: true });
  await chooseIdentity(context, who);
  await continueWith(page, 'GitHub');

  // next-auth adds the callbackUrl it would have gone to.
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('error') === 'OAuthCallback');
  await expect(loginError(page)).toHaveText('The sign-in with the provider could not be completed. Please try again.');
  expect(await usersWithEmail(who.email)).toEqual([]);
  expect((await appCookies(context)).session).toBeUndefined();
  // Refused before the code was ever redeemed.
  expect(await exchangesFor(who.email)).toEqual([]);
});

test('logging out after a provider sign-in invalidates the session server-side', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const who = identity();
  await chooseIdentity(context, who);
  await continueWith(page, 'Google');
  await expect(page).toHaveURL('/');
  const { session } = await appCookies(context);
  const [user] = await usersWithEmail(who.email);
  expect(await sessionsOf(user.id)).toBe(1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await sessionsOf(user.id)).toBe(0);

  const api = await playwright.request.newContext({ baseURL });
  const me = await api.get('/api/v1/auth/me', { headers: { cookie: `session=${session!.value}` } });
  expect(me.status()).toBe(401);
  expect((await me.json()).message).toBe('You need to be logged in!');
  await api.dispose();
});

test('the mock token endpoint only redeems a code with the matching PKCE code_verifier', async ({ playwright }) => {
  const who = identity();
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = 'http://localhost/api/auth/callback/github';
  const mock = await playwright.request.newContext({
    baseURL: MOCK_URL,
    extraHTTPHeaders: { cookie: `${IDENTITY_COOKIE}=${encodeIdentity(who)}` },
  });
  const authorize = async () => {
    const params = new URLSearchParams({
      client_id: MOCK_CLIENTS.github.clientId,
      redirect_uri: redirectUri,
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const res = await mock.get(`/github/login/oauth/authorize?${params}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    return new URL(res.headers().location).searchParams.get('code')!;
  };
  const redeem = (code: string, codeVerifier: string) =>
    mock.post('/github/login/oauth/access_token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
        client_id: MOCK_CLIENTS.github.clientId,
        client_secret: MOCK_CLIENTS.github.clientSecret,
      },
    });

  const wrong = await redeem(await authorize(), crypto.randomBytes(32).toString('base64url'));
  expect(wrong.status()).toBe(400);
  expect(await wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
  const right = await redeem(await authorize(), verifier);
  expect(right.status()).toBe(200);
  expect((await right.json()).token_type).toBe('bearer');
  await mock.dispose();
});
