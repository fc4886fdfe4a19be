import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { startStaticSite } from './support/sdk-page';
import { buildApp, sentryCli } from '../tests/support/js-build';

// A customer's CI builds a minified bundle with esbuild, injects debug IDs and uploads it with its map using
// the real sentry-cli and one of our tokens; their site (another origin) throws; the issue page shows the
// original functions, file and source lines, and a second build of the same code lands in the same issue.

type Frame = { filename: string; function?: string; lineno: number; context_line?: string; raw?: { filename: string } };
const appOrigin = () => new URL(test.info().project.use.baseURL!).origin;

async function data<T>(request: APIRequestContext, method: 'get' | 'post', url: string, body?: unknown): Promise<T> {
  const res = method === 'get' ? await request.get(url) : await request.post(url, { data: body });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data as T;
}

/** Builds variant `n` of the app, injects and uploads it as release `shop@n`, and serves it from a page that throws on click. */
async function deploy(n: number, env: Record<string, string>, dsn: string) {
  const app = await buildApp(n);
  await sentryCli(['sourcemaps', 'inject', app.dist], env);
  await sentryCli(['sourcemaps', 'upload', '--release', `shop@${n}`, app.dist], env);
  const js = fs.readFileSync(path.join(app.dist, app.file), 'utf8');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${appOrigin()}/sdk/browser.js"></script>
<script>Tracker.init({ dsn: ${JSON.stringify(dsn)}, release: 'shop@${n}' });</script>
<script src="/assets/${app.file}"></script>
</head><body><main><button id="buy" onclick="boom()">Buy</button></main></body></html>`;
  return startStaticSite({ '/index.html': html, [`/assets/${app.file}`]: js });
}

async function throwOn(page: Page, origin: string) {
  await page.goto(`${origin}/index.html`);
  await expect.poll(() => page.evaluate(() => typeof (window as { boom?: unknown }).boom)).toBe('function');
  await page.click('#buy');
}

test('minified bundle + sentry-cli upload → original frames on the issue page; a rebuild keeps the issue', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const request = page.request;
  const user = await registerUser(request, { name: `Maps owner ${Date.now()}`, verify: true });
  expect(
    (await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const project = await data<{ id: string; slug: string; keys: { dsn: string }[] }>(
    request,
    'post',
    '/api/v1/projects',
    { name: 'Shop' },
  );
  const me = await data<{ organization: { slug: string } }>(request, 'get', '/api/v1/auth/me');
  const token = await data<{ token: string }>(request, 'post', '/api/v1/organization/tokens', {
    name: 'ci',
    scopes: ['releases'],
  });
  const env = {
    SENTRY_URL: appOrigin(),
    SENTRY_AUTH_TOKEN: token.token,
    SENTRY_ORG: me.organization.slug,
    SENTRY_PROJECT: project.slug,
  };
  const dsn = project.keys[0].dsn;

  const first = await deploy(1, env, dsn);
  try {
    await throwOn(page, first.origin);
  } finally {
    await first.close();
  }
  const issuesPath = `/api/v1/projects/${project.id}/issues`;
  await expect
    .poll(async () => (await data<{ issues: unknown[] }>(request, 'get', issuesPath)).issues.length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [issue] = (await data<{ issues: { id: string }[] }>(request, 'get', issuesPath)).issues;
  const detail = await data<{ events: { stacktrace: { frames: Frame[] } }[] }>(
    request,
    'get',
    `${issuesPath}/${issue.id}`,
  );
  const frames = detail.events[0].stacktrace.frames;
  expect(frames.slice(0, 2).map((f) => [f.function, f.filename, f.lineno])).toEqual([
    ['explode', 'src/main.js', 2],
    ['handleClick', 'src/main.js', 6],
  ]);
  expect(frames[0].raw?.filename).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/main\.[A-Z0-9]+\.js$/);

  await page.goto(`/projects/${project.id}/issues/${issue.id}`);
  const throwSite = page.getByTestId('frame-throw-site').first();
  await expect(throwSite.getByTestId('frame-function')).toHaveText('explode');
  await expect(throwSite.getByTestId('frame-file')).toHaveText('src/main.js');
  await expect(throwSite.getByTestId('context-line-current')).toContainText('return input.missing.value;');
  await expect(page.getByTestId('issue-first-release')).toHaveText('shop@1');
  await throwSite.getByTestId('show-minified').click();
  await expect(throwSite.getByTestId('minified-frame')).toContainText('/assets/main.');
  await page.screenshot({ path: path.join('test-results', 'screens', 'sourcemaps-issue.png'), fullPage: true });

  const second = await deploy(2, env, dsn);
  try {
    await throwOn(page, second.origin);
  } finally {
    await second.close();
  }
  await expect
    .poll(async () => (await data<{ eventCount: number }>(request, 'get', `${issuesPath}/${issue.id}`)).eventCount, {
      timeout: 20_000,
    })
    .toBe(2);
  expect((await data<{ issues: unknown[] }>(request, 'get', issuesPath)).issues).toHaveLength(1);
  await page.goto(`/projects/${project.id}/issues/${issue.id}`);
  await expect(page.getByTestId('issue-last-release')).toHaveText('shop@2');
});
