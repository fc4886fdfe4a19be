import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startSentryPageServer } from './support/sentry-page';

// #34 in Chromium: a page with the real @sentry/browser (tracing, trace propagation to the API) calls an API run
// with the real @sentry/node, which runs two queries and fails. One trace holds the page load, the server
// transaction, both queries and the error: read through the API, and seen as a waterfall reached from the error.

type Project = { id: string; number: number; keys: { sentryDsn: string }[] };

const page = (dsn: string, api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'web@3.0.0', environment: 'e2e', tracesSampleRate: 1,
  integrations: [Sentry.browserTracingIntegration()], tracePropagationTargets: [${JSON.stringify(api)}] });
</script>
</head><body><main><h1>Checkout</h1><button id="pay" type="button">Pay</button><p id="done"></p></main>
<script>
document.getElementById('pay').addEventListener('click', function () {
  fetch(${JSON.stringify(`${api}/checkout`)}).then(function (r) { document.getElementById('done').textContent = 'status ' + r.status; });
});
</script>
</body></html>`;

test('one trace from the browser through the API: page load, server transaction, both queries and the error', async ({
  page: dashboard,
  browser,
}) => {
  test.setTimeout(120_000);
  const request = dashboard.request;
  await registerUser(request, { name: `Traces owner ${Date.now()}`, verify: true });
  // One project for the page and the API (a FREE organization has one; traces across projects are in tests/api/traces.test.ts).
  const api = (await (await request.post('/api/v1/projects', { data: { name: 'Shop' } })).json()).data as Project;
  const web = api;
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, '../tests/support/traces-sdks/sentry-api-server.cjs'),
      api.keys[0].sentryDsn,
      process.env.E2E_PG_URL!,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const port = await new Promise<string>((resolve) =>
      child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
    );
    const apiUrl = `http://127.0.0.1:${port}`;
    const site = await startSentryPageServer({ '/shop.html': page(web.keys[0].sentryDsn, apiUrl) });
    try {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      await visitor.goto(`${site.origin}/shop.html`);
      await visitor.click('#pay');
      await expect(visitor.locator('#done')).toHaveText('status 500');
      // The page load ends (and is sent) when the page goes away.
      await visitor.waitForTimeout(1500);
      await context.close();
    } finally {
      await site.close();
    }

    // The API's error carries the trace the browser started.
    type Issue = { id: string; title: string };
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/v1/projects/${api.id}/issues`)).json()).data.issues as Issue[]).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const issue = ((await (await request.get(`/api/v1/projects/${api.id}/issues`)).json()).data.issues as Issue[])[0];
    const event = (await (await request.get(`/api/v1/projects/${api.id}/issues/${issue.id}`)).json()).data
      .events[0] as { id: string; contexts: { trace: { trace_id: string } } };
    const traceId = event.contexts.trace.trace_id;
    type Trace = {
      spans: { op: string; description: string; projectId: string }[];
      transactions: { projectId: string; name: string }[];
      errors: { issueId: string }[];
    };
    await expect
      .poll(
        async () => {
          const t = (await (await request.get(`/api/v1/organization/traces/${traceId}`)).json()).data as
            Trace | undefined;
          return t ? t.spans.some((s) => s.op === 'pageload') && t.spans.some((s) => s.op === 'http.server') : false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const t = (await (await request.get(`/api/v1/organization/traces/${traceId}`)).json()).data as Trace;
    expect(t.spans.some((s) => s.op === 'pageload' && s.projectId === web.id)).toBe(true);
    expect(t.spans.some((s) => s.op === 'http.client' && s.projectId === web.id)).toBe(true);
    expect(t.spans.some((s) => s.op === 'http.server' && s.projectId === api.id)).toBe(true);
    expect(
      t.spans.filter((s) => s.op === 'db' && s.description.startsWith('SELECT')).map((s) => s.description),
    ).toEqual(['SELECT ? AS one', 'SELECT count(*) AS n FROM projects WHERE name = ?']);
    expect(t.errors.map((e) => e.issueId)).toEqual([issue.id]);

    // From the error to its trace, in the dashboard.
    await dashboard.goto(`/projects/${api.id}/issues/${issue.id}/events/${event.id}`);
    await dashboard.getByRole('link', { name: 'View trace' }).click();
    await expect(dashboard).toHaveURL(new RegExp(`/traces/${traceId}$`));
    const waterfall = dashboard.getByTestId('waterfall');
    await expect(waterfall.locator('[data-op="pageload"]')).toHaveCount(1);
    await expect(waterfall.locator('[data-op="db"]').filter({ hasText: 'SELECT ? AS one' })).toHaveCount(1);
    await expect(waterfall.locator('[data-error="true"]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(dashboard);

    // Its log line on the Logs page, linked back to the trace; where the time goes on the transaction's page.
    await dashboard.goto(`/projects/${api.id}/logs`);
    const line = dashboard.getByTestId('log').filter({ hasText: 'Payment declined for cart c-42' });
    await expect(line).toHaveAttribute('data-level', 'warn');
    await expectNoSeriousA11yViolations(dashboard);
    await line.getByRole('button').click();
    await line.getByRole('link', { name: 'View trace' }).click();
    await expect(dashboard).toHaveURL(new RegExp(`/traces/${traceId}$`));
    await dashboard.goto(`/projects/${api.id}/performance/${encodeURIComponent('/checkout')}`);
    await expect(dashboard.getByTestId('span-groups')).toContainText('SELECT ? AS one');
    await expectNoSeriousA11yViolations(dashboard);
  } finally {
    child.kill();
  }
});
