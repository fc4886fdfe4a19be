import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { startSentryPageServer } from './support/sentry-page';

// #45, a team's first day, in Chromium with the real @sentry/browser: the Stats page shows one kind of item at a
// time (errors first, their month's count the header's "events this month"; nothing summed across kinds), and a
// browser trace shows its errors, links its error badge, keeps every duration readable beside its bar, names the
// trace's project in the picker and counts in good English.

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type Project = { id: string; name: string; number: number; keys: { sentryDsn: string; publicKey: string }[] };

// The database the server uses: DATABASE_URL when the run sets one, else the embedded PostgreSQL of the e2e data dir.
function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pidFile = path.join(process.env.E2E_DATA_DIR!, 'postgres', 'postmaster.pid');
  const port = fs.readFileSync(pidFile, 'utf8').split('\n')[3].trim();
  return `postgresql://postgres:postgres@localhost:${port}/tracker`;
}

/** A page of the customer's site with the real SDK (tracing, logs); `body` runs right after init. */
const sitePage = (dsn: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storefront</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'web@1.0.0', environment: 'production', tracesSampleRate: 1,
  enableLogs: true, integrations: [Sentry.browserTracingIntegration()] });
${body}
</script>
</head><body><main><h1>Storefront</h1></main></body></html>`;

/** Opens the page as a visitor, lets the page load's transaction end, flushes the SDK and leaves. */
async function visit(browser: Browser, html: string) {
  const site = await startSentryPageServer({ '/index.html': html });
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.origin}/index.html`);
    // The page load ends after a second without activity; then every buffered item (logs) is sent.
    await visitor.waitForTimeout(2500);
    await visitor.evaluate(() =>
      (window as unknown as { Sentry: { flush(ms: number): Promise<boolean> } }).Sentry.flush(5000),
    );
    await context.close();
  } finally {
    await site.close();
  }
}

async function signUp(page: Page, name: string) {
  await registerUser(page.request, { name: `${name} ${Date.now()}`, verify: true }).then((u) =>
    page.request.post('/api/v1/auth/login', { data: { email: u.email, password: u.password } }),
  );
}

async function createProject(page: Page, name: string): Promise<Project> {
  const res = await page.request.post('/api/v1/projects', { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as Project;
}

/** Whether two boxes share any area. */
const intersects = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every span's duration label: fully shown (not clipped), in "12.3 ms" form, and clear of its bar. */
async function expectReadableDurations(waterfall: Locator) {
  const rows = waterfall.getByTestId('span');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const label = rows.nth(i).getByTestId('span-duration');
    await expect(label).toBeVisible();
    await expect(label).toHaveText(/^\d[\d,]*(\.\d)? ms$/);
    const clipped = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 0.5);
    expect(clipped, `duration of span ${i} clipped`).toBe(false);
    const labelBox = (await label.boundingBox())!;
    const barBox = (await rows.nth(i).getByTestId('span-bar').boundingBox())!;
    expect(intersects(labelBox, barBox), `bar of span ${i} covers its duration`).toBe(false);
  }
}

type Stats = {
  categories: { category: string; totals: Record<string, number> }[];
  month: { accepted: Record<string, number> };
};

test('Stats: one chart per kind of item, errors first, their month matching the header', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUp(page, 'Stats newcomer');
  const project = await createProject(page, 'Storefront');
  // A page load with its spans, a session, two errors and a warning message, two log lines and one feedback.
  await visit(
    browser,
    sitePage(
      project.keys[0].sentryDsn,
      `Sentry.captureException(new Error('Cart total is NaN'));
Sentry.captureException(new TypeError('price is undefined'));
Sentry.captureMessage('Coupon expired', 'warning');
Sentry.logger.info('Cart opened');
Sentry.logger.warn('Coupon rejected');
Sentry.captureFeedback({ message: 'The pay button does nothing', name: 'Ada', email: 'ada@example.com' });`,
    ),
  );
  // And one error refused as invalid (no exception.value): an error, but not one that counts.
  const key = project.keys[0].publicKey;
  const invalid = await page.request.post(`/api/v1/ingest/${project.id}/envelope`, {
    headers: { 'x-ingest-auth': `ingest_key=${key}` },
    data: { exception: { type: 'TypeError', stacktrace: { frames: [{ filename: 'app.js', lineno: 1 }] } } },
  });
  expect(invalid.status()).toBe(400);

  const stats = async () =>
    (await (await page.request.get(`/api/v1/projects/${project.id}/stats`)).json()).data as Stats;
  const accepted = (s: Stats, c: string) => s.categories.find((x) => x.category === c)?.totals.accepted ?? 0;
  await expect
    .poll(
      async () => {
        const s = await stats();
        return ['error', 'transaction', 'log_item', 'feedback'].map((c) => accepted(s, c));
      },
      { timeout: 30_000 },
    )
    .toEqual([3, 1, 2, 1]);
  const s = await stats();
  expect(accepted(s, 'span')).toBeGreaterThan(0);
  expect(accepted(s, 'session')).toBeGreaterThan(0);
  expect(s.month.accepted.error).toBe(3);
  const usage = (await (await page.request.get('/api/v1/usage')).json()).data as { used: number };
  expect(usage.used).toBe(3);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/projects/${project.id}/stats`);
  await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible();
  const categories = page.locator('[data-testid^="category-"]');
  // Errors come first, and hold this month's count against the quota: the header's number.
  await expect(categories.first()).toHaveAttribute('data-testid', 'category-error');
  const errors = page.getByTestId('category-error');
  await expect(errors.getByRole('heading', { name: 'Errors' })).toBeVisible();
  await expect(errors.getByTestId('total-accepted')).toHaveText('3');
  await expect(errors.getByTestId('total-invalid')).toHaveText('1');
  await expect(errors.getByTestId('total-filtered')).toHaveText('0');
  await expect(errors.getByTestId('total-rate_limited')).toHaveText('0');
  const header = page.getByTestId('header-usage-text');
  await expect(header).toHaveText('3 / 10,000 events this month', { timeout: 20_000 });
  await expect(errors.getByTestId('month-errors')).toHaveText('3 events this month');
  // The organization's count in the header's very words.
  await expect(errors.getByTestId('month-organization')).toHaveText((await header.textContent())!);
  await expect(errors.getByTestId('month-quota')).toContainText('on the FREE plan');
  await expect(errors.getByRole('img', { name: 'Errors, last 30 days: accepted 3, invalid 1' })).toBeVisible();

  // Every other kind has its own card and chart, with its own totals; nothing adds them up.
  for (const [category, name, n] of [
    ['transaction', 'Transactions', 1],
    ['span', 'Spans', accepted(s, 'span')],
    ['session', 'Sessions', accepted(s, 'session')],
    ['log_item', 'Logs', 2],
    ['feedback', 'User feedback', 1],
  ] as const) {
    const card = page.getByTestId(`category-${category}`);
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByTestId('total-accepted')).toHaveText(String(n));
    await expect(card.getByRole('img', { name: new RegExp(`^${name}, last 30 days: accepted ${n}\\b`) })).toBeVisible();
  }
  const shown = s.categories.length;
  expect(shown).toBeGreaterThanOrEqual(6);
  await expect(page.getByTestId('total-accepted')).toHaveCount(shown);
  await expect(page.locator('[data-testid^="category-"]:not([data-empty]) [data-testid="total-accepted"]')).toHaveCount(
    shown,
  );
  // What never came is one line each, without a chart.
  for (const [category, name] of [
    ['attachment', 'Attachments'],
    ['monitor', 'Cron check-ins'],
    ['replay', 'Replay segments'],
  ]) {
    const line = page.getByTestId(`category-${category}`);
    await expect(line).toHaveText(`${name}: nothing received in the last 30 days.`);
    await expect(line.getByRole('img')).toHaveCount(0);
  }
  await expect(page.getByTestId('outcomes-chart')).toHaveCount(shown);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('first-day-stats-1280'), fullPage: true });

  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page), 'Stats scrolls sideways at 390 px').toBeLessThanOrEqual(0);
  await expect(errors.getByTestId('month-errors')).toBeVisible();
  await page.screenshot({ path: screen('first-day-stats-390'), fullPage: true });

  // The organization's page follows the same rule.
  await page.setViewportSize(DESKTOP);
  await page.goto('/settings/stats?days=7');
  await expect(categories.first()).toHaveAttribute('data-testid', 'category-error');
  await expect(errors.getByTestId('total-accepted')).toHaveText('3');
  await expect(header).toHaveText('3 / 10,000 events this month', { timeout: 20_000 });
  await expect(errors.getByTestId('month-errors')).toHaveText((await header.textContent())!);
  await expect(errors.getByTestId('month-organization')).toHaveCount(0);
  await expect(errors.getByRole('img', { name: 'Errors, last 7 days: accepted 3, invalid 1' })).toBeVisible();
  await expect(page.getByTestId('category-transaction').getByTestId('total-accepted')).toHaveText('1');
  await expect(page.getByTestId('category-attachment')).toHaveText('Attachments: nothing received in the last 7 days.');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('first-day-stats-org-1280'), fullPage: true });
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page), 'organization Stats scrolls sideways at 390 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('first-day-stats-org-390'), fullPage: true });
});

test('a browser trace: its Errors panel, a linked error badge, readable durations, its project picked, good plurals', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, 'Trace newcomer');
  // Two projects; the trace is the second's, so "the first project" would name the wrong one.
  const backoffice = await createProject(page, 'Backoffice');
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
  try {
    await pool.query(`UPDATE organizations SET plan = 'PRO' WHERE id = (SELECT org_id FROM projects WHERE id = $1)`, [
      backoffice.id,
    ]);
  } finally {
    await pool.end();
  }
  const storefront = await createProject(page, 'Storefront');
  await visit(
    browser,
    sitePage(
      storefront.keys[0].sentryDsn,
      `Sentry.logger.info('Checkout page shown');
Sentry.captureException(new Error('Payment widget failed to load'));`,
    ),
  );

  type Issue = { id: string; title: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/projects/${storefront.id}/issues`)).json()).data.issues as Issue[])
          .length,
      { timeout: 30_000 },
    )
    .toBe(1);
  const issue = (
    (await (await page.request.get(`/api/v1/projects/${storefront.id}/issues`)).json()).data.issues as Issue[]
  )[0];
  const event = (await (await page.request.get(`/api/v1/projects/${storefront.id}/issues/${issue.id}`)).json()).data
    .events[0] as { id: string; contexts: { trace: { trace_id: string; span_id: string } } };
  const traceId = event.contexts.trace.trace_id;
  const eventPath = `/projects/${storefront.id}/issues/${issue.id}/events/${event.id}`;
  type Trace = {
    spans: { op: string; spanId: string }[];
    transactions: unknown[];
    errors: unknown[];
    logCount: number;
  };
  await expect
    .poll(
      async () => {
        const t = (await (await page.request.get(`/api/v1/organization/traces/${traceId}`)).json()).data as
          Trace | undefined;
        return t ? [t.spans.some((x) => x.op === 'pageload'), t.transactions.length, t.errors.length, t.logCount] : [];
      },
      { timeout: 30_000 },
    )
    .toEqual([true, 1, 1, 1]);
  const trace = (await (await page.request.get(`/api/v1/organization/traces/${traceId}`)).json()).data as Trace;
  // The error happened in the page load: its badge sits on that span.
  expect(trace.spans.find((x) => x.op === 'pageload')!.spanId).toBe(event.contexts.trace.span_id);

  await page.setViewportSize(DESKTOP);
  await page.goto(eventPath);
  await page.getByRole('link', { name: 'View trace' }).click();
  await expect(page).toHaveURL(new RegExp(`/traces/${traceId}$`));
  await expect(page.getByTestId('trace-summary')).toHaveText(
    new RegExp(`^${trace.spans.length} spans? · 1 transaction · 1 error · [\\d,.]+ ms · project Storefront$`),
  );
  // Its log line is a link to the Logs page filtered to the trace (#60), beside the summary.
  await expect(page.getByTestId('trace-logs-link')).toHaveText('1 log line');
  // The picker names the trace's project, and the project tabs lead to it.
  await expect(page.getByTestId('project-switcher')).toHaveText(/Storefront/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' })).toHaveAttribute(
    'href',
    `/projects/${storefront.id}/issues`,
  );

  // The Errors panel: title linked to the event, project, time, the span it happened in.
  const panel = page.getByTestId('trace-errors');
  await expect(panel.getByRole('heading', { name: 'Errors (1)' })).toBeVisible();
  const entry = panel.getByTestId('trace-error');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('link', { name: 'Error: Payment widget failed to load' })).toHaveAttribute(
    'href',
    eventPath,
  );
  await expect(entry.getByTestId('trace-error-project')).toHaveText('Storefront');
  await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(entry.getByRole('button', { name: /^in span pageload / })).toBeVisible();

  // The span's "1 error" badge is a link to that error.
  const waterfall = page.getByTestId('waterfall');
  const pageload = waterfall.locator('[data-op="pageload"]');
  await expect(pageload).toHaveAttribute('data-error', 'true');
  const badge = pageload.getByRole('link', { name: '1 error' });
  await expect(badge).toHaveAttribute('href', eventPath);
  await expectReadableDurations(waterfall);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('first-day-trace-1280'), fullPage: true });

  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page), 'the trace scrolls sideways at 390 px').toBeLessThanOrEqual(0);
  await expectReadableDurations(waterfall);
  await expect(page.getByTestId('project-switcher')).toHaveText(/Storefront/);
  await page.screenshot({ path: screen('first-day-trace-390'), fullPage: true });

  // "in span" opens that span in the waterfall; the badge leads to the error's page.
  await page.setViewportSize(DESKTOP);
  await entry.getByRole('button', { name: /^in span pageload / }).click();
  await expect(pageload.getByRole('button', { expanded: true })).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(page.getByText('Payment widget failed to load').first()).toBeVisible();
});
