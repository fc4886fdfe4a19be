import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

type Scheme = 'light' | 'dark';
type Seeded = { projectId: string; issueId: string; eventId: string };
type Target = { name: string; path: string; ready: (page: Page) => Locator };

const frames = [
  { filename: 'https://shop.example/static/js/checkout.3f9a1c2b.js', function: 'applyCoupon', lineno: 42, colno: 17 },
  { filename: 'https://shop.example/static/js/cart.js', function: 'submitOrder', lineno: 118 },
];

/** A signed-in account whose project has issues of every level, transactions with vitals and an alert rule. */
async function seed(page: Page, request: APIRequestContext, scheme: Scheme): Promise<Seeded> {
  // A name of its own: concurrent sign-ups with one name race for the same organization slug.
  const user = await registerUser(request, { name: `Theme ${scheme} owner`, verify: true });
  expect(
    (await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const created = await page.request.post('/api/v1/projects', { data: { name: `Storefront ${scheme}` } });
  expect(created.status()).toBe(201);
  const project = ((await created.json()) as { data: { id: string; keys: { publicKey: string }[] } }).data;
  const send = async (envelope: object) => {
    const res = await request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'X-Ingest-Auth': `ingest_key=${project.keys[0].publicKey}` },
      data: envelope,
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const breadcrumbs = [{ type: 'click', message: 'button#apply-coupon', timestamp: Date.now() - 1000 }];
  for (const level of ['fatal', 'error', 'warning', 'info', 'debug']) {
    await send({
      level,
      exception: {
        type: `${level[0].toUpperCase()}${level.slice(1)}Error`,
        value: `Something ${level} happened`,
        stacktrace: { frames },
      },
      breadcrumbs,
      tags: { locale: 'en-GB' },
    });
  }
  const now = Date.now();
  const vitals = [
    { lcp: 2000, fcp: 2500, ttfb: 2000, cls: 0.05 },
    { lcp: 2200, fcp: 2500, ttfb: 2000, cls: 0.3 },
  ];
  for (const [i, v] of vitals.entries())
    await send({
      type: 'transaction',
      name: '/checkout',
      duration: 300 + i * 100,
      timestamp: now - 60_000 * (i + 1),
      vitals: v,
    });
  const rule = await page.request.post(`/api/v1/projects/${project.id}/alerts`, {
    data: { name: 'New errors', type: 'NEW_ISSUE', notifyEmail: 'oncall@example.com' },
  });
  expect(rule.status(), await rule.text()).toBe(201);

  const issues = await page.request.get(`/api/v1/projects/${project.id}/issues?level=error`);
  const issueId = ((await issues.json()) as { data: { issues: { id: string }[] } }).data.issues[0].id;
  const events = await page.request.get(`/api/v1/projects/${project.id}/issues/${issueId}/events`);
  const eventId = ((await events.json()) as { data: { events: { id: string }[] } }).data.events[0].id;
  return { projectId: project.id, issueId, eventId };
}

const dashboardPages = ({ projectId, issueId, eventId }: Seeded): Target[] => [
  { name: 'projects', path: '/', ready: (p) => p.getByRole('heading', { name: 'Projects', level: 1 }) },
  { name: 'project-setup', path: `/projects/${projectId}`, ready: (p) => p.getByTestId('sentry-dsn') },
  { name: 'issues', path: `/projects/${projectId}/issues`, ready: (p) => p.getByTestId('issue-row').first() },
  {
    name: 'issue-detail',
    path: `/projects/${projectId}/issues/${issueId}`,
    ready: (p) => p.getByTestId('frame-throw-site'),
  },
  {
    name: 'event',
    path: `/projects/${projectId}/issues/${issueId}/events/${eventId}`,
    ready: (p) => p.getByTestId('frame-throw-site'),
  },
  {
    name: 'performance',
    path: `/projects/${projectId}/performance`,
    ready: (p) => p.getByTestId('vital-lcp').getByTestId('vital-rating'),
  },
  {
    name: 'alerts',
    path: `/projects/${projectId}/alerts`,
    ready: (p) => p.getByText('New errors', { exact: true }).first(),
  },
  { name: 'settings', path: `/projects/${projectId}/settings`, ready: (p) => p.getByTestId('key-sentry-dsn') },
  { name: 'billing', path: '/settings/billing', ready: (p) => p.getByTestId('usage-used') },
  // FREE with its one project: the plan-limit card.
  { name: 'new-project', path: '/projects/new', ready: (p) => p.getByTestId('plan-limit') },
];

const authPages: Target[] = [
  { name: 'login', path: '/login', ready: (p) => p.getByRole('button', { name: 'Log in' }) },
  { name: 'signup', path: '/signup', ready: (p) => p.getByRole('button', { name: 'Create account' }) },
];

/** The relative luminance of <html>'s background: near 1 in light, near 0 in dark. */
const canvasLuminance = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(document.documentElement).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...probe.getImageData(0, 0, 1, 1).data].map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });

/** Axe at desktop width, then at 375 px: no sideways scrolling and axe again (the compact header). */
async function checkPage(page: Page, target: Target, scheme: Scheme, shots: string[]) {
  await page.setViewportSize(DESKTOP);
  await page.goto(target.path);
  await expect(target.ready(page)).toBeVisible();
  const luminance = await canvasLuminance(page);
  if (scheme === 'dark') expect(luminance, `${target.name}: dark canvas`).toBeLessThan(0.05);
  else expect(luminance, `${target.name}: light canvas`).toBeGreaterThan(0.8);
  await expectNoSeriousA11yViolations(page);
  if (shots.includes(target.name)) await page.screenshot({ path: screen(`${scheme}-${target.name}`), fullPage: true });

  await page.setViewportSize(PHONE);
  await expect(target.ready(page)).toBeVisible();
  expect(await sidewaysOverflow(page), `${target.name} at 375 px scrolls sideways`).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  if (shots.includes(`${target.name}-375`))
    await page.screenshot({ path: screen(`${scheme}-${target.name}-375`), fullPage: true });
}

async function checkAuthPages(browser: Browser, baseURL: string, scheme: Scheme) {
  const context = await browser.newContext({ baseURL, colorScheme: scheme });
  try {
    const page = await context.newPage();
    for (const target of authPages) await checkPage(page, target, scheme, scheme === 'dark' ? ['login'] : []);
  } finally {
    await context.close();
  }
}

const SHOTS: Record<Scheme, string[]> = {
  dark: [
    'projects',
    'project-setup',
    'issues',
    'issue-detail',
    'performance',
    'alerts',
    'settings',
    'billing',
    'issues-375',
    'issue-detail-375',
    'settings-375',
  ],
  light: ['issue-detail', 'issues-375'],
};

for (const scheme of ['light', 'dark'] as const) {
  test(`every page in the ${scheme} scheme: no serious axe violation (contrast included), nothing wider than 375 px`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme });
    const seeded = await seed(page, request, scheme);
    for (const target of dashboardPages(seeded)) await checkPage(page, target, scheme, SHOTS[scheme]);
    await checkAuthPages(browser, baseURL!, scheme);
  });
}

test('header usage: plan and events this month, warning from 80 %, danger at the quota; the DSNs for both SDK kinds', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const { projectId } = await seed(page, request, 'dark');
  await page.goto(`/projects/${projectId}/issues`);
  const usage = page.getByTestId('header-usage');
  await expect(usage.getByTestId('plan-badge')).toHaveText('FREE');
  // The seed sends five events (transactions are not counted).
  await expect(usage.getByTestId('header-usage-text')).toHaveText('5 / 10,000 events this month');
  await expect(usage).toHaveAttribute('data-level', 'ok');
  await expect(usage).toHaveAttribute('href', '/settings/billing');

  // The two DSNs of the key: native and Sentry (…/<project number>), each with its own copy button.
  await page.goto(`/projects/${projectId}/settings`);
  const project = (
    (await (await page.request.get(`/api/v1/projects/${projectId}`)).json()) as {
      data: { number: number; keys: { dsn: string; sentryDsn: string }[] };
    }
  ).data;
  await expect(page.getByTestId('key-dsn')).toHaveText(project.keys[0].dsn);
  await expect(page.getByTestId('key-sentry-dsn')).toHaveText(project.keys[0].sentryDsn);
  expect(project.keys[0].sentryDsn).toMatch(new RegExp(`/${project.number}$`));
  await expect(page.getByRole('button', { name: /^Copy Sentry SDK DSN of / })).toBeVisible();

  // Near and at the quota: the usage answer is stubbed, since sending 8,000 events here proves nothing more.
  const real = ((await (await page.request.get('/api/v1/usage')).json()) as { data: Record<string, unknown> }).data;
  for (const [used, level, text] of [
    [8_000, 'warning', '8,000 / 10,000 events this month'],
    [10_000, 'danger', '10,000 / 10,000 events this month'],
  ] as const) {
    await page.unroute('**/api/v1/usage');
    await page.route('**/api/v1/usage', (route) =>
      route.fulfill({ json: { statusCode: 200, status: 'success', data: { ...real, used } } }),
    );
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/projects/${projectId}/issues`);
      await expect(usage).toHaveAttribute('data-level', level);
      await expect(usage.getByTestId('header-usage-text')).toHaveText(text);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
    }
    await page.screenshot({ path: screen(`dark-header-${level}-375`) });
  }
});

test('theme toggle: the choice overrides the system scheme and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const user = await registerUser(page.request, { name: 'Theme toggler', verify: true });
  expect(
    (await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Create your first project' })).toBeVisible();
  expect(await canvasLuminance(page)).toBeGreaterThan(0.8);

  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAccessibleName('Theme: System. Switch to Dark');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await canvasLuminance(page)).toBeLessThan(0.05);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAccessibleName('Theme: Dark. Switch to Light');
  expect(await canvasLuminance(page)).toBeLessThan(0.05);
  await expectNoSeriousA11yViolations(page);

  // Light wins over a dark system, and the third press hands back to the system.
  await page.emulateMedia({ colorScheme: 'dark' });
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await canvasLuminance(page)).toBeGreaterThan(0.8);
  await toggle.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
  expect(await canvasLuminance(page)).toBeLessThan(0.05);
  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});
