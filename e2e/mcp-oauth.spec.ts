// #63: an MCP client's OAuth consent in Chromium, with the page's script off (the consent form posts like the other
// secret-carrying forms): signed out, the authorization request goes through sign-in and back; the person picks read
// and write and allows; the browser lands on the client's loopback redirect URI with the code and state; the code
// exchanged with its PKCE verifier gives tokens; Settings → Security lists the client and revokes it.
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerUser } from './support/accounts';

const REDIRECT = 'http://127.0.0.1:47821/callback';

test('consent without the script, then revoke in Settings → Security', async ({ browser, request }, info) => {
  test.slow();
  const { email, password } = await registerUser(request, { verify: true });
  const registered = await request.post('/oauth/register', {
    data: { client_name: 'E2E agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
  });
  expect(registered.status()).toBe(201);
  const clientId = (await registered.json()).client_id as string;
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const base = new URL(info.project.use.baseURL as string);
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'e2e-state',
    scope: 'read write',
    resource: `${base.origin}/mcp`,
  });

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: base.origin });
  const consent = await noScript.newPage();
  // The client's local listener: the redirect is answered here.
  let landed: URL | undefined;
  await consent.route(`${REDIRECT}**`, (route) => {
    landed = new URL(route.request().url());
    return route.fulfill({ status: 200, body: 'You may close this window.' });
  });
  await consent.goto(`/oauth/authorize?${params}`);
  await expect(consent).toHaveURL(/\/login\?next=/);
  await consent.getByLabel('Email').fill(email);
  await consent.getByLabel('Password').fill(password);
  await consent.getByRole('button', { name: 'Log in' }).click();
  await expect(consent.getByRole('heading', { name: 'Connect E2E agent' })).toBeVisible();
  await consent.getByLabel('Read, and resolve, assign and comment on issues').check();
  await consent.screenshot({ path: info.outputPath('mcp-oauth-consent.png') });
  await consent.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => landed?.searchParams.get('state')).toBe('e2e-state');
  expect(landed!.searchParams.get('iss')).toBe(base.origin);

  const tokens = await request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: clientId,
      code: landed!.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: `${base.origin}/mcp`,
    },
  });
  expect(tokens.status()).toBe(200);
  expect(await tokens.json()).toMatchObject({ token_type: 'Bearer', scope: 'read write' });

  const settings = await browser.newContext({ storageState: await noScript.storageState(), baseURL: base.origin });
  const page2 = await settings.newPage();
  await page2.goto('/settings/security');
  const row = page2.getByTestId('oauth-grant');
  await expect(row).toContainText('E2E agent');
  await expect(row).toContainText('read, write');
  await page2.getByRole('button', { name: /^Revoke E2E agent/ }).click();
  await expect(row).toContainText('revoked');
  await page2.screenshot({ path: info.outputPath('mcp-oauth-revoked.png') });
  await noScript.close();
  await settings.close();
});
