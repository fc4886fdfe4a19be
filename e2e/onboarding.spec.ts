import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

async function logIn(page: Page, request: APIRequestContext) {
  const { email, password } = await registerUser(request, { name: 'Margaret Hamilton', verify: true });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');
}

const envelope = {
  exception: {
    type: 'Error',
    value: 'from the onboarding spec',
    stacktrace: { frames: [{ filename: 'app.js', function: 'main', lineno: 1 }] },
  },
};

async function ingestStatus(request: APIRequestContext, projectId: string, publicKey: string) {
  const res = await request.post(`/api/v1/ingest/${projectId}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${publicKey}` },
    data: envelope,
  });
  return res.status();
}

test('first-project onboarding shows the DSN and both snippets; FREE explains the project limit', async ({
  page,
  request,
  baseURL,
}) => {
  await logIn(page, request);
  await expect(page.getByRole('heading', { name: 'Create your first project' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The form checks the name with the API's own schema before sending.
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Project name').fill('Docs site');
  await page.getByLabel('Platform').selectOption('go');
  await page.getByRole('button', { name: 'Create project' }).click();

  await expect(page).toHaveURL(/\/projects\/[^/]+$/);
  const projectId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Send your first event to Docs site' })).toBeVisible();
  const dsn = (await page.getByTestId('dsn').textContent())!.trim();
  const host = new URL(baseURL!).host;
  expect(dsn).toMatch(new RegExp(`^http://[A-Za-z0-9_-]+@${host.replace('.', '\\.')}/${projectId}$`));

  const origin = new URL(baseURL!).origin;
  await expect(page.getByTestId('snippet-browser')).toContainText(`<script src="${origin}/sdk/browser.js"></script>`);
  await expect(page.getByTestId('snippet-browser')).toContainText(`Tracker.init({ dsn: '${dsn}' });`);
  const publicKey = new URL(dsn).username;
  await expect(page.getByTestId('snippet-fetch')).toContainText(
    `fetch('${origin}/api/v1/ingest/${projectId}/envelope'`,
  );
  await expect(page.getByTestId('snippet-fetch')).toContainText(`'X-Ingest-Auth': 'ingest_key=${publicKey}'`);
  await expect(page.getByTestId('snippet-curl')).toContainText(`-H 'X-Ingest-Auth: ingest_key=${publicKey}'`);

  // The chosen platform's SDK (#38): install and init with the project's Sentry SDK DSN.
  const sentryDsn = (await page.getByTestId('sentry-dsn').textContent())!.trim();
  await expect(page.getByTestId('platform-setup').getByRole('heading', { level: 2 })).toHaveText('Go: sentry-go');
  await expect(page.getByTestId('snippet-platform-install')).toContainText('go get github.com/getsentry/sentry-go');
  await expect(page.getByTestId('snippet-platform-init')).toContainText(`Dsn:              "${sentryDsn}",`);

  await page.getByRole('button', { name: 'Copy DSN' }).click();
  await expect(page.getByRole('button', { name: 'Copy DSN' })).toHaveText('Copied');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/onboarding-setup.png', fullPage: true });

  // What the snippet says works: the key in the DSN is accepted by ingest.
  expect(await ingestStatus(request, projectId, publicKey)).toBe(200);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Docs site' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/projects.png', fullPage: true });

  await page.getByRole('link', { name: 'New project' }).click();
  await expect(page.getByTestId('plan-limit')).toContainText('Project limit reached for the FREE plan');
  await expect(page.getByRole('link', { name: 'See plans and billing' })).toHaveAttribute('href', '/settings/billing');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organization' }),
  ).toHaveAttribute('href', '/settings/organization');
  await expectNoSeriousA11yViolations(page);
});

test('settings: rename, create / disable / rename / delete a key, delete the project with typed confirmation', async ({
  page,
  request,
}) => {
  await logIn(page, request);
  await page.getByLabel('Project name').fill('Billing API');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/[^/]+$/);
  const projectId = new URL(page.url()).pathname.split('/').pop()!;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`/projects/${projectId}/settings`);
  await expect(page.getByRole('heading', { name: 'Project settings' })).toBeVisible();

  await page.getByLabel('Project name').fill('Billing service');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(page.getByText('Project renamed')).toBeVisible();
  await expect(page.getByTestId('project-switcher')).toContainText('Billing service');

  await page.getByLabel('New key label').fill('Staging');
  await page.getByRole('button', { name: 'Create key' }).click();
  const staging = page.getByTestId('key-row').filter({ has: page.getByRole('heading', { name: 'Staging' }) });
  await expect(staging.getByTestId('key-state')).toHaveText('Enabled');
  const stagingKey = new URL((await staging.getByTestId('key-dsn').textContent())!.trim()).username;
  expect(await ingestStatus(request, projectId, stagingKey)).toBe(200);

  await page.getByRole('button', { name: 'Disable Staging' }).click();
  await expect(staging.getByTestId('key-state')).toHaveText('Disabled');
  expect(await ingestStatus(request, projectId, stagingKey)).toBe(401);
  await page.getByRole('button', { name: 'Enable Staging' }).click();
  await expect(staging.getByTestId('key-state')).toHaveText('Enabled');

  await page.getByRole('button', { name: 'Rename Staging' }).click();
  await page.getByLabel('New label for Staging').fill('Staging EU');
  // Scoped to the key's row: the Privacy card below has its own Save.
  await page
    .getByTestId('key-row')
    .filter({ has: page.getByLabel('New label for Staging') })
    .getByRole('button', { name: 'Save', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Staging EU' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/settings.png', fullPage: true });

  await page.getByRole('button', { name: 'Delete Staging EU' }).click();
  await page.getByRole('button', { name: 'Confirm deleting Staging EU' }).click();
  await expect(page.getByTestId('key-row')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Default' })).toBeVisible();
  expect(await ingestStatus(request, projectId, stagingKey)).toBe(401);

  const remove = page.getByRole('button', { name: 'Delete project' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Type Billing service to confirm').fill('Billing');
  await expect(remove).toBeDisabled();
  await page.getByLabel('Type Billing service to confirm').fill('Billing service');
  await expect(remove).toBeEnabled();
  await remove.click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Create your first project' })).toBeVisible();
  expect((await page.request.get(`/api/v1/projects/${projectId}`)).status()).toBe(404);
});
