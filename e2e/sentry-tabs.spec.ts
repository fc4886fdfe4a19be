import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { registerUser } from './support/accounts';
import { startSentryPageServer } from './support/sentry-page';
import { E2E_METRICS_TOKEN } from './support/metrics';

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
// What the SDK itself drops, and why (queue_overflow, network_error, ratelimit_backoff, event_processor), so a
// shortfall says which side lost an error.
window.dropped = [];
(function (client) {
  var record = client.recordDroppedEvent.bind(client);
  client.recordDroppedEvent = function (reason, category, count) { window.dropped.push(reason + ':' + category); return record(reason, category, count); };
})(Sentry.getClient());
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

/** The ingest requests the tracker has received and not answered yet (every endpoint, every project). */
async function trackerHolds(request: APIRequestContext): Promise<number> {
  const res = await request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(res.status()).toBe(200);
  return (await res.text())
    .split('\n')
    .filter((l) => l.startsWith('tracker_ingest_requests_in_flight{'))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

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
    // Every envelope send of the four pages: whether it carried an error event, when it left, its answer, or how
    // it failed.
    const sends = new Map<Request, { event: boolean; at: number; status?: number; failure?: string }>();
    context.on('request', (r) => {
      if (r.url().includes(`/api/${project.number}/envelope/`) && r.method() === 'POST')
        sends.set(r, { event: r.postData()?.includes('"type":"event"') ?? false, at: Date.now() });
    });
    context.on('response', (r) => {
      const send = sends.get(r.request());
      if (send) send.status = r.status();
    });
    context.on('requestfailed', (r) => {
      const send = sends.get(r);
      if (send) send.failure = r.failure()?.errorText;
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

    // Chromium limits a page's in-flight keepalive requests to 64 KiB. The SDK frees its own count of them when an
    // answer's headers arrive, Chromium only when the request completes: on a loaded machine a send can fall in
    // between and is lost in the browser, either refused before a byte leaves (net::ERR_ABORTED; the SDK records
    // network_error) or left pending for good without an error (as getsentry/sentry-javascript#6049 and #7546 saw:
    // "some of the sentry requests will remain pending forever in Chrome"). Those are counted apart; every send that
    // was answered must be stored. A pending send is the browser's only when the tracker holds no ingest request
    // (tracker_ingest_requests_in_flight is 0): one the tracker received and never answered fails this test.
    // (Chromium also reports an answered keepalive request as aborted once the page lets go of it: only a send
    // without an answer counts as refused.)
    const eventSends = () => [...sends.values()].filter((s) => s.event);
    const refused = () => eventSends().filter((s) => s.status === undefined && s.failure);
    const pending = () => eventSends().filter((s) => s.status === undefined && !s.failure);
    const held = () => trackerHolds(request);
    const total = async () => (await issuesOf(request, project.id)).reduce((sum, i) => sum + i.eventCount, 0);
    const dropped = async () =>
      (
        await Promise.all(tabs.map((tab) => tab.evaluate(() => (window as unknown as { dropped: string[] }).dropped)))
      ).flat();
    let stuck = 0;
    try {
      // However long a loaded machine takes to answer every send of the four pages: all 200 sent, each answered or
      // refused, or pending for 20 s while the tracker holds none.
      await expect
        .poll(
          async () => {
            const waiting = pending();
            if (eventSends().length < 200) return 'not all sent';
            if (waiting.some((s) => Date.now() - s.at < 20_000)) return 'waiting for answers';
            if (waiting.length > 0 && (await held()) > 0) return 'the tracker holds requests';
            stuck = waiting.length;
            return 'settled';
          },
          { timeout: 60_000, intervals: [500] },
        )
        .toBe('settled');
    } catch (error) {
      // Say where the shortfall was: dropped by the SDK (and why), failed or pending in Chromium, or answered but
      // not stored.
      const counts = (await issuesOf(request, project.id)).map((i) => `${i.title.slice(0, 40)}: ${i.eventCount}`);
      const all = [...sends.values()];
      throw new Error(
        `${(error as Error).message}\nSDK dropped: ${JSON.stringify(await dropped())}\n` +
          `sends: ${all.length}, answered ${all.filter((s) => s.status !== undefined).length}, not 200: ` +
          `${JSON.stringify(all.filter((s) => s.status !== undefined && s.status !== 200))}, unanswered: ` +
          `${JSON.stringify(all.filter((s) => s.status === undefined))}, held by the tracker: ${await held()}\n` +
          `issues: ${counts.join('; ')}`,
      );
    }
    const lost = refused().length + stuck;
    if (lost > 0)
      test.info().annotations.push({
        type: 'keepalive',
        description: `Chromium refused ${refused().length} sends and left ${stuck} pending`,
      });
    // Nothing else failed on the way: every refusal Chromium's own, every other send answered 200 and stored, no
    // other reason to drop in the SDK, and the browser's losses a small share (before #38 they were 128 of 200).
    expect(refused().map((s) => s.failure)).toEqual(Array(refused().length).fill('net::ERR_ABORTED'));
    expect(await dropped()).toEqual(Array(refused().length).fill('network_error:error'));
    expect(lost).toBeLessThanOrEqual(10);
    const answered = [...sends.values()].filter((s) => s.status !== undefined);
    expect(answered.filter((s) => s.event)).toHaveLength(200 - lost);
    expect(answered.filter((s) => s.status !== 200)).toEqual([]);
    expect(await total()).toBe(200 - lost);
    const issues = await issuesOf(request, project.id);
    expect(issues).toHaveLength(5);
    if (lost === 0) expect(issues.map((i) => i.eventCount).sort()).toEqual([40, 40, 40, 40, 40]);
    for (const issue of issues) {
      expect(issue.culprit, issue.title).toMatch(new RegExp(`^${site.origin.replace(/[.]/g, '\\.')}/shop\\.html in `));
    }
    // Every error that reached us is on the Stats page as accepted, nothing dropped on our side.
    const stats = (await (await request.get(`/api/v1/projects/${project.id}/stats?days=1`)).json()).data;
    expect(stats.rows.filter((r: { category: string }) => r.category === 'error')).toEqual([
      { category: 'error', outcome: 'accepted', reason: '', quantity: 200 - lost },
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
