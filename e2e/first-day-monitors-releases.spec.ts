import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { startSentryPageServer } from './support/sentry-page';

// #45, items 6, 7 and 8 as a team setting the tracker up on its first day meets them: a monitor whose two runs'
// check-ins arrive out of order, two releases deployed within one hour, a Node project's Performance pages, the
// Logs page's times and a monitor's schedule in words. Each page is looked at 1280 and 390 px wide.

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

type Project = { id: string; number: number; keys: { publicKey: string; sentryDsn: string }[] };

/** A fresh verified account signed in in the page's context, with one project of `platform`. */
async function projectFor(page: Page, name: string, platform: string): Promise<Project> {
  const user = await registerUser(page.request, { name: `${name} owner ${Date.now()}`, verify: true });
  const login = await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const res = await page.request.post('/api/v1/projects', { data: { name, platform } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as Project;
}

/** An envelope to the Sentry endpoint, as an SDK sends it: its header (with sent_at) and its items. */
async function sendEnvelope(
  request: APIRequestContext,
  project: Project,
  header: object,
  items: { header: object; payload: unknown }[],
) {
  const body = [
    JSON.stringify(header),
    ...items.flatMap((i) => [JSON.stringify(i.header), JSON.stringify(i.payload)]),
  ].join('\n');
  const res = await request.post(`/api/${project.number}/envelope/`, {
    headers: { 'x-sentry-auth': `Sentry sentry_key=${project.keys[0].publicKey}, sentry_version=7` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Screenshots at 1280 and 390 px, and no sideways scrolling at 390. */
async function lookAt(page: Page, name: string, ready: Locator) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(ready).toBeVisible();
  await page.screenshot({ path: screen(`${name}-1280`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ready).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Whether an element's text is laid out on one line: its height is one line-height. */
async function oneLine(el: Locator): Promise<{ height: number; lineHeight: number }> {
  return el.evaluate((e) => ({
    height: Math.round(e.getBoundingClientRect().height),
    lineHeight: Math.round(parseFloat(getComputedStyle(e).lineHeight)),
  }));
}

test('6 and 8: check-ins of two runs out of order, the monitor fails with its issue open; schedules in words', async ({
  page,
}) => {
  const project = await projectFor(page, 'Cron jobs', 'node');
  for (const [slug, schedule] of [
    ['heartbeat', '1 minute'],
    ['reindex', '2 hour'],
  ]) {
    const made = await page.request.post(`/api/v1/projects/${project.id}/monitors`, {
      data: { slug, scheduleType: 'interval', schedule },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  // @sentry/node's withMonitor, twice: run A (ok) a minute ago, run B (error) 30 s ago. Each check-in is its own
  // envelope, stamped with sent_at when the SDK made it. B's arrive first, then A's.
  const config = {
    schedule: { type: 'interval', value: 10, unit: 'minute' },
    checkin_margin: 5,
    max_runtime: 30,
    timezone: 'UTC',
  };
  const sdk = { name: 'sentry.javascript.node', version: '10.0.0' };
  const now = Date.now();
  const checkIn = (sentAgoMs: number, payload: object) => ({
    header: { sent_at: new Date(now - sentAgoMs).toISOString(), sdk },
    items: [{ header: { type: 'check_in' }, payload: { monitor_slug: 'nightly-backup', ...payload } }],
  });
  const a = crypto.randomUUID().replace(/-/g, '');
  const b = crypto.randomUUID().replace(/-/g, '');
  const runA = [
    checkIn(60_000, { check_in_id: a, status: 'in_progress', monitor_config: config }),
    checkIn(58_000, { check_in_id: a, status: 'ok', duration: 2 }),
  ];
  const runB = [
    checkIn(30_000, { check_in_id: b, status: 'in_progress', monitor_config: config }),
    checkIn(27_000, { check_in_id: b, status: 'error', duration: 3 }),
  ];
  for (const e of [...runB, ...runA]) await sendEnvelope(page.request, project, e.header, e.items);

  const monitors = (await (await page.request.get(`/api/v1/projects/${project.id}/monitors`)).json()).data as {
    slug: string;
    status: string;
    issueId: string | null;
    runs: { id: string; status: string }[];
  }[];
  const backup = monitors.find((m) => m.slug === 'nightly-backup')!;
  expect(backup.status).toBe('error');
  expect(backup.runs.map((r) => [r.id, r.status])).toEqual([
    [b, 'error'],
    [a, 'ok'],
  ]);
  const issue = (await (await page.request.get(`/api/v1/projects/${project.id}/issues/${backup.issueId}`)).json())
    .data as { status: string; title: string };
  expect(issue).toMatchObject({ status: 'UNRESOLVED', title: 'Monitor failure: nightly-backup failed' });

  await page.goto(`/projects/${project.id}/monitors`);
  const row = page.getByTestId('monitor').filter({ hasText: 'nightly-backup' });
  await expect(row.getByTestId('monitor-status')).toHaveText('Failing');
  await expect(row.getByTestId('monitor-latest-run')).toContainText('Latest run: Failed, started');
  await expect(row.getByTestId('monitor-latest-run')).toContainText('took 3.0 s');
  await expect(row).toContainText('every 10 minutes');
  await expect(row.getByRole('link', { name: 'Its issue' })).toBeVisible();
  // The timeline, oldest first: A's ok, then B's error.
  expect(await row.locator('ol li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-status')))).toEqual([
    'ok',
    'error',
  ]);
  await expect(page.getByTestId('monitor').filter({ hasText: 'heartbeat' })).toContainText('every minute');
  await expect(page.getByTestId('monitor').filter({ hasText: 'reindex' })).toContainText('every 2 hours');
  await expectNoSeriousA11yViolations(page);
  await lookAt(page, 'first-day-monitors', row.getByTestId('monitor-status'));
});

const shop = (dsn: string, release: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
var user = new URLSearchParams(location.search).get('user');
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: ${JSON.stringify(release)}, environment: 'production', tracesSampleRate: 0, initialScope: { user: { id: user } } });
</script>
</head><body><main><h1>Shop</h1><button id="pay">Pay</button><button id="note">Note</button></main>
<script>
document.getElementById('pay').addEventListener('click', function () { throw new Error('card reader exploded'); });
document.getElementById('note').addEventListener('click', function () { Sentry.captureMessage('cart opened'); });
</script>
</body></html>`;

test('7: two releases deployed within the same hour are compared; versions never break mid-word', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const project = await projectFor(page, 'Web shop', 'javascript');
  const dsn = project.keys[0].sentryDsn;
  const site = await startSentryPageServer({
    '/old.html': shop(dsn, 'web-shop@1.4.2'),
    '/new.html': shop(dsn, 'web-shop@1.4.3'),
  });
  const envelopeOf = (r: { url(): string; postData(): string | null }, pattern: RegExp) =>
    r.url().includes(`/api/${project.number}/envelope/`) && pattern.test(r.postData() ?? '');
  try {
    // web-shop@1.4.2 goes out: two visitors, one of whom crashes it. Minutes later web-shop@1.4.3: two visitors.
    for (const [pagePath, user, click] of [
      ['/old.html', 'ada', '#pay'],
      ['/old.html', 'grace', '#note'],
      ['/new.html', 'linus', '#note'],
      ['/new.html', 'ken', null],
    ] as const) {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      const session = visitor.waitForRequest((r) => envelopeOf(r, /"type":"session"/));
      await visitor.goto(`${site.origin}${pagePath}?user=${user}`);
      await session;
      if (click) {
        // The crash ends the session (crashed, or unhandled in SDKs 10+); the note is an event of its own.
        const sent = visitor.waitForRequest((r) =>
          envelopeOf(r, click === '#pay' ? /"status":"(crashed|unhandled)"/ : /"type":"event"/),
        );
        await visitor.click(click);
        await sent;
      }
      await context.close();
    }
    const detail = async () =>
      (
        await (
          await page.request.get(
            `/api/v1/projects/${project.id}/releases/${encodeURIComponent('web-shop@1.4.3')}/health`,
          )
        ).json()
      ).data as { release: { sessions: number } | null; previous: { version: string; sessions?: number } | null };
    await expect.poll(async () => (await detail()).previous?.sessions ?? 0, { timeout: 20_000 }).toBe(2);
    expect((await detail()).previous?.version).toBe('web-shop@1.4.2');
    expect((await detail()).release?.sessions).toBe(2);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/projects/${project.id}/releases`);
    const link = page.getByRole('link', { name: 'web-shop@1.4.3' });
    await expect(link).toBeVisible();
    for (const version of ['web-shop@1.4.2', 'web-shop@1.4.3']) {
      const text = page
        .getByRole('row', { name: new RegExp(version.replace(/[.@]/g, '\\$&')) })
        .getByTestId('release-version');
      await expect(text).toHaveText(version);
      await expect(text).toHaveAttribute('title', version);
      const { height, lineHeight } = await oneLine(text);
      expect(height).toBe(lineHeight);
    }
    await expectNoSeriousA11yViolations(page);
    await lookAt(page, 'first-day-releases', link);

    await link.click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('web-shop@1.4.3');
    const h1 = await oneLine(heading);
    expect(h1.height).toBe(h1.lineHeight);
    const health = page.getByTestId('release-health');
    await expect(health.getByTestId('previous-release')).toHaveText('Previous (web-shop@1.4.2)');
    const measure = (name: string) =>
      health.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(measure('Sessions').getByRole('cell')).toHaveText(['2', '2']);
    await expect(measure('Crash-free sessions').getByRole('cell')).toHaveText(['100.00 %', '50.00 %']);
    const previous = await oneLine(health.getByTestId('previous-release').getByTestId('release-version'));
    expect(previous.height).toBe(previous.lineHeight);
    await expectNoSeriousA11yViolations(page);
    await lookAt(page, 'first-day-release-compared', health);
  } finally {
    await site.close();
  }
});

test('8: a Node project’s Performance pages say where Web Vitals come from instead of four empty cards', async ({
  page,
}) => {
  const project = await projectFor(page, 'Orders API', 'node');
  await page.goto(`/projects/${project.id}/performance`);
  // Nothing yet: the Node SDK's own setup, not the browser's.
  const none = page.getByTestId('transactions-none');
  await expect(none).toContainText('@sentry/node reports each request or job it traces as a transaction');
  await expect(none).toContainText(project.keys[0].sentryDsn);

  // What @sentry/node sends for a request its HTTP integration traced.
  const now = Date.now() / 1000;
  for (const [i, ms] of [120, 180, 240].entries()) {
    const traceId = crypto.randomBytes(16).toString('hex');
    await sendEnvelope(
      page.request,
      project,
      { event_id: crypto.randomUUID().replace(/-/g, ''), sent_at: new Date().toISOString() },
      [
        {
          header: { type: 'transaction' },
          payload: {
            type: 'transaction',
            event_id: crypto.randomUUID().replace(/-/g, ''),
            transaction: 'GET /api/orders',
            start_timestamp: now - 60 * (i + 1),
            timestamp: now - 60 * (i + 1) + ms / 1000,
            platform: 'node',
            sdk: { name: 'sentry.javascript.node', version: '10.0.0' },
            contexts: {
              trace: {
                trace_id: traceId,
                span_id: crypto.randomBytes(8).toString('hex'),
                op: 'http.server',
                status: 'ok',
              },
            },
            spans: [],
          },
        },
      ],
    );
  }
  await page.reload();
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText(['GET /api/orders']);
  const vitals = page.getByTestId('vitals-none');
  await expect(vitals).toContainText(
    'Web Vitals (LCP, FCP, TTFB, CLS) come from browser SDKs (@sentry/browser with browserTracingIntegration) — this project has sent none in the last 7 days.',
  );
  await expect(vitals).toContainText('A Node.js project measures what its code does instead');
  await expect(page.getByTestId('vital-lcp')).toHaveCount(0);
  // The transactions lead; the note on Web Vitals follows them.
  const order = await page
    .locator('h2')
    .evaluateAll((hs) =>
      hs.map((h) => h.textContent?.trim() ?? '').filter((t) => /^(Transactions|Web vitals)/.test(t)),
    );
  expect(order).toEqual(['Transactions', 'Web vitals (75th percentile)']);
  await expectNoSeriousA11yViolations(page);
  await lookAt(page, 'first-day-performance-node', vitals);

  await table.getByRole('link', { name: 'GET /api/orders' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GET /api/orders');
  await expect(page.getByTestId('stat-count')).toHaveText('3');
  const txVitals = page.getByTestId('vitals-none');
  await expect(txVitals).toContainText('this project has sent none in the last 7 days');
  await expect(page.getByTestId('vital-lcp')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await lookAt(page, 'first-day-transaction-node', txVitals);
});

test.describe('8: the Logs page', () => {
  // A reader far from UTC: the page's times are UTC whatever the browser's zone (#60).
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('each line shows its date and time to the millisecond in UTC, with the zone in its title', async ({ page }) => {
    const project = await projectFor(page, 'Log shop', 'node');
    // Sentry.logger.info / warn from @sentry/node with enableLogs: one `log` item of two lines.
    const first = new Date(Math.floor(Date.now() / 1000) * 1000 - 90_000 + 123);
    const second = new Date(first.getTime() + 61_004);
    await sendEnvelope(page.request, project, { sent_at: new Date().toISOString() }, [
      {
        header: { type: 'log', item_count: 2, content_type: 'application/vnd.sentry.items.log+json' },
        payload: {
          items: [
            { timestamp: first.getTime() / 1000, level: 'info', body: 'Order 1042 paid', attributes: {} },
            { timestamp: second.getTime() / 1000, level: 'warn', body: 'Stock low for SKU 7', attributes: {} },
          ],
        },
      },
    ]);
    await page.goto(`/projects/${project.id}/logs`);
    const line = (text: string) => page.getByTestId('log').filter({ hasText: text }).getByTestId('log-time');
    // The dashboard's one format (#60): `2026-11-26 17:04:05.123`, 24-hour, UTC (the page says so once).
    const shown = (d: Date) => d.toISOString().slice(0, 23).replace('T', ' ');
    await expect(line('Order 1042 paid')).toHaveText(shown(first));
    await expect(line('Order 1042 paid')).toHaveAttribute('title', `${shown(first)} UTC`);
    await expect(line('Order 1042 paid')).toHaveAttribute('datetime', first.toISOString());
    await expect(line('Stock low for SKU 7')).toHaveText(shown(second));
    await expect(line('Stock low for SKU 7')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    await expect(page.getByText('times in UTC')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await lookAt(page, 'first-day-logs', page.getByTestId('logs'));
  });
});
