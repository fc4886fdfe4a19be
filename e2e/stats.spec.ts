import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

// The Stats page (#28): a team sees at once why events are missing.

test('the Stats page shows what was stored, refused and skipped, with the reason', async ({ page, request }) => {
  const { project, key } = await signInWithProject(page, request, 'Stats shop');
  const full = (await (await page.request.get(`/api/v1/projects/${project.id}`)).json()).data as { number: number };
  const ingest = (body: unknown) =>
    request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'x-ingest-auth': `ingest_key=${key}` },
      data: body,
    });
  const frames = [{ filename: 'app.js', lineno: 1 }];
  expect((await ingest({ exception: { type: 'TypeError', value: 'one', stacktrace: { frames } } })).status()).toBe(200);
  expect((await ingest({ exception: { type: 'TypeError', value: 'two', stacktrace: { frames } } })).status()).toBe(200);
  expect((await ingest({ exception: { type: 'TypeError', stacktrace: { frames } } })).status()).toBe(400);
  // Metrics (#61): one point each, three kept, one refused (NaN, which JSON.stringify sends as null).
  const metric = (value: number | null) => ({ timestamp: Date.now() / 1000, name: 'cart.size', type: 'gauge', value });
  const metrics = JSON.stringify({ version: 2, items: [metric(1), metric(2), metric(null), metric(3)] });
  const envelope = [
    JSON.stringify({}),
    JSON.stringify({ type: 'replay_video', length: 2 }),
    '{}',
    JSON.stringify({ type: 'trace_metric', length: Buffer.byteLength(metrics) }),
    metrics,
    JSON.stringify({ type: 'client_report' }),
    JSON.stringify({
      timestamp: Date.now() / 1000,
      discarded_events: [{ reason: 'queue_overflow', category: 'error', quantity: 4 }],
    }),
  ].join('\n');
  expect(
    (
      await request.post(`/api/${full.number}/envelope/`, {
        headers: { 'x-sentry-auth': `Sentry sentry_key=${key}` },
        data: envelope,
      })
    ).status(),
  ).toBe(200);

  await page.goto(`/projects/${project.id}/issues`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/stats$`));
  await expect(page.getByRole('heading', { name: 'Stats' })).toBeVisible();
  // One card per kind of item (#45): the errors' totals, and the mobile replay video's (not stored) apart.
  const errors = page.getByTestId('category-error');
  await expect(errors.getByTestId('total-accepted')).toHaveText('2');
  await expect(errors.getByTestId('total-invalid')).toHaveText('1');
  await expect(page.getByTestId('category-replay').getByTestId('total-unsupported')).toHaveText('1');
  const metricsCard = page.getByTestId('category-trace_metric');
  await expect(metricsCard.getByTestId('total-accepted')).toHaveText('3');
  await expect(metricsCard.getByTestId('total-invalid')).toHaveText('1');
  await expect(errors.getByTestId('total-client_discard')).toHaveText('4');
  const table = page.getByRole('region', { name: 'Outcomes by category and reason' });
  await expect(table.getByRole('row')).toHaveCount(7);
  await expect(table.getByRole('row', { name: /Metrics Accepted — 3/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Metrics Invalid validation: value 1/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Errors Dropped by the SDK queue_overflow 4/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Errors Invalid validation: exception.value 1/ })).toBeVisible();
  await expect(
    table.getByRole('row', { name: /Replay segments Not stored \(unsupported\) not_stored 1/ }),
  ).toBeVisible();
  await expect(
    errors.getByRole('img', { name: 'Errors, last 30 days: accepted 2, invalid 1, dropped by the sdk 4' }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Replay segments, last 30 days: not stored (unsupported) 1' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Metrics, last 30 days: accepted 3, invalid 1' })).toBeVisible();
  await expect(page).toHaveTitle('Stats · Stats shop · Tracker');
  await expectNoSeriousA11yViolations(page);

  // The organization's view, and the range in the URL.
  await page.getByRole('link', { name: 'Whole organization' }).click();
  await expect(page).toHaveURL(/\/settings\/stats$/);
  await expect(errors.getByTestId('total-accepted')).toHaveText('2');
  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('img', { name: /^Errors, last 7 days: accepted 2/ })).toBeVisible();
});
