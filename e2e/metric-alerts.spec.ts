import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

// #62 in Chromium: the real @sentry/node 11 sends slow http.client spans (tests/support/metric-alert-sdks); on
// /explore a person charts their p95, presses "Create alert" under the chart, finds the rule's form filled with the
// query, sets the thresholds and saves it; the server's own minute job (pg-boss's schedule, as in production)
// evaluates it, and the Alerts page shows the critical incident with its timeline.

const run = promisify(execFile);

test('a metric alert made from an Explore chart fires on the Alerts page', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const { project } = await signInWithProject(page, page.request, 'Metric alert shop');
  const dsn = (project as unknown as { keys: { sentryDsn: string }[] }).keys[0].sentryDsn;
  const plan = { spans: [{ at: Date.now() - 60_000, duration: 900, count: 5 }] };
  const { stdout } = await run(
    process.execPath,
    [path.join(import.meta.dirname, '../tests/support/metric-alert-sdks/app.mjs'), dsn, JSON.stringify(plan)],
    { timeout: 60_000 },
  );
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');

  await page.goto('/explore');
  await page.getByLabel('Dataset').selectOption('spans');
  await page.getByLabel('Filter').fill('span.op:http.client');
  await page.getByLabel('Function 1', { exact: true }).selectOption('p95');
  await page.getByLabel('Field of aggregate 1', { exact: true }).fill('span.duration');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('explore-row').locator('td[data-aggregate="p95(span.duration)"]')).toHaveText('900 ms');

  await page.getByRole('link', { name: 'Create alert' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/alerts\\?metric=`));
  const form = page.getByRole('form', { name: 'New metric alert' });
  await expect(form.getByLabel('Aggregate')).toHaveValue('p95(span.duration)');
  await expect(form.getByLabel('Filter')).toHaveValue('span.op:http.client');
  await expect(form.getByLabel('Dataset')).toHaveValue('spans');
  await form.getByLabel('Name').fill('Payments p95');
  await form.getByLabel('Warning threshold').fill('500');
  await form.getByLabel('Critical threshold').fill('400');
  await form.getByLabel('Email').fill('oncall@example.com');
  await form.getByRole('button', { name: 'Create rule' }).click();
  // Thresholds in the wrong order are refused on the field.
  await expect(form.getByLabel('Warning threshold')).toHaveAccessibleDescription(
    /the warning threshold must be below the critical one/,
  );
  await form.getByLabel('Critical threshold').fill('800');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form).toBeHidden();

  const rule = page.getByTestId('alert-rule').filter({ hasText: 'Payments p95' });
  await expect(rule).toContainText('When p95(span.duration) of spans (span.op:http.client) over 5 minutes is above');
  await expect(rule.getByTestId('metric-state')).toContainText('OK');

  // The server's minute job evaluates the rule within a minute or two; the incidents list polls.
  const incident = page.getByTestId('metric-incident').filter({ hasText: 'Payments p95' });
  await expect(incident).toContainText('Critical', { timeout: 180_000 });
  await expect(incident.getByTestId('incident-peak')).toContainText('Peak 900');
  await expect(incident.locator('li[data-kind="opened"]')).toContainText('Opened (critical) at 900');
  await page.reload();
  await expect(rule.getByTestId('metric-state')).toContainText('Critical');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('metric-alert.png'), fullPage: true });
});
