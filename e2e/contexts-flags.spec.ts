import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startSentryPageServer } from './support/sentry-page';

// #58 in Chromium: a shop page with the real @sentry/browser 11 sets a context of its own (`Sentry.setContext`,
// nested values) and evaluates two feature flags through featureFlagsIntegration while its page load runs, then
// fails. The event page shows the context in its own panel and the flags as a table; the issue page lists the flags
// beside its tags and one of their values leads to the issue list searched for it; the trace view shows the flag the
// page-load span recorded (`flag.evaluation.new-checkout`).

type Project = { id: string; number: number; keys: { sentryDsn: string }[] };

const order = { id: 'o-1042', status: 'paid', lines: [{ sku: 'A-1', qty: 2 }], customer: { tier: 'gold' } };

const shop = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({ dsn: ${JSON.stringify(dsn)}, environment: 'e2e', tracesSampleRate: 1, normalizeDepth: 6,
  integrations: [Sentry.browserTracingIntegration(), Sentry.featureFlagsIntegration()] });
var flags = Sentry.getClient().getIntegrationByName('FeatureFlags');
flags.addFeatureFlag('new-checkout', true);
flags.addFeatureFlag('dark-mode', false);
Sentry.setContext('order', ${JSON.stringify(order)});
</script>
</head><body><main><h1>Checkout</h1></main>
<script>
function chargeCard() { throw new TypeError('card form missing for order o-1042'); }
setTimeout(function onTimer() { chargeCard(); }, 50);
</script></body></html>`;

async function projectFor(request: APIRequestContext): Promise<Project> {
  await registerUser(request, { name: `Flags owner ${Date.now()}`, verify: true });
  const res = await request.post('/api/v1/projects', { data: { name: 'Shop flags' } });
  expect(res.status()).toBe(201);
  return (await res.json()).data as Project;
}

test('a context and feature flags from @sentry/browser: event page panels, the issue facet and search, the span flags', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const project = await projectFor(request);
  const site = await startSentryPageServer({ '/shop.html': shop(project.keys[0].sentryDsn) });
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.origin}/shop.html`);
    // The page load ends (and is sent) once the page is idle, or when it goes away.
    await visitor.waitForTimeout(2500);
    await context.close();
  } finally {
    await site.close();
  }

  type Issue = { id: string; title: string };
  const issuesOf = async (query = '') =>
    (await (await request.get(`/api/v1/projects/${project.id}/issues`, { params: { query } })).json()).data
      .issues as Issue[];
  await expect.poll(async () => (await issuesOf()).length, { timeout: 20_000 }).toBe(1);
  const [issue] = await issuesOf();
  const event = (await (await request.get(`/api/v1/projects/${project.id}/issues/${issue.id}`)).json()).data
    .events[0] as { id: string; contexts: Record<string, unknown> & { trace: { trace_id: string } } };
  expect(event.contexts.order).toEqual(order);
  expect(event.contexts.flags).toEqual({
    values: [
      { flag: 'new-checkout', result: true },
      { flag: 'dark-mode', result: false },
    ],
  });
  expect((await issuesOf('flags.new-checkout:true')).map((i) => i.id)).toEqual([issue.id]);
  expect(await issuesOf('flags.dark-mode:true')).toEqual([]);

  // The event page: the order in its own panel, nested values readable; the flags as a table.
  await page.goto(`/projects/${project.id}/issues/${issue.id}/events/${event.id}`);
  const orderPanel = page.locator('[data-testid="context"][data-context="order"]');
  await expect(orderPanel).toContainText('o-1042');
  await expect(orderPanel).toContainText('"sku": "A-1"');
  await expect(orderPanel).toContainText('"tier": "gold"');
  await expect(page.getByRole('heading', { name: 'order', exact: true })).toBeVisible();
  await expect(page.getByTestId('contexts').getByRole('heading', { name: 'Culture' })).toBeVisible();
  const flagRows = page.getByTestId('feature-flag');
  await expect(flagRows).toHaveCount(2);
  await expect(flagRows.nth(0)).toHaveText(['new-checkout', 'true'].join(''));
  await expect(flagRows.nth(1)).toHaveText(['dark-mode', 'false'].join(''));
  await expectNoSeriousA11yViolations(page);

  // The issue page lists the flags with their values; a value opens the list searched for it.
  await page.goto(`/projects/${project.id}/issues/${issue.id}`);
  const facet = page.getByTestId('issue-flags').locator('[data-tag-key="flags.new-checkout"]');
  await expect(facet).toContainText('new-checkout');
  await expect(facet.getByTestId('tag-share')).toHaveText('100%');
  await expect(page.getByTestId('issue-tags').locator('[data-tag-key^="contexts."]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await facet.getByRole('link', { name: 'true' }).click();
  await expect(page).toHaveURL(/query=flags\.new-checkout%3Atrue/);
  await expect(page.getByRole('link', { name: /card form missing/ })).toBeVisible();

  // The trace view: the page-load span recorded the flags evaluated while it ran.
  const traceId = event.contexts.trace.trace_id;
  await expect
    .poll(
      async () => {
        const t = (await (await request.get(`/api/v1/organization/traces/${traceId}`)).json()).data as
          { spans: { op: string; data: Record<string, unknown> | null }[] } | undefined;
        return t?.spans.find((s) => s.op === 'pageload')?.data?.['flag.evaluation.new-checkout'];
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.goto(`/traces/${traceId}`);
  const pageload = page.getByTestId('waterfall').locator('[data-op="pageload"]');
  await pageload.getByRole('button').first().click();
  const spanFlags = pageload.getByTestId('span-flags');
  await expect(spanFlags).toContainText('new-checkout');
  await expect(spanFlags.getByRole('row', { name: /new-checkout true/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
