import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerUser } from './support/accounts';
import { lineOf, startStaticSite } from './support/sdk-page';

// A customer's site on another origin loads the library from the app (`/sdk/browser.js`) as a
// <script> and initialises it with a project's DSN; everything is read back through the API.

type Project = { id: string; keys: { publicKey: string; dsn: string }[] };
type Frame = { filename: string; function?: string; lineno: number; colno?: number };
type Event = {
  message: string;
  stacktrace: { frames: Frame[] };
  contexts: { browser?: { name: string; version: string }; os?: { name: string } } | null;
  request: { url?: string; headers?: Record<string, string> } | null;
  breadcrumbs: { type: string; message?: string }[] | null;
  environment: string | null;
  release: string | null;
};

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const appOrigin = () => new URL(test.info().project.use.baseURL!).origin;

/** A fresh verified owner signed in on `request` (FREE allows one project per organization). */
async function projectFor(request: APIRequestContext, name: string): Promise<Project> {
  // Distinct names: concurrent sign-ups with one name race for the same organization slug.
  const user = await registerUser(request, { name: `${name} owner ${Date.now()}`, verify: true });
  expect(
    (await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const res = await request.post('/api/v1/projects', { data: { name } });
  expect(res.status()).toBe(201);
  return (await res.json()).data as Project;
}

async function getData<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()).data as T;
}

/** The page's <head>: the bundle from the app's origin, then init with the project's DSN. */
const head = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${appOrigin()}/sdk/browser.js"></script>
<script>Tracker.init({ dsn: ${JSON.stringify(dsn)}, tracesSampleRate: 1, environment: 'e2e', release: '1.2.3' });</script>
</head>`;

test("uncaught error, unhandled rejection and captureException become three issues with the page's frames", async ({
  page,
  request,
}) => {
  const project = await projectFor(request, 'Browser library errors');
  const dsn = project.keys[0].dsn;
  expect(dsn).toBe(`http://${project.keys[0].publicKey}@${new URL(appOrigin()).host}/${project.id}`);

  const html = `${head(dsn)}
<body><main><h1>Checkout</h1>
<button id="pay">Pay</button> <button id="load">Load cart</button> <button id="report">Report</button></main>
<script>
function chargeCard() { throw new TypeError('card declined'); }
function loadCart() { return Promise.reject(new Error('async boom')); }
function reportProblem() { Tracker.captureException(new RangeError('manual')); }
document.getElementById('pay').addEventListener('click', function onPay() { chargeCard(); });
document.getElementById('load').addEventListener('click', function onLoad() { loadCart(); });
document.getElementById('report').addEventListener('click', function onReport() { reportProblem(); });
</script></body></html>`;
  const site = await startStaticSite({ '/checkout.html': html });
  try {
    const pageUrl = `${site.origin}/checkout.html`;
    const ingestUrl = `${appOrigin()}/api/v1/ingest/${project.id}/envelope`;
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url() === ingestUrl && r.request().method() === 'POST') statuses.push(r.status());
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    await page.goto(pageUrl);
    await expect.poll(() => page.evaluate(() => typeof (window as { Tracker?: unknown }).Tracker)).toBe('object');
    await page.click('#pay');
    await page.click('#load');
    await page.click('#report');
    await page.screenshot({ path: screen('sdk-page'), fullPage: true });
    // The library never swallows the page's own errors: they still reach the page as uncaught.
    expect(pageErrors).toEqual(expect.arrayContaining(['card declined', 'async boom']));

    const issuesUrl = `/api/v1/projects/${project.id}/issues`;
    type Issue = { id: string; title: string; eventCount: number; level: string };
    await expect
      .poll(async () => (await getData<{ issues: Issue[] }>(request, issuesUrl)).issues.map((i) => i.title).sort(), {
        timeout: 15_000,
      })
      .toEqual(['Error: async boom', 'RangeError: manual', 'TypeError: card declined']);
    const issues = (await getData<{ issues: Issue[] }>(request, issuesUrl)).issues;
    expect(issues.map((i) => [i.eventCount, i.level])).toEqual([
      [1, 'ERROR'],
      [1, 'ERROR'],
      [1, 'ERROR'],
    ]);
    // Cross-origin POSTs with X-Ingest-Auth (a preflight first), each answered 200.
    await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const eventOf = async (title: string) => {
      const issue = issues.find((i) => i.title === title)!;
      const detail = await getData<{ title: string; events: Event[] }>(request, `${issuesUrl}/${issue.id}`);
      expect(detail.events).toHaveLength(1);
      return detail.events[0];
    };

    // 1. Uncaught, from a click handler: the thrower is frame 0 (innermost first), at its line in the page.
    const thrown = await eventOf('TypeError: card declined');
    expect(thrown.stacktrace.frames[0]).toMatchObject({
      function: 'chargeCard',
      filename: pageUrl,
      lineno: lineOf(html, "'card declined'"),
    });
    expect(thrown.stacktrace.frames[0].colno).toBeGreaterThan(0);
    expect(thrown.stacktrace.frames[1]).toMatchObject({
      function: 'HTMLButtonElement.onPay',
      filename: pageUrl,
      lineno: lineOf(html, 'function onPay'),
    });
    expect(thrown).toMatchObject({ environment: 'e2e', release: '1.2.3', request: { url: pageUrl } });
    expect(thrown.contexts?.browser).toEqual({ name: 'Chrome', version: expect.stringMatching(/^\d+(\.\d+)+$/) });
    // The OS as the user agent tells it (the Desktop Chrome device presents a Windows one).
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expect(thrown.request?.headers?.['User-Agent']).toBe(userAgent);
    expect(thrown.contexts?.os?.name).toMatch(/^(Windows|Linux)$/);
    expect(userAgent).toContain(thrown.contexts!.os!.name);
    expect(thrown.breadcrumbs?.filter((b) => b.type === 'click').map((b) => b.message)).toEqual(['button#pay']);

    // 2. Unhandled rejection: the function that created the Error is frame 0.
    const rejected = await eventOf('Error: async boom');
    expect(rejected.stacktrace.frames[0]).toMatchObject({
      function: 'loadCart',
      filename: pageUrl,
      lineno: lineOf(html, "'async boom'"),
    });
    expect(rejected).toMatchObject({ environment: 'e2e', release: '1.2.3' });
    expect(rejected.breadcrumbs?.filter((b) => b.type === 'click').map((b) => b.message)).toEqual([
      'button#pay',
      'button#load',
    ]);

    // 3. captureException: frame 0 is where the RangeError was made, not the library.
    const manual = await eventOf('RangeError: manual');
    expect(manual.stacktrace.frames[0]).toMatchObject({
      function: 'reportProblem',
      filename: pageUrl,
      lineno: lineOf(html, "'manual'"),
    });
    expect(manual.stacktrace.frames.some((f) => f.filename.includes('/sdk/browser.js'))).toBe(false);
    expect(manual).toMatchObject({ environment: 'e2e', release: '1.2.3' });
    expect(manual.breadcrumbs?.filter((b) => b.type === 'click').map((b) => b.message)).toEqual([
      'button#pay',
      'button#load',
      'button#report',
    ]);
  } finally {
    await site.close();
  }
});

test('the page-load transaction with its web vitals reaches the performance endpoints when the visitor leaves', async ({
  page,
  request,
}) => {
  const project = await projectFor(request, 'Browser library vitals');
  const html = `${head(project.keys[0].dsn)}
<body><main><h1>Products</h1>
<p id="hero" style="font-size:48px">The largest paragraph on this page, so that it is the LCP element.</p>
<button id="more">More</button> <a id="leave" href="/thanks.html">Thanks</a></main>
<script>
// The page's own observers only tell the test when the browser has the entries the library waits for.
window.seen = { fcp: false, lcp: false, shift: false };
new PerformanceObserver(function (l) { if (l.getEntriesByName('first-contentful-paint').length) seen.fcp = true; }).observe({ type: 'paint', buffered: true });
new PerformanceObserver(function () { seen.lcp = true; }).observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver(function () { seen.shift = true; }).observe({ type: 'layout-shift', buffered: true });
// A layout shift without recent input: a banner pushes the content down after load.
setTimeout(function () { var b = document.createElement('div'); b.style.height = '120px'; b.textContent = 'banner'; document.body.prepend(b); }, 300);
</script></body></html>`;
  const site = await startStaticSite({
    '/products.html': html,
    '/thanks.html': '<!doctype html><html lang="en"><title>Thanks</title><p>Thanks</p></html>',
  });
  try {
    const vitalsUrl = `/api/v1/projects/${project.id}/performance/vitals`;
    const transactionsUrl = `/api/v1/projects/${project.id}/performance/transactions`;
    await page.goto(`${site.origin}/products.html`);
    await page.waitForFunction(() => {
      const s = (window as unknown as { seen: Record<string, boolean> }).seen;
      return s.fcp && s.lcp && s.shift;
    });
    // Nothing is sent while the visitor is on the page (the library's timeout is 10 s after load).
    expect((await getData<{ sampleCount: number }>(request, vitalsUrl)).sampleCount).toBe(0);
    // The first input finalises LCP; leaving the page (pagehide) sends the transaction with keepalive.
    await page.click('#more');
    await page.click('#leave');
    await expect(page).toHaveURL(`${site.origin}/thanks.html`);

    await expect
      .poll(async () => (await getData<{ sampleCount: number }>(request, vitalsUrl)).sampleCount, { timeout: 15_000 })
      .toBe(1);
    type Vital = { p75: number; rating: string; samples: number } | null;
    const { vitals } = await getData<{ vitals: Record<'lcp' | 'cls' | 'fcp' | 'ttfb', Vital> }>(request, vitalsUrl);
    for (const name of ['lcp', 'fcp', 'ttfb'] as const) {
      expect(vitals[name], name).toEqual({
        p75: expect.any(Number),
        rating: expect.stringMatching(/^(good|needs-improvement|poor)$/),
        samples: 1,
      });
    }
    expect(vitals.lcp!.p75).toBeGreaterThan(0);
    expect(vitals.fcp!.p75).toBeGreaterThan(0);
    expect(vitals.lcp!.p75).toBeGreaterThanOrEqual(vitals.fcp!.p75);
    expect(vitals.cls).toEqual({ p75: expect.any(Number), rating: expect.any(String), samples: 1 });
    expect(vitals.cls!.p75).toBeGreaterThan(0);

    const transactions = await getData<{ name: string; count: number; p50: number }[]>(request, transactionsUrl);
    expect(transactions.map((t) => [t.name, t.count])).toEqual([['/products.html', 1]]);
    expect(transactions[0].p50).toBeGreaterThan(0);
  } finally {
    await site.close();
  }
});
