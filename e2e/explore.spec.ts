import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

// #61 in Chromium: the real @sentry/node 11 sends transactions of known durations (tests/support/explore-sdks); on
// /explore a person builds a query (transactions, p95 and count, grouped by name), reads the values off the table,
// groups by status instead, draws bars, reloads (everything comes back from the address), opens a row's samples
// and saves the query for the organization.

const run = promisify(execFile);

/** The table's cells for one aggregate, row by row, as the page shows them. */
const column = (page: Page, aggregate: string) =>
  page.getByTestId('explore-row').locator(`td[data-aggregate="${aggregate}"]`).allTextContents();
const groups = (page: Page, field: string) =>
  page.getByTestId('explore-row').locator(`td[data-field="${field}"]`).allTextContents();

test('build a query, change its group-by and chart, reload, read the values, open samples, save it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { project } = await signInWithProject(page, page.request, 'Explore shop');
  const dsn = (project as unknown as { keys: { sentryDsn: string }[] }).keys[0].sentryDsn;
  const { stdout } = await run(
    process.execPath,
    [path.join(import.meta.dirname, '../tests/support/explore-sdks/app.mjs'), dsn, String(Date.now() - 10 * 60_000)],
    { timeout: 60_000 },
  );
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();

  // Transactions: p95 of their duration and their count, by name.
  await page.getByLabel('Dataset').selectOption('transactions');
  await page.getByLabel('Function 1', { exact: true }).selectOption('p95');
  await page.getByLabel('Field of aggregate 1', { exact: true }).fill('transaction.duration');
  await page.getByRole('button', { name: 'Add aggregate' }).click();
  await page.getByRole('button', { name: 'Add group-by' }).click();
  await page.getByLabel('Group by 1', { exact: true }).fill('transaction');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect.poll(() => groups(page, 'transaction')).toEqual(['GET /checkout', 'GET /cart']);
  // p95 of 100, 150, 200, 250 ms and of 60, 90 ms, interpolated as percentile_cont does.
  expect(await column(page, 'p95(transaction.duration)')).toEqual(['242.5 ms', '88.5 ms']);
  expect(await column(page, 'count()')).toEqual(['4', '2']);
  await expect(page.getByTestId('explore-chart')).toHaveAttribute('data-chart', 'line');

  // Group by status instead, and draw bars.
  await page.getByLabel('Group by 1', { exact: true }).fill('transaction.status');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect.poll(() => groups(page, 'transaction.status')).toEqual(['ok', 'internal_error']);
  await page.getByText('Bar', { exact: true }).click();
  await expect(page.getByTestId('explore-chart')).toHaveAttribute('data-chart', 'bar');
  await expect(page).toHaveURL(/chart=bar/);
  await expect(page.getByTestId('explore-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();

  // A reload shows the same query, chart and values: all of it is in the address.
  await page.reload();
  await expect.poll(() => groups(page, 'transaction.status')).toEqual(['ok', 'internal_error']);
  expect(await column(page, 'p95(transaction.duration)')).toEqual(['230 ms', '200 ms']);
  expect(await column(page, 'count()')).toEqual(['5', '1']);
  await expect(page.getByLabel('Group by 1', { exact: true })).toHaveValue('transaction.status');
  await expect(page.getByLabel('Dataset')).toHaveValue('transactions');
  await expect(page.getByTestId('explore-chart')).toHaveAttribute('data-chart', 'bar');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('explore.png'), fullPage: true });

  // The failed transaction behind its row, linked to its trace.
  await page.getByTestId('explore-row').nth(1).getByRole('link', { name: 'Samples' }).click();
  await expect(page.getByTestId('sample')).toHaveCount(1);
  await expect(page.getByTestId('sample').getByRole('link')).toHaveText('GET /checkout');
  await expect(page.getByTestId('sample').getByRole('link')).toHaveAttribute('href', /^\/traces\/[0-9a-f]{32}$/);

  // Saved for the organization, and opened again from the list.
  await page.getByRole('button', { name: 'Save query' }).click();
  await page.getByLabel('Name of the saved query').fill('Checkout by status');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Open a saved query')).toHaveValue(/.+/);
  await page.goto('/explore');
  await page.getByLabel('Open a saved query').selectOption({ label: 'Checkout by status' });
  await expect.poll(() => groups(page, 'transaction.status')).toEqual(['ok', 'internal_error']);
  await expect(page.getByTestId('explore-chart')).toHaveAttribute('data-chart', 'bar');
});
