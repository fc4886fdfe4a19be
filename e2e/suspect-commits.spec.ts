import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// Suspect commits (#49): a release's commits as sentry-cli's set-commits sends them (the API test drives the real
// sentry-cli and @sentry/node), an error in a file one of them changed: the issue page's panel names that commit's
// author and message first, with its short sha and the matched file:line; an issue without a release says why it
// has none. 1280 and 390 px.

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

async function data<T>(request: APIRequestContext, url: string, body?: unknown, method = 'POST'): Promise<T> {
  const res = body === undefined ? await request.get(url) : await request.fetch(url, { method, data: body as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data as T;
}

test('the issue page names the suspect commit, its author and message; without a release it says why', async ({
  page,
}) => {
  const request = page.request;
  const { project, key } = await signInWithProject(page, request, 'Suspects shop');
  const me = await data<{ organization: { slug: string } }>(request, '/api/v1/auth/me');
  const token = await data<{ token: string }>(request, '/api/v1/organization/tokens', {
    name: 'ci',
    scopes: ['releases'],
  });
  const ci = (url: string, body: object, method = 'POST') =>
    request.fetch(`/api/0/organizations/${me.organization.slug}/releases/${url}`, {
      method,
      headers: { Authorization: `Bearer ${token.token}` },
      data: body,
    });
  expect(
    (await ci('', { version: 'shop@2.0.0', projects: [(project as typeof project & { slug: string }).slug] })).status(),
  ).toBe(201);
  const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
  const put = await ci(
    'shop@2.0.0/',
    {
      commits: [
        {
          id: sha,
          repository: 'acme/shop',
          author_name: 'Grace Hopper',
          author_email: 'grace@example.com',
          message: 'Round totals per line\n\nThe cart sums rounded lines.',
          timestamp: '2026-11-20T09:30:00Z',
          patch_set: [{ path: 'src/cart/totals.js', type: 'M' }],
        },
        {
          id: 'ffffeeeeddddccccbbbbaaaa9999888877776666',
          author_name: 'Linus Torvalds',
          author_email: 'linus@example.com',
          message: 'Update the footer',
          timestamp: '2026-11-21T09:30:00Z',
          patch_set: [{ path: 'src/footer.js', type: 'M' }],
        },
      ],
    },
    'PUT',
  );
  expect(put.status(), await put.text()).toBe(200);

  const send = async (type: string, value: string, release?: string) => {
    const res = await request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
      data: {
        exception: {
          type,
          value,
          stacktrace: {
            frames: [
              { filename: 'https://shop.example/src/cart/totals.js', function: 'lineTotal', lineno: 42 },
              { filename: 'https://shop.example/src/cart/index.js', function: 'checkout', lineno: 7 },
            ],
          },
        },
        ...(release ? { release } : {}),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await send('TypeError', 'price is undefined', 'shop@2.0.0');
  const issues = await data<{ issues: { id: string; title: string }[] }>(
    request,
    `/api/v1/projects/${project.id}/issues`,
  );
  const issueId = issues.issues.find((i) => i.title === 'TypeError: price is undefined')!.id;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${project.id}/issues/${issueId}`);
  const panel = page.getByTestId('suspect-commits');
  await expect(panel.getByRole('heading', { name: 'Suspect commits' })).toBeVisible();
  const rows = panel.getByTestId('suspect-commit');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('suspect-commit-author')).toHaveText('Grace Hopper');
  await expect(rows.first().getByTestId('suspect-commit-message')).toHaveText('Round totals per line');
  await expect(rows.first()).toContainText('a1b2c3d');
  await expect(rows.first()).toContainText('GH');
  await expect(rows.first().getByTestId('suspect-commit-file')).toContainText('src/cart/totals.js:42');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('suspect-commits-1280'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first().getByTestId('suspect-commit-author')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('suspect-commits-390'), fullPage: true });

  // No release on its first event (another issue: another type): the panel says so.
  await send('RangeError', 'quantity is undefined');
  const other = (
    await data<{ issues: { id: string; title: string }[] }>(request, `/api/v1/projects/${project.id}/issues`)
  ).issues.find((i) => i.title === 'RangeError: quantity is undefined')!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${project.id}/issues/${other.id}`);
  await expect(page.getByTestId('suspect-commits-empty')).toHaveText(
    'No suspect commits. The first event named no release. Send the release from the SDK and its commits with sentry-cli releases set-commits.',
  );
});
