import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { startSentryPageServer } from './support/sentry-page';

// #38: four tabs of a customer's site, each with the real @sentry/browser, throw 200 errors between them (5 kinds,
// each message naming the order and the tab, pages opened with different query strings). Every one is stored,
// as exactly 5 issues, with culprits and frames free of the query string and the browser read off the User-Agent.
// Before #38, 72 of the 200 arrived: the SDK sends with fetch's keepalive and never reads the answer, and Chromium
// held each answered request against the page's keepalive budget while its body was unread.

type Project = { id: string; number: number; keys: { sentryDsn: string }[] };
type Issue = { id: string; title: string; culprit: string | null; eventCount: number };

async function projectFor(request: APIRequestContext): Promise<Project> {
  const user = await registerUser(request, { name: `Tabs owner ${Date.now()}`, verify: true });
  expect(
    (await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const res = await request.post('/api/v1/projects', { data: { name: 'Shop tabs' } });
  expect(res.status()).toBe(201);
  return (await res.json()).data as Project;
}

const shop = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
// The SDK keeps at most 40 envelopes waiting per page and drops the 41st (a client report says queue_overflow). On a
// loaded machine four tabs' 204 sends share Chromium's six connections to the tracker, so a tab can have more than 40
// waiting: room for all 51 of a tab keeps this test about what the tracker does with what it is sent.
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'shop@3.0.0', environment: 'e2e', tracesSampleRate: 0, transportOptions: { bufferSize: 100 } });
</script>
</head><body><main><h1>Shop</h1></main>
<script>
var tab = new URLSearchParams(location.search).get('tab');
function readTotal(order) { return order.cart.total; }
function parsePrice(text) { return JSON.parse(text); }
function checkStock(n) { throw new RangeError('Out of stock for order ' + n + ' in tab ' + tab); }
function applyCoupon(n) { throw new Error('Coupon rejected for order ' + n); }
function shipTo(n) { throw new TypeError('No address for order ' + n + ' in tab ' + tab); }
var kinds = [
  function (n) { readTotal({ id: n }); },
  function (n) { parsePrice('{bad ' + n); },
  checkStock,
  applyCoupon,
  shipTo,
];
// Uncaught, from timers, the way a real page's errors happen.
window.throwAll = function (count, spacing) {
  for (var i = 0; i < count; i++) (function (i) { setTimeout(function onTimer() { kinds[i % 5](tab + '-' + i); }, i * spacing); })(i);
};
</script></body></html>`;

async function issuesOf(request: APIRequestContext, projectId: string): Promise<Issue[]> {
  return (await (await request.get(`/api/v1/projects/${projectId}/issues?limit=100`)).json()).data.issues as Issue[];
}

test('four tabs of @sentry/browser throw 200 errors: 200 stored, 5 issues, frames without the query string', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const project = await projectFor(request);
  const site = await startSentryPageServer({ '/shop.html': shop(project.keys[0].sentryDsn) });
  const context = await browser.newContext();
  try {
    const statuses: number[] = [];
    context.on('response', (r) => {
      if (r.url().includes(`/api/${project.number}/envelope/`) && r.request().method() === 'POST')
        statuses.push(r.status());
    });
    const tabs: Page[] = [];
    for (let t = 1; t <= 4; t++) {
      const tab = await context.newPage();
      await tab.goto(`${site.origin}/shop.html?tab=${t}&utm_source=mail${t}#top`);
      await expect.poll(() => tab.evaluate(() => typeof (window as { Sentry?: unknown }).Sentry)).toBe('object');
      tabs.push(tab);
    }
    // 50 errors a tab, every 40 ms, all four tabs at once: 200 in about two seconds.
    await Promise.all(
      tabs.map((tab) =>
        tab.evaluate(() => (window as unknown as { throwAll: (n: number, ms: number) => void }).throwAll(50, 40)),
      ),
    );

    const total = async () => (await issuesOf(request, project.id)).reduce((sum, i) => sum + i.eventCount, 0);
    // Exactly 200, however long a loaded machine takes to answer every send of the four pages.
    await expect.poll(total, { timeout: 60_000 }).toBe(200);
    const issues = await issuesOf(request, project.id);
    expect(issues).toHaveLength(5);
    expect(issues.map((i) => i.eventCount).sort()).toEqual([40, 40, 40, 40, 40]);
    for (const issue of issues) {
      expect(issue.culprit, issue.title).toMatch(new RegExp(`^${site.origin.replace(/[.]/g, '\\.')}/shop\\.html in `));
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Every error the SDK sent is on the Stats page as accepted, nothing dropped on either side.
    const stats = (await (await request.get(`/api/v1/projects/${project.id}/stats?days=1`)).json()).data;
    expect(stats.rows.filter((r: { category: string }) => r.category === 'error')).toEqual([
      { category: 'error', outcome: 'accepted', reason: '', quantity: 200 },
    ]);

    const one = issues.find((i) => i.title.startsWith('RangeError'))!;
    const events = (await (await request.get(`/api/v1/projects/${project.id}/issues/${one.id}/events?limit=1`)).json())
      .data.events;
    const frames = events[0].stacktrace.frames as { filename: string; function?: string }[];
    expect(frames[0]).toMatchObject({ function: 'Array.checkStock' });
    expect(frames[0].filename).toBe(`${site.origin}/shop.html`);
    expect(events[0].contexts.browser).toMatchObject({ name: 'Chrome', version: expect.stringMatching(/^\d+/) });
    // Playwright's desktop Chrome says Windows 10 in its User-Agent.
    expect(events[0].contexts.os).toMatchObject({ name: 'Windows', version: '10' });
    expect(frames[0].filename).not.toContain('?');
  } finally {
    await context.close();
    await site.close();
  }
});
