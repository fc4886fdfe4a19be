import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { latestPasscode } from './support/outbox';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

type Ingest = { projectId: string; publicKey: string };

function envelope(type: string, value: string, fn = 'applyCoupon', extra: Record<string, unknown> = {}) {
  return {
    exception: {
      type,
      value,
      stacktrace: {
        frames: [
          { filename: 'https://shop.example/static/js/checkout.3f9a1c2b.js', function: fn, lineno: 42, colno: 17 },
          { filename: 'https://shop.example/static/js/cart.js', function: 'submitOrder', lineno: 118, colno: 5 },
          { filename: 'https://shop.example/static/js/main.js', function: 'onClick', lineno: 9 },
        ],
      },
    },
    level: 'error',
    ...extra,
  };
}

async function send(request: APIRequestContext, { projectId, publicKey }: Ingest, body: unknown) {
  const res = await request.post(`/api/v1/ingest/${projectId}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${publicKey}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sign up and verify (which signs in) through the pages, as a person does. */
async function signUp(page: Page) {
  const email = uniqueEmail('triage');
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Linus Triage');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify/);
  await page.getByLabel('Passcode').fill(await latestPasscode(email));
  // The passcode signs in.
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL('/');
}

async function createProject(page: Page, name: string): Promise<Ingest> {
  await expect(page.getByRole('heading', { name: 'Create your first project' })).toBeVisible();
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/[^/]+$/);
  const dsn = new URL((await page.getByTestId('dsn').textContent())!.trim());
  return { projectId: dsn.pathname.slice(1), publicKey: dsn.username };
}

const TITLE = "TypeError: Cannot read properties of undefined (reading 'discount')";

test('send events, find the issue, read the throw site, resolve it and see a regression reopen it', async ({
  page,
  request,
}) => {
  await signUp(page);
  const project = await createProject(page, 'storefront');

  const context = {
    tags: { release_channel: 'canary', locale: 'en-GB' },
    user: { id: 'u-1842', email: 'shopper@example.com' },
    request: { url: 'https://shop.example/checkout', method: 'POST', headers: { 'User-Agent': 'Mozilla/5.0' } },
    contexts: { browser: { name: 'Firefox', version: '128.0' }, os: { name: 'Ubuntu', version: '24.04' } },
    breadcrumbs: [
      { type: 'navigation', message: '/cart -> /checkout', timestamp: Date.now() - 5000 },
      { type: 'click', message: 'button#apply-coupon', timestamp: Date.now() - 1000 },
    ],
  };
  await send(
    request,
    project,
    envelope('TypeError', "Cannot read properties of undefined (reading 'discount')", 'applyCoupon', context),
  );
  await send(
    request,
    project,
    envelope('TypeError', "Cannot read properties of undefined (reading 'discount')", 'applyCoupon', context),
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
  await expect(page).toHaveURL(`/projects/${project.projectId}/issues`);
  const row = page.getByTestId('issue-row').filter({ hasText: TITLE });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('event-count')).toHaveText('2');
  await expect(row.locator('time').first()).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  await expect(row.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('link', { name: TITLE }).click();
  await expect(page.getByTestId('issue-title')).toHaveText(TITLE);
  await expect(page.getByTestId('issue-culprit')).toHaveText(
    'https://shop.example/static/js/checkout.3f9a1c2b.js in applyCoupon',
  );
  const throwSite = page.getByTestId('frame-throw-site');
  await expect(throwSite).toHaveAttribute('aria-current', 'true');
  await expect(throwSite).toContainText('Thrown here');
  await expect(throwSite.getByTestId('frame-function')).toHaveText('applyCoupon');
  await expect(throwSite.getByTestId('frame-file')).toHaveText('https://shop.example/static/js/checkout.3f9a1c2b.js');
  await expect(throwSite.getByTestId('frame-line')).toHaveText('42');
  // Innermost first: the throw site, then its callers.
  await expect(page.getByTestId('stack-trace').getByTestId('frame-function')).toHaveText([
    'applyCoupon',
    'submitOrder',
    'onClick',
  ]);
  await expect(page.getByTestId('breadcrumbs')).toContainText('button#apply-coupon');
  // The latest event's own panels (the tag panel beside repeats tag values, as links to the search); its user,
  // browser and URL are in its highlights first, then in their panels.
  const latest = page.getByRole('region', { name: 'Latest event' });
  const highlights = latest.getByTestId('event-highlights');
  const panel = (title: string) =>
    latest.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(latest.getByText('canary')).toBeVisible();
  await expect(highlights.getByText('shopper@example.com')).toBeVisible();
  await expect(panel('User').getByText('shopper@example.com')).toBeVisible();
  // …and each row of the events table names its user.
  await expect(page.getByTestId('event-user')).toHaveText(['shopper@example.com', 'shopper@example.com']);
  await expect(highlights.getByText('Firefox 128.0')).toBeVisible();
  await expect(latest.getByTestId('contexts').getByText('Firefox 128.0')).toBeVisible();
  await expect(highlights.getByText('https://shop.example/checkout', { exact: true })).toBeVisible();
  await expect(panel('Request').getByText('https://shop.example/checkout', { exact: true })).toBeVisible();
  // The facts from the rollups: one user over both events, each tag value's share.
  await expect(page.getByTestId('issue-users')).toHaveText('1');
  const channel = page.locator('[data-testid="tag-card"][data-tag-key="release_channel"]');
  await expect(channel.getByTestId('tag-value')).toHaveText(['canary100%']);
  await expect(channel.getByRole('link', { name: 'canary' })).toHaveAttribute('href', /query=release_channel%3Acanary/);
  await expect(page.getByTestId('events-chart')).toContainText('2 events in the last 14 days');
  await expect(page.getByTestId('event-row')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/issue-detail.png', fullPage: true });

  // At phone width nothing spills sideways: wide tables scroll inside their own box.
  await page.setViewportSize({ width: 375, height: 812 });
  // The chart re-measures after the resize (ResizeObserver): wait for that layout, then hold the same bound.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/screens/issue-detail-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Resolved');

  // The same error again: a regression, so the issue is unresolved again.
  await send(
    request,
    project,
    envelope('TypeError', "Cannot read properties of undefined (reading 'discount')", 'applyCoupon', context),
  );
  await page.reload();
  await expect(page.getByTestId('status-badge')).toHaveText('Unresolved');
  await expect(page.getByTestId('issue-event-count')).toHaveText('3');

  await page
    .getByTestId('event-row')
    .last()
    .getByRole('link', { name: /Open event/ })
    .click();
  await expect(page).toHaveURL(/\/events\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Event' })).toBeVisible();
  await expect(page.getByTestId('frame-throw-site').getByTestId('frame-function')).toHaveText('applyCoupon');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/event.png', fullPage: true });
});

test('keyboard triage with j/k and r, and bulk ignore', async ({ page, request }) => {
  await signUp(page);
  const project = await createProject(page, 'keyboard');
  const types = ['RangeError', 'SyntaxError', 'ReferenceError', 'URIError', 'EvalError'];
  for (const type of types) await send(request, project, envelope(type, `${type} in checkout`, `fn${type}`));

  await page.goto(`/projects/${project.projectId}/issues`);
  const rows = page.getByTestId('issue-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(0)).not.toHaveAttribute('aria-current', 'true');
  const second = (await rows.nth(1).getAttribute('data-issue-id'))!;
  await page.keyboard.press('r');
  // Triage lists unresolved issues: the resolved one leaves the list, and a toast says so (with Undo).
  await expect(page.locator(`[data-issue-id="${second}"]`)).toHaveCount(0);
  await expect(rows).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Resolved 1 issue')).toBeVisible();
  await expect(rows.nth(0).getByTestId('status-badge')).toHaveText('Unresolved');

  // x checks the highlighted row; a click checks another; then one bulk request ignores both.
  await page.keyboard.press('k');
  await page.keyboard.press('x');
  await rows.nth(2).getByRole('checkbox').check();
  await expect(page.getByTestId('checked-count')).toHaveText('2 selected');
  const ignoredIds = [await rows.nth(0).getAttribute('data-issue-id'), await rows.nth(2).getAttribute('data-issue-id')];
  const bulk = page.waitForRequest((r) => r.url().endsWith('/issues/bulk') && r.method() === 'POST');
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Ignore' }).click();
  expect((await bulk).postDataJSON()).toEqual({ ids: ignoredIds, status: 'IGNORED' });
  for (const id of ignoredIds) await expect(page.locator(`[data-issue-id="${id}"]`)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Ignored 2 issues')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screens/issues.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  // The chart re-measures after the resize (ResizeObserver): wait for that layout, then hold the same bound.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/screens/issues-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel('Status').selectOption('IGNORED');
  await expect(page).toHaveURL(/query=is%3Aignored/);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Level').selectOption('FATAL');
  await expect(page.getByRole('heading', { name: 'No issues match these filters' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The URL alone restores the filter, and Enter opens the highlighted issue.
  await page.goto(`/projects/${project.projectId}/issues?status=RESOLVED`);
  await expect(rows).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/projects/${project.projectId}/issues/${second}`);
  await expect(page.getByTestId('status-badge')).toHaveText('Resolved');
});
