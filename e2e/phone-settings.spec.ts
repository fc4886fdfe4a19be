// #60, the phone and finding settings: a team's busy project seen at 390 and 1280 px. The header names the project
// and the organization in full, the main navigation is one row that scrolls sideways, the wide tables (Performance,
// Releases, Replays, Profiling) become cards on a phone or show a scroll hint, the Logs break lines between words;
// every settings page is one click from any other, old addresses still land, and the project settings' sections
// have addresses of their own. Screenshots in test-results/screens/.
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedBusyProject, type BusyProject } from './support/busy-project';
import { sidewaysOverflow } from './support/layout';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every settings page of the settings navigation, with its page's title. */
const SETTINGS: [string, string, string][] = [
  ['Account', '/settings/account', 'Account'],
  ['Security', '/settings/security', 'Security'],
  ['Notifications', '/settings/notifications', 'Notifications'],
  ['Organization', '/settings/organization', 'Organization'],
  ['Members', '/settings/members', 'Members'],
  ['Teams', '/settings/teams', 'Teams'],
  ['Projects', '/settings/projects', 'Projects'],
  ['Integrations', '/settings/organization/integrations', 'Integrations'],
  ['Audit log', '/settings/audit-log', 'Audit log'],
  ['Billing', '/settings/billing', 'Billing'],
  ['Stats', '/settings/stats', 'Stats'],
];

/** Whether the element shows its whole text (no ellipsis, nothing clipped). */
const showsAll = (el: Locator) => el.evaluate((e) => e.scrollWidth <= e.clientWidth && e.clientWidth > 0);

async function box(el: Locator) {
  const b = await el.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
}

/**
 * Every cell of the table's first row lies inside the viewport: no column is cut off. Measured again until it holds
 * (at most 10 s): the page may re-render its rows between two reads, and a cell read then had no box (CI, once).
 */
async function expectWholeRow(page: Page, table: Locator, what: string) {
  const width = page.viewportSize()!.width;
  await expect(async () => {
    const cells = table.locator('tbody tr').first().locator('td, th');
    expect(await cells.count(), what).toBeGreaterThan(2);
    for (const cell of await cells.all()) {
      const b = await box(cell);
      expect(b.x, `${what}: ${await cell.textContent()}`).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${what}: ${await cell.textContent()}`).toBeLessThanOrEqual(width + 0.5);
    }
  }).toPass({ timeout: 10_000 });
}

let busy: BusyProject;

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  busy = await seedBusyProject(page.request, { person: 'Phil Phone', project: 'Storefront' });
});

test('on a phone the header names the project, the nav is one row, wide tables become cards', async ({ page }) => {
  const base = `/projects/${busy.project.id}`;
  await page.setViewportSize(PHONE);
  await page.goto(`${base}/issues`);
  await expect(page.getByTestId('issue-row').first()).toBeVisible();

  // Both names in full (they shrank to "M." side by side), the project's first.
  const project = page.getByTestId('project-switcher').locator('.truncate');
  await expect(project).toHaveText('Storefront');
  await expect(page.getByTestId('org-name')).toHaveText(busy.organizationName);
  expect(await showsAll(project)).toBe(true);
  expect(await showsAll(page.getByTestId('org-name'))).toBe(true);
  expect((await box(project)).y).toBeLessThan((await box(page.getByTestId('org-name'))).y);

  // The main navigation: one row (it took four, about 240 px), the current tab in sight, the rest a swipe away.
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect((await box(nav)).height).toBeLessThan(60);
  // The whole header (names, the usage meter, the nav) in about 126 px; the nav alone took 240 before.
  expect((await box(page.locator('header'))).height).toBeLessThan(140);
  await expect(nav.getByRole('link')).toHaveCount(15); // Explore and Dashboards (#61), Insights (#62) included
  await expect(page.getByTestId('nav-more-right')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('phone-issues-390') });

  // The account menu holds your settings, the theme and Log out.
  await page.getByTestId('user-menu').click();
  const yours = page.getByRole('navigation', { name: 'Your settings' });
  await expect(yours.getByRole('link')).toHaveText(['Account', 'Security', 'Notifications']);
  await expect(page.getByTestId('user-menu-panel').getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The wide tables: each row a card whose every value is on the screen.
  for (const [section, table] of [
    ['performance', page.getByRole('region', { name: 'Transactions table' }).getByRole('table')],
    ['releases', page.getByRole('region', { name: 'Releases' }).getByRole('table')],
    ['replays', page.getByTestId('replays')],
    ['profiling', page.getByTestId('profiles')],
  ] as const) {
    await page.goto(`${base}/${section}`);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table).toHaveAttribute('data-layout', 'cards');
    const current = nav.locator('[aria-current="page"]');
    const tab = await box(current);
    expect(tab.x, section).toBeGreaterThanOrEqual(0);
    expect(tab.x + tab.width, section).toBeLessThanOrEqual(PHONE.width);
    await expectWholeRow(page, table, section);
    expect(await sidewaysOverflow(page), section).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`phone-${section}-390`), fullPage: true });
  }
  // A table that stays a table (the slowest functions) scrolls inside its card, and says so.
  await expect(page.getByTestId('scroll-hint').first()).toBeVisible();
  await expect(page.getByTestId('scroll-hint').first()).toHaveText('Scroll for more →');

  // The Logs break lines between words, never inside one (long tokens like URLs anywhere).
  await page.goto(`${base}/logs`);
  const body = page.getByTestId('log-body').filter({ hasText: 'Payment intent confirmed' });
  await expect(body).toBeVisible();
  expect(await body.evaluate((e) => [getComputedStyle(e).wordBreak, getComputedStyle(e).overflowWrap])).toEqual([
    'normal',
    'break-word',
  ]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // At 1280 the same tables are tables again, every column shown.
  await page.setViewportSize(DESKTOP);
  await page.goto(`${base}/performance`);
  const transactions = page.getByRole('region', { name: 'Transactions table' }).getByRole('table');
  await expect(transactions.locator('tbody tr').first()).toBeVisible();
  await expect(transactions.locator('thead')).toBeVisible();
  await expectWholeRow(page, transactions, 'performance at 1280');
  await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
  expect((await box(nav)).height).toBeLessThan(60);
  expect(await showsAll(page.getByTestId('org-name'))).toBe(true);
  expect(await showsAll(project)).toBe(true);
  await page.screenshot({ path: screen('desktop-performance-1280') });
});

test('every settings page is one click from any other, old addresses land, sections have anchors', async ({ page }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/settings/account');
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await expect(nav.getByRole('link')).toHaveText(SETTINGS.map(([label]) => label));
    if (viewport === PHONE) expect((await box(nav)).height).toBeLessThan(60);
    for (const [label, href, title] of SETTINGS) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      expect(await sidewaysOverflow(page), `${href} at ${viewport.width}`).toBeLessThanOrEqual(0);
    }
    // Sessions and two-factor sign-in are on Security.
    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.screenshot({ path: screen(`settings-security-${viewport.width}`), fullPage: true });
  }

  // The main navigation's Organization tab lights on every organization page.
  await page.setViewportSize(DESKTOP);
  await page.goto('/settings/members');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Organization' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await page.goto('/settings/projects');
  await page.getByRole('link', { name: 'Settings of Storefront' }).click();
  await expect(page).toHaveURL(`/projects/${busy.project.id}/settings`);

  // An old bookmark lands on the page's new address.
  await page.goto('/settings/organization/teams');
  await expect(page).toHaveURL('/settings/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();

  // The project settings' sections: a link to #ownership opens at the ownership rules; the row reaches each.
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/projects/${busy.project.id}/settings#ownership`);
    const ownership = page.getByTestId('settings-section-ownership');
    await expect(ownership.getByRole('heading', { name: 'Ownership' })).toBeVisible();
    await expect.poll(async () => (await box(ownership)).y).toBeLessThan(120);
    const sections = page.getByRole('navigation', { name: 'Project settings sections' });
    await expect(sections.getByRole('link', { name: 'Ownership' })).toHaveAttribute('aria-current', 'page');
    await sections.getByRole('link', { name: 'Client keys' }).click();
    await expect(page).toHaveURL(/#keys$/);
    await expect.poll(async () => (await box(page.getByTestId('settings-section-keys'))).y).toBeLessThan(120);
    await expect(sections).toBeInViewport();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`project-settings-sections-${viewport.width}`) });
  }
});
