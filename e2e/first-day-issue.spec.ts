import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { startSentryPageServer } from './support/sentry-page';

// #45, a newcomer's first day: the real @sentry/browser on a customer's page throws after a fetch, a console warning
// and a breadcrumb of its own. The issue page leads with the event's highlights and the stack trace (its first frame
// in the first 800 px at 1280 px wide; the numbers, chart and tags beside it), the breadcrumbs read as a timeline of
// key: value pairs without the SDK's internal keys (`__span`); at 390 px nothing scrolls sideways and the stack trace
// comes before the chart and tags. Feedback (the widget, the crash-report dialog) names its page and browser.

type Project = { id: string; number: number; keys: { publicKey: string; sentryDsn: string }[] };
type Breadcrumb = { type: string; category?: string; message?: string; data?: Record<string, unknown> };
type StoredEvent = { id: string; breadcrumbs: Breadcrumb[] | null };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

async function projectFor(request: APIRequestContext, name: string): Promise<Project> {
  // Distinct names: concurrent sign-ups with one name race for the same organization slug.
  await registerUser(request, { name: `${name} owner ${Date.now()}`, verify: true });
  const created = await request.post('/api/v1/projects', { data: { name, platform: 'javascript' } });
  expect(created.status()).toBe(201);
  return (await created.json()).data as Project;
}

async function getData<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()).data as T;
}

const top = async (l: Locator) => (await l.boundingBox())!.y;

/** The browser and OS the visitor's User-Agent names (Playwright's desktop Chrome says Windows 10). */
async function visitorAgent(visitor: Page) {
  const ua = await visitor.evaluate(() => navigator.userAgent);
  const chrome = /Chrome\/([\d.]+)/.exec(ua);
  expect(chrome, ua).not.toBeNull();
  expect(ua).toContain('Windows NT 10.0');
  return { browser: `Chrome ${chrome![1]}`, os: 'Windows 10' };
}

const checkout = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({
  dsn: ${JSON.stringify(dsn)},
  release: 'shop@2.1.0',
  environment: 'production',
  tracesSampleRate: 1,
  integrations: [Sentry.browserTracingIntegration()],
});
Sentry.setUser({ id: 'u-42', email: 'ada@example.com' });
</script>
</head><body><main><h1>Checkout</h1><button id="pay" type="button">Pay</button></main>
<script>
function applyCoupon(cart) {
  return cart.coupon.code;
}
document.getElementById('pay').addEventListener('click', function () {
  fetch('/cart.json').then(function (r) { return r.text(); }).then(function () {
    console.warn('cart is slow', 1200);
    Sentry.addBreadcrumb({ category: 'checkout', message: 'Coupon applied', level: 'warning', data: { coupon: 'SPRING', cart: { items: 3, total: 42 } } });
    setTimeout(function () { applyCoupon({}); });
  });
});
</script>
</body></html>`;

test('the issue page leads with the highlights and the stack trace; breadcrumbs read as a timeline', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const project = await projectFor(request, 'First day checkout');
  const site = await startSentryPageServer({
    '/checkout.html': checkout(project.keys[0].sentryDsn),
    '/cart.json': '{"items":3}',
  });
  const pageUrl = `${site.origin}/checkout.html`;
  try {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(pageUrl);
    const agent = await visitorAgent(visitor);
    const sent = visitor.waitForRequest(
      (r) => r.url().includes(`/api/${project.number}/envelope/`) && (r.postData() ?? '').includes('"type":"event"'),
    );
    await visitor.click('#pay');
    await sent;
    await visitor.context().close();

    type Issue = { id: string; title: string };
    await expect
      .poll(async () => (await getData<{ issues: Issue[] }>(request, `/api/v1/projects/${project.id}/issues`)).issues)
      .toHaveLength(1);
    const [issue] = (await getData<{ issues: Issue[] }>(request, `/api/v1/projects/${project.id}/issues`)).issues;
    expect(issue.title).toMatch(/^TypeError: /);
    const [event] = (
      await getData<{ events: StoredEvent[] }>(request, `/api/v1/projects/${project.id}/issues/${issue.id}/events`)
    ).events;
    // What the SDK really sent: a fetch breadcrumb carrying its span id under `__span`, the page must not show it.
    const fetchCrumb = event.breadcrumbs?.find((b) => b.category === 'fetch');
    expect(fetchCrumb?.data).toMatchObject({ method: 'GET', status_code: 200 });
    expect(typeof fetchCrumb?.data?.__span).toBe('string');
    const spanId = fetchCrumb!.data!.__span as string;

    // 1280 × 800: the stack trace's first frame is on the first screen, under the header's triage controls.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/projects/${project.id}/issues/${issue.id}`);
    const throwSite = page.getByTestId('frame-throw-site');
    await expect(throwSite.getByTestId('frame-function')).toHaveText('applyCoupon');
    const firstFrame = await throwSite.boundingBox();
    expect(firstFrame!.y + firstFrame!.height, 'the first frame is visible without scrolling').toBeLessThan(
      DESKTOP.height,
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId('assignee-picker')).toBeVisible();
    expect(await top(page.getByTestId('assignee-picker'))).toBeLessThan(firstFrame!.y);
    expect(await top(page.getByRole('button', { name: 'Resolve', exact: true }))).toBeLessThan(firstFrame!.y);

    // The event's highlights, above the stack trace.
    const highlights = page.getByTestId('event-highlights');
    expect(await top(highlights)).toBeLessThan(firstFrame!.y);
    await expect(highlights.getByTestId('highlight-level')).toHaveText('Error');
    await expect(highlights.getByTestId('highlight-handled')).toHaveText('No');
    await expect(highlights.getByTestId('highlight-environment')).toHaveText('production');
    await expect(highlights.getByTestId('highlight-release')).toHaveText('shop@2.1.0');
    await expect(highlights.getByTestId('highlight-user')).toHaveText('ada@example.com');
    await expect(highlights.getByTestId('highlight-url')).toHaveText(pageUrl);
    await expect(highlights.getByTestId('highlight-browser')).toHaveText(agent.browser);
    await expect(highlights.getByTestId('highlight-os')).toHaveText(agent.os);
    await expect(highlights.getByTestId('highlight-trace').getByRole('link')).toHaveAttribute('href', /^\/traces\//);

    // The issue's numbers, chart and tags: a side column beside the stack trace.
    await expect(page.getByTestId('issue-event-count')).toHaveText('1');
    await expect(page.getByTestId('issue-users')).toHaveText('1');
    const chart = page.getByTestId('events-chart');
    await expect(chart).toContainText('1 events in the last 14 days');
    const trace = (await page.getByTestId('stack-trace').boundingBox())!;
    const chartBox = (await chart.boundingBox())!;
    expect(chartBox.x, 'the chart is beside the stack trace').toBeGreaterThanOrEqual(trace.x + trace.width);
    expect(chartBox.y).toBeLessThan(DESKTOP.height);
    await expect(page.locator('[data-testid="tag-card"][data-tag-key="release"]')).toContainText('shop@2.1.0');
    await page.screenshot({ path: screen('first-day-issue-1280') });

    // Breadcrumbs: time, category, level, message; data as key: value pairs, nothing internal, no JSON dump.
    const crumbs = page.getByTestId('breadcrumbs');
    const fetchRow = crumbs.getByTestId('breadcrumb').filter({ hasText: '/cart.json' });
    await expect(fetchRow).toHaveCount(1);
    await expect(fetchRow).toContainText('fetch');
    await expect(fetchRow.getByTestId('breadcrumb-data')).toContainText('method:GET');
    await expect(fetchRow.getByTestId('breadcrumb-data')).toContainText('status_code:200');
    await expect(fetchRow.getByTestId('breadcrumb-data')).toContainText('url:/cart.json');
    await expect(crumbs).not.toContainText('__span');
    await expect(crumbs).not.toContainText(spanId);
    await expect(crumbs).not.toContainText('{"');
    const mine = crumbs.getByTestId('breadcrumb').filter({ hasText: 'Coupon applied' });
    await expect(mine).toHaveAttribute('data-level', 'warning');
    await expect(mine.getByTestId('breadcrumb-level')).toHaveText('warning');
    await expect(mine.getByTestId('breadcrumb-data')).toContainText('coupon:SPRING');
    // A nested value is folded until asked for; then it reads as indented JSON of that value alone.
    const cart = mine.getByTestId('breadcrumb-data').locator('details');
    await expect(cart.locator('summary')).toHaveText('2 keys');
    await expect(cart.locator('pre')).toBeHidden();
    await cart.locator('summary').click();
    await expect(cart.locator('pre')).toContainText('"items": 3');
    const warning = crumbs.getByTestId('breadcrumb').filter({ hasText: 'cart is slow' });
    await expect(warning.getByTestId('breadcrumb-level')).toHaveText('warning');
    await expect(warning).toContainText('console');
    await expect(crumbs.getByTestId('breadcrumb').filter({ hasText: 'button#pay' })).toContainText('ui.click');
    await page.screenshot({ path: screen('first-day-issue-1280-full'), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // 390 px: one column, the stack trace before the chart and the tags, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page), 'issue page scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    const stackTop = await top(page.getByTestId('stack-trace'));
    expect(stackTop).toBeLessThan(await top(chart));
    expect(stackTop).toBeLessThan(await top(page.getByTestId('issue-tags')));
    await expect(fetchRow.getByTestId('breadcrumb-data')).toContainText('method:GET');
    await page.screenshot({ path: screen('first-day-issue-390') });
    await page.screenshot({ path: screen('first-day-issue-390-full'), fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The event page, in the same order: highlights, then the stack trace on the first screen.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Open this event' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
    await expect(page.getByTestId('frame-throw-site').getByTestId('frame-function')).toHaveText('applyCoupon');
    const eventFrame = (await page.getByTestId('frame-throw-site').boundingBox())!;
    expect(eventFrame.y + eventFrame.height).toBeLessThan(DESKTOP.height);
    expect(await top(page.getByTestId('event-highlights'))).toBeLessThan(eventFrame.y);
    await expect(page.getByTestId('highlight-url')).toHaveText(pageUrl);
    expect(await top(page.getByTestId('breadcrumbs'))).toBeGreaterThan(eventFrame.y);
    await expect(page.getByTestId('breadcrumbs')).not.toContainText('__span');
    await page.screenshot({ path: screen('first-day-event-1280') });
    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page), 'event page scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen('first-day-event-390'), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  } finally {
    await site.close();
  }
});

const shop = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'shop@5.0.0', tracesSampleRate: 0, integrations: [Sentry.feedbackIntegration({ colorScheme: 'light' })] });
</script>
</head><body><main><h1>Basket</h1>
<button id="fail" type="button">Pay</button></main>
<script>
document.getElementById('fail').addEventListener('click', function () {
  var id = Sentry.captureException(new Error('basket total is NaN'));
  Sentry.showReportDialog({ eventId: id, user: { name: 'Grace', email: 'grace@example.com' } });
});
</script>
</body></html>`;

async function expectOrigin(card: Locator, pageUrl: string, agent: { browser: string; os: string }) {
  await expect(card.getByTestId('feedback-url')).toHaveText(pageUrl);
  await expect(card.getByTestId('feedback-url').getByRole('link')).toHaveAttribute('href', pageUrl);
  await expect(card.getByTestId('feedback-browser')).toHaveText(`${agent.browser} on ${agent.os}`);
}

async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: screen(`${name}-1280`), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  expect(await sidewaysOverflow(page), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen(`${name}-390`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('feedback names the page it was sent from and the browser: the widget, and the crash-report dialog', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const project = await projectFor(request, 'First day feedback');
  const site = await startSentryPageServer({ '/shop.html': shop(project.keys[0].sentryDsn) });
  const pageUrl = `${site.origin}/shop.html`;
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(pageUrl);
    const agent = await visitorAgent(visitor);
    await visitor.getByRole('button', { name: 'Report a Bug' }).click();
    await visitor.getByLabel('Name').fill('Ada');
    await visitor.getByLabel('Email').fill('ada@example.com');
    await visitor.getByLabel('Description').fill('The basket total shows NaN');
    const sent = visitor.waitForRequest(
      (r) => r.url().includes(`/api/${project.number}/envelope/`) && (r.postData() ?? '').includes('"type":"feedback"'),
    );
    await visitor.getByRole('button', { name: 'Send Bug Report' }).click();
    await sent;
    await visitor.click('#fail');
    await visitor.getByLabel('What happened?').fill('Paying did nothing at all');
    await visitor.getByRole('button', { name: 'Submit Crash Report' }).click();
    await expect(visitor.getByText('Your feedback has been sent. Thank you!')).toBeVisible();
    await context.close();

    type Entry = { message: string; source: string; url: string | null; browser: string | null; os: string | null };
    const inbox = async () =>
      (await getData<{ feedback: Entry[] }>(request, `/api/v1/projects/${project.id}/feedback`)).feedback;
    // The dialog's report names no page: its event's (stored a moment later) does.
    await expect
      .poll(async () => (await inbox()).map((f) => [f.source, f.url]).sort(), { timeout: 15_000 })
      .toEqual([
        ['crash_report_dialog', pageUrl],
        ['widget', pageUrl],
      ]);
    for (const f of await inbox()) expect([f.source, f.browser, f.os]).toEqual([f.source, agent.browser, agent.os]);

    await page.setViewportSize(DESKTOP);
    await page.goto(`/projects/${project.id}/feedback`);
    const widget = page.getByTestId('feedback').filter({ hasText: 'The basket total shows NaN' });
    await expectOrigin(widget, pageUrl, agent);
    const dialog = page.getByTestId('feedback').filter({ hasText: 'Paying did nothing at all' });
    await expectOrigin(dialog, pageUrl, agent);
    await atBothWidths(page, 'first-day-feedback-inbox');

    // On the issue the crash report is about.
    await dialog.getByRole('link', { name: 'Its issue' }).click();
    await expect(page.getByTestId('issue-title')).toHaveText('Error: basket total is NaN');
    const onIssue = page.getByTestId('issue-feedback').getByTestId('feedback');
    await expect(onIssue).toHaveCount(1);
    await expectOrigin(onIssue, pageUrl, agent);
    // No link from the issue to itself.
    await expect(onIssue.getByRole('link', { name: 'Its issue' })).toHaveCount(0);
    await onIssue.scrollIntoViewIfNeeded();
    await atBothWidths(page, 'first-day-issue-feedback');
  } finally {
    await site.close();
  }
});
