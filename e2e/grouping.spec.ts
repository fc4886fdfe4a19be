import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// Grouping rules (#63) in Chromium: the real @sentry/node 11 (tests/support/grouping-rules/app.mjs) throws
// DatabaseUnavailable from two call sites, two issues. A person writes a fingerprint rule on Project settings → Issue
// grouping, sees a bad line's problem at its line and column, fixes it, previews which of the latest events would
// regroup and where they would go, saves; the SDK's next errors group as the rule says: both call sites into the issue
// that continued the rule, the other issue keeping its own events. 1280 and 390 px.

const APP = path.join(import.meta.dirname, '../tests/support/grouping-rules/app.mjs');
const USERS = 'DatabaseUnavailable: connect ECONNREFUSED 10.0.0.7:5432';
const ORDERS = 'DatabaseUnavailable: connect ECONNREFUSED 10.0.0.8:5432';
const CONFIG = 'TypeError: config.port must be a number';
const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

test('write a fingerprint rule, see a bad line, preview the regrouping, save; @sentry/node errors follow it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const { project } = await signInWithProject(page, request, 'Grouped shop');
  const dsn = (project.keys[0] as { sentryDsn?: string }).sentryDsn!;
  /** Runs the program once: it throws these errors (db-user, db-order, config), captures each and flushes. */
  const send = async (...names: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, [APP, dsn, names.join(',')], { timeout: 60_000 });
    expect(stdout.trim()).toBe('sent');
  };
  const issues = async () =>
    ((await (await request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues as IssueRow[])
      .map((i) => [i.title, i.eventCount] as const)
      .sort((a, b) => a[0].localeCompare(b[0]));
  type IssueRow = { id: string; title: string; eventCount: number };

  await send('db-user', 'db-user', 'db-order', 'config');
  await expect.poll(issues).toEqual([
    [USERS, 2],
    [ORDERS, 1],
    [CONFIG, 1],
  ]);
  const list = (await (await request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues as IssueRow[];
  const usersIssue = list.find((i) => i.title === USERS)!;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${project.id}/settings`);
  const rules = page.getByLabel('Fingerprint rules', { exact: true });
  await rules.fill('# Outages\nerror.type:DatabaseUnavailable system-down');
  await page.getByRole('button', { name: 'Show what regroups' }).click();
  const errors = page.getByTestId('grouping-fingerprintRules-errors');
  await expect(errors).toContainText('Line 2, column 32');
  await expect(errors).toContainText('Expected "->" and a fingerprint after the matchers');
  await expect(rules).toHaveAttribute('aria-invalid', 'true');
  await errors.getByRole('button', { name: 'Line 2, column 32' }).click();
  await expect(rules).toBeFocused();
  // The caret is put on the problem: line 2, column 32 of the text.
  expect(await rules.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe('# Outages\n'.length + 31);
  // A bad rule is refused by Save too, and nothing is saved.
  await page.getByRole('button', { name: 'Save grouping' }).click();
  await expect(errors).toContainText('Line 2, column 32');
  const stored = await (await request.get(`/api/v1/projects/${project.id}/grouping`)).json();
  expect(stored.data.fingerprintRules).toBe('');

  await rules.fill('# Outages\nerror.type:DatabaseUnavailable -> system-down');
  await page.getByRole('button', { name: 'Show what regroups' }).click();
  const preview = page.getByTestId('grouping-preview');
  await expect(preview).toContainText('3 of the latest 4 events would group differently.');
  const users = preview.getByRole('row', { name: /10\.0\.0\.7:5432.*Stay in this issue/ });
  await expect(users).toContainText('error.type:DatabaseUnavailable -> system-down');
  const orders = preview.getByRole('row', {
    name: /10\.0\.0\.8:5432.*Join DatabaseUnavailable: connect ECONNREFUSED 10\.0\.0\.7:5432/,
  });
  await expect(orders).toBeVisible();
  await expect(orders.getByRole('link', { name: USERS })).toHaveAttribute('href', new RegExp(`${usersIssue.id}$`));
  await expect(preview).not.toContainText(CONFIG);
  await expect(errors).toHaveCount(0);
  await page.screenshot({ path: screen('grouping-preview-1280'), fullPage: true });

  await page.getByRole('button', { name: 'Save grouping' }).click();
  await expect(page.getByText('Grouping saved. 3 of the latest 4 events group differently from now on.')).toBeVisible();
  await expect(page.getByTestId('grouping-transition')).toContainText('issues it created keep their events');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rules).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('grouping-390'), fullPage: true });

  // As the preview said: the orders error now joins the users issue, which keeps its own; the TypeError is untouched.
  await send('db-order', 'db-user', 'config');
  await expect.poll(issues).toEqual([
    [USERS, 4],
    [ORDERS, 1],
    [CONFIG, 2],
  ]);
  await page.reload();
  await expect(rules).toHaveValue('# Outages\nerror.type:DatabaseUnavailable -> system-down');
});
