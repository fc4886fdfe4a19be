import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerUser } from './support/accounts';
import { startSentryPageServer } from './support/sentry-page';
import { expectNoSeriousA11yViolations } from './support/axe';

// #31: three visitors load a page with the real @sentry/browser (its session per page load, a user each); one page
// throws an unhandled error, which ends its session as `unhandled` (counted with crashed, as Sentry does). Crash-free sessions and users are 2 of 3, read from the API
// and seen on the Releases page and the release's page.

type Project = { id: string; number: number; keys: { sentryDsn: string }[] };

async function projectFor(request: APIRequestContext): Promise<Project> {
  const user = await registerUser(request, { name: `Health owner ${Date.now()}`, verify: true });
  expect(
    (await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const res = await request.post('/api/v1/projects', { data: { name: 'Healthy shop' } });
  expect(res.status()).toBe(201);
  return (await res.json()).data as Project;
}

const shop = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
var user = new URLSearchParams(location.search).get('user');
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'shop@4.0.0', environment: 'e2e', tracesSampleRate: 0, initialScope: { user: { id: user } } });
</script>
</head><body><main><h1>Shop</h1><button id="pay">Pay</button></main>
<script>document.getElementById('pay').addEventListener('click', function () { throw new Error('card reader exploded'); });</script>
</body></html>`;

test('release health from the real @sentry/browser: 2 of 3 sessions and users crash-free, on the pages', async ({
  browser,
  page,
}) => {
  // The page's own request context: signed in there, the dashboard pages are too.
  const request = page.request;
  const project = await projectFor(request);
  const site = await startSentryPageServer({ '/shop.html': shop(project.keys[0].sentryDsn) });
  try {
    for (const user of ['ada', 'grace', 'linus']) {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      const sent = visitor.waitForRequest(
        (r) =>
          r.url().includes(`/api/${project.number}/envelope/`) && (r.postData() ?? '').includes('"type":"session"'),
      );
      await visitor.goto(`${site.origin}/shop.html?user=${user}`);
      await sent;
      if (user === 'linus') {
        const crashed = visitor.waitForRequest(
          (r) =>
            r.url().includes(`/api/${project.number}/envelope/`) &&
            /"status":"(crashed|unhandled)"/.test(r.postData() ?? ''),
        );
        await visitor.click('#pay');
        await crashed;
      }
      await context.close();
    }
    const read = async () =>
      (await (await request.get(`/api/v1/projects/${project.id}/release-health`)).json()).data.releases as {
        version: string;
        sessions: number;
        crashed: number;
        users: number;
        crashFreeSessions: number;
        crashFreeUsers: number;
      }[];
    await expect
      .poll(async () => (await read()).find((r) => r.version === 'shop@4.0.0')?.crashed ?? 0, { timeout: 15_000 })
      .toBe(1);
    expect((await read()).find((r) => r.version === 'shop@4.0.0')).toMatchObject({
      sessions: 3,
      crashed: 1,
      users: 3,
      crashFreeSessions: 0.6667,
      crashFreeUsers: 0.6667,
    });

    // The project's card on the home page: the latest releases' crash-free rate.
    await page.goto('/');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Healthy shop', exact: true }) });
    await expect(card.getByTestId('latest-releases-health')).toContainText(/shop@4\.0\.0\s*66\.67 %/);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/projects/${project.id}/releases`);
    const row = page.getByRole('row', { name: /shop@4\.0\.0/ });
    await expect(row.getByTestId('crash-free-sessions')).toHaveText('66.67 %');
    await expect(row.getByTestId('crash-free-users')).toHaveText('66.67 %');
    await expect(row.getByTestId('release-sessions')).toHaveText('3');
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('link', { name: 'shop@4.0.0' }).click();
    await expect(page.getByTestId('release-health')).toContainText('66.67 %');
    await expectNoSeriousA11yViolations(page);
  } finally {
    await site.close();
  }
});
