import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerUser } from './support/accounts';
import { startSentryPageServer } from './support/sentry-page';

// A customer's site on another origin using the real @sentry/browser with the project's sentryDsn.

type Project = { id: string; number: number; keys: { publicKey: string; sentryDsn: string }[] };

async function projectFor(request: APIRequestContext, name: string): Promise<Project> {
  const user = await registerUser(request, { name: `${name} owner`, verify: true });
  expect(
    (await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const res = await request.post('/api/v1/projects', { data: { name } });
  expect(res.status()).toBe(201);
  return (await res.json()).data as Project;
}

const page = (dsn: string, init: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'shop@2.0.0', environment: 'e2e', ${init} });</script>
</head><body>${body}</body></html>`;

test('an uncaught error in a page using @sentry/browser becomes an issue with the thrower as frame 0', async ({
  page: browser,
  request,
}) => {
  const project = await projectFor(request, 'Sentry browser errors');
  const dsn = project.keys[0].sentryDsn;
  expect(dsn).toBe(
    `http://${project.keys[0].publicKey}@${new URL(test.info().project.use.baseURL!).host}/${project.number}`,
  );
  const site = await startSentryPageServer({
    '/checkout.html': page(
      dsn,
      'tracesSampleRate: 0',
      `<button id="pay">Pay</button>
<script>
function chargeCard(order) { throw new TypeError('Cannot read properties of undefined (reading ' + "'total'" + ')'); }
document.getElementById('pay').addEventListener('click', function onPay() { chargeCard(undefined); });
</script>`,
    ),
  });
  try {
    const sent = browser.waitForResponse(
      (r) => r.url().includes(`/api/${project.number}/envelope/`) && r.request().method() === 'POST',
    );
    await browser.goto(`${site.origin}/checkout.html`);
    await browser.click('#pay');
    const response = await sent;
    expect(response.status()).toBe(200);
    expect(response.headers()['access-control-allow-origin']).toBe('*');

    const title = "TypeError: Cannot read properties of undefined (reading 'total')";
    await expect
      .poll(async () =>
        (
          (await (await request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues as { title: string }[]
        ).map((i) => i.title),
      )
      .toEqual([title]);
    const issue = (await (await request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues[0];
    const events = (await (await request.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`)).json()).data
      .events;
    expect(events).toHaveLength(1);
    expect(events[0].stacktrace.frames[0]).toMatchObject({
      function: 'chargeCard',
      filename: `${site.origin}/checkout.html`,
    });
    expect(events[0].stacktrace.frames[1]).toMatchObject({ function: 'HTMLButtonElement.onPay' });
    expect(events[0].contexts?.browser?.name ?? null).not.toBe(undefined);
  } finally {
    await site.close();
  }
});

test('a page-load with browserTracingIntegration reports a transaction with web vitals', async ({
  page: browser,
  request,
}) => {
  const project = await projectFor(request, 'Sentry browser vitals');
  const site = await startSentryPageServer({
    '/products.html': page(
      project.keys[0].sentryDsn,
      'tracesSampleRate: 1, integrations: [Sentry.browserTracingIntegration()]',
      `<main><h1>Products</h1><p id="hero" style="font-size:48px">The largest paragraph on this page, so that it is the LCP element.</p>
<button id="more">More</button></main>
<script>setTimeout(function () { var b = document.createElement('div'); b.style.height = '120px'; b.textContent = 'banner'; document.body.prepend(b); }, 200);</script>`,
    ),
  });
  try {
    const statuses: number[] = [];
    const spanBatches: string[][] = [];
    browser.on('request', (r) => {
      if (!r.url().includes(`/api/${project.number}/envelope/`)) return;
      // The names of the spans in each span v2 item, '*' marking the segment (the page-load).
      for (const line of (r.postData() ?? '').split('\n')) {
        if (line.includes('"items"'))
          spanBatches.push(
            (JSON.parse(line).items as { name: string; is_segment: boolean }[]).map(
              (i) => i.name + (i.is_segment ? '*' : ''),
            ),
          );
      }
    });
    browser.on('response', (r) => {
      if (r.url().includes(`/api/${project.number}/envelope/`) && r.request().method() === 'POST')
        statuses.push(r.status());
    });
    await browser.goto(`${site.origin}/products.html`);
    // The first input finalizes LCP (the SDK emits its span then).
    await browser.click('#more');
    // The page-load span ends after a second without activity; hiding the page makes the SDK emit the
    // CLS span and flush its span buffer.
    await browser.waitForTimeout(1500);
    await browser.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      Object.defineProperty(document, 'hidden', { value: true, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });

    const vitalsUrl = `/api/v1/projects/${project.id}/performance/vitals`;
    await expect
      .poll(async () => (await (await request.get(vitalsUrl)).json()).data.sampleCount, { timeout: 15_000 })
      .toBe(1);
    const vitals = (await (await request.get(vitalsUrl)).json()).data.vitals;
    for (const name of ['lcp', 'fcp', 'ttfb'] as const) {
      expect(vitals[name], name).toMatchObject({
        p75: expect.any(Number),
        rating: expect.stringMatching(/^(good|needs-improvement|poor)$/),
        samples: 1,
      });
    }
    expect(vitals.lcp.p75).toBeGreaterThan(0);
    expect(vitals.fcp.p75).toBeGreaterThan(0);
    // The SDK emits the CLS span on hide, usually into the page-load's batch, sometimes just after its
    // flush; only a CLS span in the same envelope as its page-load can be attached to it.
    const pageloadBatch = spanBatches.find((b) => b.includes('Pageload*'));
    expect(pageloadBatch).toBeDefined();
    if (pageloadBatch!.includes('Layout shift'))
      expect(vitals.cls).toMatchObject({ p75: expect.any(Number), samples: 1 });
    else expect(vitals.cls).toBeNull();

    const transactions = (await (await request.get(`/api/v1/projects/${project.id}/performance/transactions`)).json())
      .data;
    expect(transactions.map((t: { name: string; count: number }) => [t.name, t.count])).toEqual([
      ['/products.html', 1],
    ]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
  } finally {
    await site.close();
  }
});
