import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerUser } from './support/accounts';
import { startSentryPageServer } from './support/sentry-page';
import { buildShop, sentryCli } from '../tests/support/js-build';

// #29: a shop's front end built by webpack 5 (terser) and by rollup 4 + terser, debug IDs injected and uploaded
// by the real sentry-cli, run with the real @sentry/browser on another origin. Event handlers, a function terser
// inlined into its caller, an unhandled async rejection and a class method: every frame of the shop's own code
// carries the original function's name (before, the handler frames were named by their call site's token and
// the inlined function by a variable at its call site).

type Frame = { filename: string; function?: string };
const appOrigin = () => new URL(test.info().project.use.baseURL!).origin;

async function data<T>(request: APIRequestContext, url: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await request.get(url) : await request.post(url, { data: body });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data as T;
}

for (const bundler of ['webpack', 'rollup'] as const) {
  test(`${bundler} + terser: original function names on every frame of the app`, async ({ page }) => {
    test.setTimeout(120_000);
    const request = page.request;
    const user = await registerUser(request, { name: `Names ${bundler} ${Date.now()}`, verify: true });
    expect(
      (await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
    ).toBe(200);
    const project = await data<{ id: string; slug: string; keys: { sentryDsn: string }[] }>(
      request,
      '/api/v1/projects',
      { name: `Shop ${bundler}` },
    );
    const me = await data<{ organization: { slug: string } }>(request, '/api/v1/auth/me');
    const token = await data<{ token: string }>(request, '/api/v1/organization/tokens', {
      name: 'ci',
      scopes: ['releases'],
    });
    const env = {
      SENTRY_URL: appOrigin(),
      SENTRY_AUTH_TOKEN: token.token,
      SENTRY_ORG: me.organization.slug,
      SENTRY_PROJECT: project.slug,
    };
    const release = `shop@${bundler}`;

    const app = await buildShop(bundler);
    await sentryCli(['sourcemaps', 'inject', app.dist], env);
    await sentryCli(['sourcemaps', 'upload', '--release', release, app.dist], env);
    const js = fs.readFileSync(path.join(app.dist, app.file), 'utf8');
    const site = await startSentryPageServer({
      '/index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>Sentry.init({ dsn: ${JSON.stringify(project.keys[0].sentryDsn)}, release: ${JSON.stringify(release)}, tracesSampleRate: 0 });</script>
</head><body><main><button id="buy">Buy</button> <button id="cart">Cart</button> <button id="pay">Pay</button></main>
<script src="/assets/${app.file}"></script></body></html>`,
      [`/assets/${app.file}`]: js,
    });
    try {
      await page.goto(`${site.origin}/index.html`);
      for (const id of ['buy', 'cart', 'pay']) await page.click(`#${id}`);
      const issuesPath = `/api/v1/projects/${project.id}/issues`;
      await expect
        .poll(async () => (await data<{ issues: unknown[] }>(request, issuesPath)).issues.length, { timeout: 20_000 })
        .toBe(3);
      const issues = (await data<{ issues: { id: string; title: string }[] }>(request, issuesPath)).issues;
      const names: Record<string, string[]> = {};
      for (const issue of issues) {
        const detail = await data<{ events: { stacktrace: { frames: Frame[] } }[] }>(
          request,
          `${issuesPath}/${issue.id}`,
        );
        names[issue.title] = detail.events[0].stacktrace.frames
          .filter((f) => f.filename === 'src/shop.js')
          .map((f) => f.function ?? '');
      }
      // The release page shows what CI did: the deploy and both artifacts, usable.
      await sentryCli(['deploys', 'new', '-r', release, '-e', 'production'], env);
      await page.goto(`/projects/${project.id}/releases/${encodeURIComponent(release)}`);
      await expect(page.getByTestId('release-deploys')).toContainText('production');
      await expect(page.getByTestId('artifact-usable')).toHaveText(['Yes', 'Yes']);
      expect(names).toEqual({
        // loadProfile (and lookupProfile) inlined into the click handler: one frame, in loadProfile's code.
        "TypeError: Cannot read properties of undefined (reading 'toUpperCase')": ['loadProfile'],
        'Error: cart 7 unavailable': ['fetchCart'],
        'TypeError: card declined': ['Checkout.pay', 'onPay'],
      });
    } finally {
      await site.close();
      fs.rmSync(app.dir, { recursive: true, force: true });
    }
  });
}
