import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

const frames = [{ filename: 'app.js', function: 'main', lineno: 1 }];

test('billing without Stripe: FREE plan, the month’s usage after N events, and the not-configured message', async ({
  page,
  request,
}) => {
  // A name of its own: concurrent sign-ups with one name race for the same organization slug.
  const user = await registerUser(request, { name: 'Billing Owner', verify: true });
  expect(
    (await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const created = await page.request.post('/api/v1/projects', { data: { name: 'Billing probe' } });
  const project = ((await created.json()) as { data: { id: string; keys: { publicKey: string }[] } }).data;
  const send = async (envelope: object) => {
    const res = await request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'X-Ingest-Auth': `ingest_key=${project.keys[0].publicKey}` },
      data: envelope,
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  // 7 counted events (3 error + 1 fatal, 2 warning, 1 debug) and 2 transactions, which do not count.
  const levels = ['error', 'error', 'error', 'fatal', 'warning', 'warning', 'debug'];
  for (const [i, level] of levels.entries()) {
    await send({ level, exception: { type: `E${i}`, value: 'x', stacktrace: { frames } } });
  }
  for (const duration of [120, 80]) await send({ type: 'transaction', name: '/', duration, timestamp: Date.now() });

  await page.goto('/settings/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText('FREE');
  await expect(page.getByText('10,000 events a month · 1 project')).toBeVisible();
  await expect(page.getByTestId('usage-used')).toHaveText('7');
  await expect(page.getByTestId('usage-limit')).toHaveText('10,000');
  await expect(page.getByTestId('usage-errors')).toHaveText('4');
  await expect(page.getByTestId('usage-warnings')).toHaveText('2');
  await expect(page.getByTestId('usage-info')).toHaveText('1');
  await expect(page.getByTestId('usage-transactions')).toHaveText('2');
  const bar = page.getByRole('progressbar', { name: 'Events used this month' });
  await expect(bar).toHaveAttribute('aria-valuenow', '7');
  await expect(bar).toHaveAttribute('aria-valuemax', '10000');
  await expect(page.getByTestId('usage-percent')).toHaveText('< 0.1%');

  const notice = page.getByTestId('billing-not-configured');
  await expect(notice).toContainText('Billing is not configured on this server.');
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'])
    await expect(notice).toContainText(name);
  await expect(page.getByRole('button', { name: 'Upgrade to PRO' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  const checkout = await page.request.post('/api/v1/billing/checkout');
  expect(checkout.status()).toBe(503);
  expect(await checkout.json()).toMatchObject({
    statusCode: 503,
    status: 'failed',
    message: 'Billing is not configured',
  });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('billing'), fullPage: true });

  // The pages Stripe Checkout returns to.
  await page.goto('/settings/billing?checkout=cancelled');
  await expect(page.getByRole('status').filter({ hasText: 'Checkout cancelled.' })).toContainText(
    'Nothing was charged',
  );
  await page.goto('/settings/billing?checkout=success');
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toContainText(
    'switches to PRO as soon as Stripe confirms',
  );
  await expect(page.getByTestId('billing-plan')).toHaveText('FREE');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('billing-checkout-success'), fullPage: true });
});

test('billing buttons when Stripe is configured (billing answers stubbed in the browser): Upgrade goes to Checkout, Manage billing errors are shown', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await registerUser(request, { name: 'Stubbed Billing', verify: true });
  expect(
    (await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  // The server has no Stripe keys: only these three answers are stubbed, usage is the real one.
  const envelope = (statusCode: number, message: string, data?: unknown) => ({
    status: statusCode,
    contentType: 'application/json',
    body: JSON.stringify({ statusCode, status: statusCode < 400 ? 'success' : 'failed', message, data }),
  });
  await page.route('**/api/v1/billing', (route) =>
    route.fulfill(
      envelope(200, 'Success', {
        plan: 'FREE',
        configured: true,
        hasCustomer: true,
        limits: { monthlyEvents: 10_000, projects: 1 },
      }),
    ),
  );
  await page.route('**/api/v1/billing/portal', (route) =>
    route.fulfill(envelope(503, 'The payment provider could not be reached; try again')),
  );
  const checkoutRequests: string[] = [];
  await page.route('**/api/v1/billing/checkout', (route) => {
    checkoutRequests.push(route.request().method());
    return route.fulfill(
      envelope(200, 'Checkout session created', { url: `${baseURL}/settings/billing?checkout=cancelled` }),
    );
  });

  await page.goto('/settings/billing');
  await expect(page.getByTestId('billing-plan')).toHaveText('FREE');
  await expect(page.getByTestId('billing-not-configured')).toHaveCount(0);
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The payment provider could not be reached; try again' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Upgrade to PRO' }).click();
  await expect(page).toHaveURL('/settings/billing?checkout=cancelled');
  expect(checkoutRequests).toEqual(['POST']);
  await expect(page.getByRole('status').filter({ hasText: 'Checkout cancelled.' })).toBeVisible();
});
