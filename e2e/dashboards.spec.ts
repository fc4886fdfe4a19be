import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

// #61 in Chromium: the real @sentry/node 11 sends transactions of known durations (tests/support/explore-sdks); a
// person builds a query in Explore, changes its group-by and chart type, adds it to a new dashboard, reloads, drags
// the widget to the right half (its place is kept after a reload) and reads the chart's values off the page.

const run = promisify(execFile);
const TEN_MINUTES = 600_000;

test('an Explore query as a widget on a new dashboard: dragged, reloaded, its values read', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const { project } = await signInWithProject(page, page.request, 'Dashboard shop');
  const dsn = (project as unknown as { keys: { sentryDsn: string }[] }).keys[0].sentryDsn;
  // A minute into a 10-minute bucket: the six transactions (5 s apart at most) fall in one bucket of the chart.
  const base = Math.floor((Date.now() - TEN_MINUTES) / TEN_MINUTES) * TEN_MINUTES + 60_000;
  const { stdout } = await run(
    process.execPath,
    [path.join(import.meta.dirname, '../tests/support/explore-sdks/app.mjs'), dsn, String(base)],
    { timeout: 60_000 },
  );
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');

  // Explore: p95 of transactions by name, then by status, drawn as bars.
  await page.goto('/explore');
  await page.getByLabel('Dataset').selectOption('transactions');
  await page.getByLabel('Function 1', { exact: true }).selectOption('p95');
  await page.getByLabel('Field of aggregate 1', { exact: true }).fill('transaction.duration');
  await page.getByRole('button', { name: 'Add group-by' }).click();
  await page.getByLabel('Group by 1', { exact: true }).fill('transaction');
  await page.getByRole('button', { name: 'Run query' }).click();
  const rows = page.getByTestId('explore-row').locator('td[data-field="transaction"]');
  await expect.poll(() => rows.allTextContents()).toEqual(['GET /checkout', 'GET /cart']);
  await page.getByLabel('Group by 1', { exact: true }).fill('transaction.status');
  await page.getByRole('button', { name: 'Run query' }).click();
  const statuses = page.getByTestId('explore-row').locator('td[data-field="transaction.status"]');
  await expect.poll(() => statuses.allTextContents()).toEqual(['ok', 'internal_error']);
  await page.getByText('Bar', { exact: true }).click();
  await expect(page.getByTestId('explore-chart')).toHaveAttribute('data-chart', 'bar');

  // Add to a new dashboard: the widget is drawn as the page drew it (bars).
  await page.getByRole('button', { name: 'Add to dashboard' }).click();
  const form = page.getByRole('form', { name: 'Add to dashboard' });
  await expect(form.getByLabel('Show as')).toHaveValue('bar');
  await form.getByLabel("New dashboard's name").fill('Checkout health');
  await form.getByLabel('Widget title').fill('p95 by status');
  await form.getByRole('button', { name: 'Add widget' }).click();
  await expect(page).toHaveURL(/\/dashboards\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Checkout health' })).toBeVisible();

  await page.reload();
  const widget = page.getByTestId('widget').filter({ hasText: 'p95 by status' });
  await expect(widget).toHaveAttribute('data-display', 'bar');
  await expect(widget).toHaveAttribute('data-x', '0');
  await expect(widget.getByTestId('explore-chart')).toHaveAttribute('data-chart', 'bar');
  await expect(widget.locator('.recharts-bar-rectangle').first()).toBeVisible();

  // Dragged by its title bar to the right half of the grid; saved when let go, kept after a reload.
  const grid = await page.getByTestId('dashboard-grid').boundingBox();
  const handle = await widget.getByTestId('widget-handle').boundingBox();
  await page.mouse.move(handle!.x + 40, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle!.x + 40 + grid!.width / 4, handle!.y + handle!.height / 2, { steps: 5 });
  await page.mouse.move(handle!.x + 40 + grid!.width / 2, handle!.y + handle!.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(widget).toHaveAttribute('data-x', '6');
  await page.reload();
  await expect(page.getByTestId('widget').filter({ hasText: 'p95 by status' })).toHaveAttribute('data-x', '6');
  await expect(page.getByTestId('widget').filter({ hasText: 'p95 by status' })).toHaveAttribute('data-y', '0');

  // The chart's values, from its caption: p95 of 100, 150, 250 ms (ok) and of the one failed 200 ms transaction.
  await expect(page.getByTestId('widget').getByTestId('explore-figure').locator('figcaption')).toHaveText(
    'p95(transaction.duration) per 10m, 2 series: ok peaks at 230 ms; internal_error peaks at 200 ms',
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });

  // The dashboard's environment filter reaches the widget: nothing was sent to staging.
  await page.getByLabel('Environment').fill('staging');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('widget').getByTestId('explore-figure').locator('figcaption')).not.toContainText(
    'peaks at 230 ms',
  );
  await page.reload();
  await expect(page.getByLabel('Environment')).toHaveValue('staging');
});
