import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

type Project = { projectId: string; publicKey: string };

function envelope(type: string, value: string, extra: Record<string, unknown> = {}) {
  return {
    exception: {
      type,
      value,
      stacktrace: { frames: [{ filename: 'https://shop.example/static/js/app.js', function: `on${type}`, lineno: 7 }] },
    },
    level: 'error',
    ...extra,
  };
}

async function send(request: APIRequestContext, { projectId, publicKey }: Project, body: unknown) {
  const res = await request.post(`/api/v1/ingest/${projectId}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${publicKey}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A verified user signed in on the page's context, with one project (all through the API: this spec is about the list). */
async function signedInWithProject(page: Page): Promise<Project> {
  const user = await registerUser(page.request, { verify: true });
  const login = await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const created = await page.request.post('/api/v1/projects', { data: { name: 'Storefront' } });
  expect(created.status()).toBe(201);
  const project = (await created.json()).data as { id: string; keys: { publicKey: string }[] };
  return { projectId: project.id, publicKey: project.keys[0].publicKey };
}

const issueId = async (page: Page, project: Project, title: string) => {
  const res = await page.request.get(`/api/v1/projects/${project.projectId}/issues`, {
    params: { query: `"${title.split(': ')[1]}"`, limit: 50 },
  });
  const issues = (await res.json()).data.issues as { id: string; title: string }[];
  return issues.find((i) => i.title === title)!.id;
};

test('type a query: the list and the URL follow, a reload keeps both; sort; a bad query shows its reason under the box', async ({
  page,
}) => {
  const project = await signedInWithProject(page);
  await send(
    page.request,
    project,
    envelope('CheckoutError', 'card declined', { environment: 'production', tags: { browser: 'Chrome' } }),
  );
  await send(
    page.request,
    project,
    envelope('CartError', 'cart empty', { environment: 'staging', tags: { browser: 'Firefox' } }),
  );
  for (let i = 0; i < 3; i++)
    await send(
      page.request,
      project,
      envelope('StockError', 'out of stock', { environment: 'production', tags: { browser: 'Firefox' } }),
    );
  await send(
    page.request,
    project,
    envelope('OldError', 'long gone', { environment: 'production', tags: { browser: 'Firefox' } }),
  );
  const old = await issueId(page, project, 'OldError: long gone');
  expect(
    (
      await page.request.patch(`/api/v1/projects/${project.projectId}/issues/${old}`, { data: { status: 'RESOLVED' } })
    ).status(),
  ).toBe(200);

  await page.goto(`/projects/${project.projectId}/issues`);
  const box = page.getByRole('searchbox', { name: 'Search issues' });
  const rows = page.getByTestId('issue-row');
  // Triage starts at unresolved issues: the resolved one is not listed.
  await expect(box).toHaveValue('is:unresolved');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('checked-count')).toHaveText('3 issues');
  await expect(page.getByText('OldError: long gone')).toHaveCount(0);

  await box.fill('is:unresolved browser:Firefox');
  await box.press('Enter');
  await expect(page).toHaveURL(/query=is%3Aunresolved\+browser%3AFirefox/);
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId('issue-title-link')).toHaveText(['StockError: out of stock', 'CartError: cart empty']);

  await page.getByLabel('Sort by').selectOption('events');
  await expect(page).toHaveURL(/sort=events/);
  await expect(rows.getByTestId('issue-title-link')).toHaveText(['StockError: out of stock', 'CartError: cart empty']);
  await expect(rows.first().getByTestId('event-count')).toHaveText('3');

  await page.reload();
  await expect(box).toHaveValue('is:unresolved browser:Firefox');
  await expect(page.getByLabel('Sort by')).toHaveValue('events');
  await expect(rows.getByTestId('issue-title-link')).toHaveText(['StockError: out of stock', 'CartError: cart empty']);
  await expectNoSeriousA11yViolations(page);

  // The status picker edits the same text: "Resolved" swaps the is: term and the resolved issue appears.
  await page.getByLabel('Status').selectOption('RESOLVED');
  await expect(box).toHaveValue('is:resolved browser:Firefox');
  await expect(rows.getByTestId('issue-title-link')).toHaveText(['OldError: long gone']);

  await box.fill('browser:Firefox level:loud');
  await box.press('Enter');
  const problem = page.getByTestId('issue-search-error');
  await expect(problem).toHaveText('Unknown level "loud": use fatal, error, warning, info or debug (at character 23)');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAttribute('aria-describedby', /issue-search-error/);
  await expect(rows).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Every issue: an empty query.
  await box.fill('');
  await box.press('Enter');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('checked-count')).toHaveText('4 issues');
});

test('live: a new issue appears within the refresh interval without a reload; a status change shows a toast and Undo puts it back', async ({
  page,
}) => {
  const project = await signedInWithProject(page);
  const long = `a very long message that would once have been cut at about 370 pixels although the row had plenty of room left ${'x'.repeat(40)}`;
  await send(page.request, project, envelope('FirstError', long));
  await page.goto(`/projects/${project.projectId}/issues`);
  const rows = page.getByTestId('issue-row');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('checked-count')).toHaveText('1 issue');
  // The full title on hover, and the title cell spans the row's free width.
  const link = rows.first().getByTestId('issue-title-link');
  await expect(link).toHaveAttribute('title', `FirstError: ${long}`);
  const [linkBox, rowBox] = [await link.boundingBox(), await rows.first().boundingBox()];
  expect(linkBox!.width).toBeGreaterThan(rowBox!.width * 0.5);

  await send(page.request, project, envelope('ArrivedLater', 'while the page was open'));
  await expect(page.getByText('ArrivedLater: while the page was open')).toBeVisible({ timeout: 12_000 });
  await expect(rows).toHaveCount(2);

  const later = rows.filter({ hasText: 'ArrivedLater' });
  const id = (await later.getAttribute('data-issue-id'))!;
  await later.getByRole('button', { name: 'Resolve ArrivedLater: while the page was open' }).click();
  const toasts = page.getByRole('region', { name: 'Notifications' });
  await expect(toasts.getByText('Resolved 1 issue')).toBeVisible();
  await expect(page.locator(`[data-issue-id="${id}"]`)).toHaveCount(0);
  await toasts.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator(`[data-issue-id="${id}"]`).getByTestId('status-badge')).toHaveText('Unresolved');
  const after = await page.request.get(`/api/v1/projects/${project.projectId}/issues/${id}`);
  expect((await after.json()).data.status).toBe('UNRESOLVED');
  await expectNoSeriousA11yViolations(page);
});

test('375 px: issues as cards, nothing sideways; the environment selector filters the list and carries to Performance', async ({
  page,
}) => {
  const project = await signedInWithProject(page);
  await send(page.request, project, envelope('ProdError', 'only in production', { environment: 'production' }));
  await send(page.request, project, envelope('StagingError', 'only in staging', { environment: 'staging' }));

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/projects/${project.projectId}/issues`);
  const rows = page.getByTestId('issue-row');
  await expect(rows).toHaveCount(2);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // Cards: no column headers, each card as wide as the list.
  await expect(page.getByRole('columnheader', { name: 'Issue' })).toBeHidden();
  await expect(rows.first().getByTestId('user-count-card')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/issue-cards-375.png', fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Environment').selectOption('staging');
  await expect(page).toHaveURL(/environment=staging/);
  await expect(rows.getByTestId('issue-title-link')).toHaveText(['StagingError: only in staging']);
  await expect(page.getByTestId('checked-count')).toHaveText('1 issue');

  const perf = page.waitForRequest(
    (r) => r.url().includes('/performance/transactions') && r.url().includes('environment=staging'),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Performance' }).click();
  await expect(page).toHaveURL(/\/performance\?environment=staging/);
  await perf;
  await expect(page.getByLabel('Environment')).toHaveValue('staging');
});
