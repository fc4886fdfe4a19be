// #48: second factors in Chromium. An authenticator app (codes computed here with otplib, as the app would), the
// second step after the password, wrong and replayed codes, one-time recovery codes, a security key through
// Chromium's virtual authenticator, and an organization that requires two-factor sign-in.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { registerUser } from './support/accounts';
import { sidewaysOverflow } from './support/layout';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

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

const step = () => Math.floor(Date.now() / 30_000);
/** Waits into the next 30-second step: a code of a step already used is refused. */
async function nextStep(page: Page, after: number) {
  while (step() <= after) await page.waitForTimeout(500);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Enrols the authenticator app of a signed-in API context; returns the secret and the step its code used. */
async function enrolByApi(request: APIRequestContext) {
  const setup = await request.post('/api/v1/auth/two-factor/totp/setup');
  const { secret } = (await setup.json()).data as { secret: string };
  const used = step();
  const done = await request.post('/api/v1/auth/two-factor/totp', { data: { code: await generate({ secret }) } });
  expect(done.status()).toBe(201);
  return { secret, used };
}

test('authenticator app: enrol, password then code, wrong and replayed codes, recovery codes once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, { name: 'Totp person', verify: true });
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL('/');

  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: screen('two-factor-setup-1280'), fullPage: true });
  const enrolStep = step();
  const enrolCode = await generate({ secret });
  await page.getByLabel('Code from the app').fill(enrolCode);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const shown = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allTextContents()).map((c) => c.trim());
  await expect(page.getByTestId('totp-status')).toContainText('On since');
  await page.screenshot({ path: screen('two-factor-codes-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('two-factor-codes-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByTestId('recovery-remaining')).toHaveText(/^10 of 10 recovery codes left/);

  await logOut(page);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL('/login/two-factor');
  await expect(page.getByText(`Signing in as ${user.email}`)).toBeVisible();
  // A wrong code.
  const wrong = enrolCode === '000000' ? '111111' : '000000';
  await page.getByLabel('Code from your authenticator app').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid two-factor code');
  // The code already used to turn the app on: refused as a replay.
  await page.getByLabel('Code from your authenticator app').fill(enrolCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid two-factor code');
  await expect(page).toHaveURL('/login/two-factor');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('two-factor-sign-in-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The next step's code signs in.
  await nextStep(page, enrolStep);
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('org-name')).toHaveText("Totp person's organization");

  // A recovery code works once.
  let signedIn = true;
  for (const [code, works] of [
    [codes[0], true],
    [codes[0], false],
    [codes[1], true],
  ] as const) {
    if (signedIn) await logOut(page);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL('/login/two-factor');
    await page.getByRole('link', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    signedIn = works;
    if (works) await expect(page).toHaveURL('/');
    else {
      await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid two-factor code');
      await expect(page).toHaveURL('/login/two-factor');
    }
  }
  await page.goto('/settings/security');
  await expect(page.getByTestId('recovery-remaining')).toHaveText(/^8 of 10 recovery codes left/);
});

test('security key: enrol and sign in with Chromium’s virtual authenticator', async ({ page, request }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const user = await registerUser(request, { name: 'Key person', verify: true });
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL('/');
  await page.goto('/settings/security');
  await page.getByLabel('Name').fill('Laptop passkey');
  await page.getByRole('button', { name: 'Add security key or passkey' }).click();
  await expect(page.getByTestId('webauthn-keys')).toContainText('Laptop passkey');
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await page.screenshot({ path: screen('two-factor-key-1280'), fullPage: true });

  await logOut(page);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL('/login/two-factor');
  await page.getByRole('button', { name: 'Use security key or passkey' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('org-name')).toHaveText("Key person's organization");
  // The key's signature counter moved and its last use is shown.
  await page.goto('/settings/security');
  await expect(page.getByTestId('webauthn-keys')).toContainText('last used');
});

test('an organization requiring two-factor sign-in sends a member without a factor to enrol', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  // The OWNER enrols and turns the requirement on.
  const ownerApi = await playwright.request.newContext({ baseURL });
  const owner = await registerUser(ownerApi, { name: 'Strict owner', verify: true });
  await enrolByApi(ownerApi);
  const on = await ownerApi.patch('/api/v1/organization/two-factor', { data: { requireTwoFactor: true } });
  expect(on.status()).toBe(200);
  const [org] = await sql<{ id: string; name: string }>(
    `SELECT o.id, o.name FROM organizations o JOIN users u ON u.org_id = o.id WHERE u.email = $1`,
    [owner.email],
  );

  // A member without a factor, working in that organization.
  const member = await registerUser(request, { name: 'Plain member', verify: true });
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL('/');
  await sql(`INSERT INTO memberships (org_id, user_id, role) SELECT $1, id, 'MEMBER' FROM users WHERE email = $2`, [
    org.id,
    member.email,
  ]);
  await sql(`UPDATE sessions SET active_org_id = $1 WHERE user_id = (SELECT id FROM users WHERE email = $2)`, [
    org.id,
    member.email,
  ]);
  await page.goto('/settings/organization');
  await expect(page).toHaveURL('/settings/security?required=1');
  await expect(page.getByRole('alert').filter({ hasText: 'requires two-factor sign-in' })).toHaveText(
    `${org.name} requires two-factor sign-in. Set up an authenticator app or a security key to continue to the organization.`,
  );
  // The API says the same to this existing session.
  const api = await page.request.get('/api/v1/organization/members');
  expect(api.status()).toBe(403);
  await page.screenshot({ path: screen('two-factor-required-1280'), fullPage: true });

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.goto('/settings/members');
  await expect(page).toHaveURL('/settings/members');
  // The organization's member list, now readable: both people with their roles.
  await expect(page.getByText('Role of Strict owner', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Role of Plain member', { exact: true })).toHaveCount(1);
  expect((await page.request.get('/api/v1/organization/members')).status()).toBe(200);
  await ownerApi.dispose();
});
