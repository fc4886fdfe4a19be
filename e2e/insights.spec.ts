import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

// #62 in Chromium: the real @sentry/node 11 runs known numbers of queries (its PostgreSQL integration) inside
// transactions and calls a loopback server (one 500); Insights › Queries lists the normalised statement with its
// count, and the count's link opens Explore with the same query, which counts the same. Outbound HTTP shows the 500.

const run = promisify(execFile);
const PLAN = {
  transactions: [
    { name: 'GET /orders', lookups: 4, counts: 1 },
    { name: 'POST /checkout', lookups: 3, counts: 0 },
  ],
  calls: ['/users/1', '/users/2', '/fail'],
  cacheReads: [true, false],
  queues: false,
};
const LOOKUP = 'SELECT id FROM projects WHERE number = ?';

test('Queries lists a statement with its count, and the count opens the same query in Explore', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { project } = await signInWithProject(page, request, 'Insights shop');
  const dsn = (project.keys[0] as unknown as { sentryDsn: string }).sentryDsn;
  const { stdout } = await run(
    process.execPath,
    [
      path.join(import.meta.dirname, '../tests/support/insights-sdks/app.cjs'),
      dsn,
      process.env.E2E_PG_URL!,
      JSON.stringify(PLAN),
    ],
    { timeout: 60_000 },
  );
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');

  await page.goto(`/projects/${project.id}/issues`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/insights/queries$`));
  await expect(page.getByRole('heading', { name: 'Insights', exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Insights pages' }).getByRole('link', { name: 'Queries' }),
  ).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: LOOKUP }) });
  await expect(row.getByTestId('query-count')).toHaveText('7');
  await expect(row.getByRole('link', { name: 'GET /orders' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'POST /checkout' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await row.getByTestId('query-count').getByRole('link').click();
  await expect(page).toHaveURL(/\/explore\?dataset=spans&query=span\.op%3Adb\*\+span\.group%3A[0-9a-f]{16}/);
  await expect(page.getByTestId('explore-row').locator('td[data-aggregate="count()"]')).toHaveAttribute(
    'data-value',
    '7',
  );

  await page.goto(`/projects/${project.id}/insights/http`);
  const fail = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'GET 127.0.0.1/fail' }) });
  await expect(fail.getByTestId('http-error-rate')).toHaveText('100%');
  await page.getByRole('navigation', { name: 'Insights pages' }).getByRole('link', { name: 'Caches' }).click();
  await expect(page.getByTestId('cache-hit-rate').first()).toHaveText('50%');
  await page.getByRole('navigation', { name: 'Insights pages' }).getByRole('link', { name: 'Queues' }).click();
  await expect(page.getByRole('heading', { name: /No queue messages in the last 24 hours/ })).toBeVisible();
});
