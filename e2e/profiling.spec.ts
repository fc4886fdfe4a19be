import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// #47 in Chromium: the real @sentry/node 11 with nodeProfilingIntegration() runs computeInvoiceTotals (about a
// second of CPU) inside the span "compute-totals" of the transaction "GET /checkout". The span's flame graph in the
// trace view is dominated by it, search highlights it, a click zooms on it; the Profiling page's slowest functions
// start with it (in-app), and its example profile, the transaction's merged profile and the 390 px layouts render.

const HEAVY = 'computeInvoiceTotals';
const APP = path.join(import.meta.dirname, '../tests/support/profiling-sdks/app.mjs');
const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

type Frame = { index: number; parent: number; up: number; row: number; name: string; totalMs: number; width: number };

/** The frames drawn in a flame graph, with their place on screen and in the tree, and their rendered width. */
async function framesOf(graph: Locator): Promise<Frame[]> {
  return graph.getByTestId('flame-frame').evaluateAll((els) =>
    els.map((el) => {
      const d = (el as HTMLElement).dataset;
      return {
        index: Number(d.index),
        parent: Number(d.parent),
        up: Number(d.up),
        row: Number(d.row),
        name: d.name!,
        totalMs: Number(d.totalMs),
        width: el.getBoundingClientRect().width,
      };
    }),
  );
}

/** From the top row down, always into the widest frame below: the names on the hot path (a folded run by its label). */
function hotPath(frames: Frame[]): string[] {
  const names: string[] = [];
  let at = frames.find((f) => f.row === 0)!;
  for (;;) {
    const widest = frames.filter((f) => f.up === at.index).sort((a, b) => b.totalMs - a.totalMs)[0];
    if (!widest) return names;
    names.push(widest.name);
    at = widest;
  }
}

/** The span's row in the waterfall, opened; its Profile panel once loaded. */
async function openSpan(page: Page, op: string) {
  const row = page.getByTestId('waterfall').locator(`[data-op="${op}"]`);
  await row.getByRole('button', { expanded: false }).first().click();
  const panel = row.getByTestId('span-profile');
  await expect(panel.getByTestId('flame-graph')).toBeVisible({ timeout: 20_000 });
  return panel;
}

test('the real @sentry/node profiler: flame graph of a span, search and zoom, slowest functions, profile page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { project } = await signInWithProject(page, page.request, `Profiled shop ${Date.now()}`);
  const dsn = (project.keys[0] as { sentryDsn?: string }).sentryDsn!;
  const api = `/api/v1/projects/${project.id}/profiles`;

  const { stdout } = await promisify(execFile)(process.execPath, [APP, dsn], { timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('sent');
  const { traceId } = JSON.parse(lines.at(-2)!) as { traceId: string; spanId: string };
  await expect
    .poll(async () => ((await (await page.request.get(api)).json()).data?.profiles ?? []).length, { timeout: 30_000 })
    .toBe(1);
  await expect
    .poll(
      async () => {
        const t = (await (await page.request.get(`/api/v1/organization/traces/${traceId}`)).json()).data as
          { spans: { op: string }[] } | undefined;
        return t?.spans.map((s) => s.op).sort() ?? [];
      },
      { timeout: 30_000 },
    )
    .toEqual(['function', 'http.server']);

  // The trace view: the span's Profile panel is dominated by the heavy function, drawn and in the data.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/traces/${traceId}`);
  const panel = await openSpan(page, 'function');
  await expect(panel).toContainText('samples over');
  await expect(panel.getByRole('link', { name: 'its profile' })).toBeVisible();
  const graph = panel.getByTestId('flame-graph');
  const frames = await framesOf(graph);
  // It opens at the first in-app frame (#60): the module's body, the runner's frames above it in the breadcrumb.
  const root = frames.find((f) => f.row === 0)!;
  expect(root.name).toBe('<anonymous>');
  await expect(graph.locator('[data-testid="flame-frame"][data-row="0"]')).toHaveAttribute('data-in-app', 'true');
  expect(hotPath(frames)).toContain(HEAVY);
  const heavy = frames.filter((f) => f.name === HEAVY).sort((a, b) => b.totalMs - a.totalMs)[0];
  expect(heavy.totalMs / root.totalMs).toBeGreaterThan(0.8);
  expect(heavy.width / root.width).toBeGreaterThan(0.8);
  const heavyFrame = graph.locator(`[data-testid="flame-frame"][data-index="${heavy.index}"]`);
  await expect(heavyFrame).toHaveAttribute('data-in-app', 'true');
  await expect(heavyFrame).toHaveText(HEAVY);

  // The function with the most self time is one click away: the graph zooms on it (#60).
  await expect(graph.getByTestId('flame-top-function').first()).toHaveAttribute('data-name', HEAVY);
  await graph.getByTestId('flame-top-function').first().click();
  const focused = graph.locator('[data-testid="flame-frame"]:focus');
  await expect(focused).toHaveAttribute('data-name', HEAVY);
  await expect(focused).toHaveAttribute('data-zoomed', 'true');
  await expect(focused).toBeInViewport();

  // The focused frame's facts: the function, where it is, its times and that it is the app's own code.
  const detail = graph.getByTestId('flame-detail');
  await expect(detail).toContainText(HEAVY);
  await expect(detail).toContainText(/profiling-sdks\/app\.mjs:\d+/);
  await expect(detail).toContainText(/\d+(\.\d)?% of the time · total [\d,.]+ ms · self [\d,.]+ ms/);
  await expect(detail).toContainText('In-app');
  // Hovering shows the same in a tooltip.
  await heavyFrame.hover();
  await expect(graph.getByTestId('flame-tooltip')).toContainText(HEAVY);
  await expect(graph.getByTestId('flame-tooltip')).toContainText('In-app');

  // Search: the heavy function is highlighted with its share of the time, everything else dimmed.
  await graph.getByRole('searchbox', { name: 'Search functions' }).fill('invoicetotals');
  const matches = graph.getByTestId('flame-matches');
  await expect(matches).toHaveText(/^1 match, \d+(\.\d)?% of time$/);
  expect(Number((await matches.textContent())!.match(/([\d.]+)%/)![1])).toBeGreaterThan(80);
  await graph.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(heavyFrame).toHaveAttribute('data-match', 'true');
  const rootFrame = graph.locator('[data-testid="flame-frame"][data-row="0"]');
  await expect(rootFrame).toHaveAttribute('data-match', 'false');
  expect(Number(await rootFrame.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
  await page.screenshot({ path: screen('profiling-trace-span'), fullPage: true });
  await graph.getByRole('searchbox', { name: 'Search functions' }).fill('');
  await expect(matches).toHaveCount(0);

  // Zoom: a click makes the frame fill the width; the breadcrumb leads back; Reset zoom returns to the root.
  const box = await graph.getByRole('group').boundingBox();
  await heavyFrame.click();
  await expect(heavyFrame).toHaveAttribute('data-zoomed', 'true');
  expect((await heavyFrame.boundingBox())!.width).toBeGreaterThan(box!.width - 2);
  const crumbs = graph.getByRole('navigation', { name: 'Zoom path' });
  await expect(crumbs).toContainText(HEAVY);
  await expect(crumbs.getByRole('button', { name: 'All' })).toBeVisible();
  // The keyboard: up from the top row zooms out to the caller; Escape zooms out one more level.
  await heavyFrame.press('ArrowUp');
  await expect(graph.locator('[data-testid="flame-frame"]:focus')).toHaveAttribute('data-index', String(heavy.parent));
  await expect(graph.locator(`[data-index="${heavy.parent}"]`)).toHaveAttribute('data-zoomed', 'true');
  await page.keyboard.press('Escape');
  await expect(graph.locator(`[data-index="${heavy.parent}"]`)).not.toHaveAttribute('data-zoomed', 'true');
  // Reset zoom goes back to where the graph opened; "All" in the path to the whole graph.
  await graph.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(rootFrame).toHaveAttribute('data-name', root.name);
  await expect(rootFrame).toHaveAttribute('data-zoomed', 'true');
  await crumbs.getByRole('button', { name: 'All' }).click();
  await expect(rootFrame).toHaveAttribute('data-name', 'root');
  await expect(crumbs).toHaveCount(0);

  // The transaction's root span covers the whole transaction, the heavy span included.
  const whole = await openSpan(page, 'http.server');
  const wholeFrames = await framesOf(whole.getByTestId('flame-graph'));
  expect(wholeFrames.find((f) => f.row === 0)!.totalMs).toBeGreaterThanOrEqual(root.totalMs);
  expect(hotPath(wholeFrames)).toContain(HEAVY);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('profiling-trace'), fullPage: true });

  // The transaction's merged profile, from the span's panel.
  await whole.getByRole('link', { name: 'merged profile of GET /checkout' }).click();
  await expect(page.getByTestId('profile-count')).toHaveText(/^\(from 1 profile, [\d,]+ samples, the last 24 hours\)$/);
  const merged = page.locator('#profile').getByTestId('flame-graph');
  expect(hotPath(await framesOf(merged))).toContain(HEAVY);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('profiling-transaction'), fullPage: true });

  // The Profiling page: the heavy function tops the slowest functions, in-app.
  await page.goto(`/projects/${project.id}/profiling`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profiling' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByTestId('slowest-functions');
  const first = table.getByTestId('function-row').first();
  await expect(first).toHaveAttribute('data-name', HEAVY);
  await expect(first.getByText('In-app', { exact: true })).toBeVisible();
  await expect(first).toContainText('profiling-sdks/app.mjs');
  await page.screenshot({ path: screen('profiling-page'), fullPage: true });
  await expect(table.getByTestId('function-row').filter({ hasNot: page.getByText('In-app') })).not.toHaveCount(0);
  await page.getByLabel('In-app only').check();
  await expect(table.getByTestId('function-row').first()).toHaveAttribute('data-name', HEAVY);
  await expect(table.locator('[data-testid="function-row"][data-in-app="false"]')).toHaveCount(0);
  await table.getByRole('button', { name: /^Count/ }).click();
  await expect(table.getByRole('columnheader', { name: /^Count/ })).toHaveAttribute('aria-sort', 'descending');
  const profiles = page.getByTestId('profiles');
  await expect(profiles.getByTestId('profile-row')).toHaveCount(1);
  // @sentry/node 11 profiles continuously: a chunk belongs to the profiler, not to one transaction.
  await expect(profiles.getByTestId('profile-row')).toContainText('continuous');
  await expect(profiles.getByTestId('profile-row')).toContainText('checkout@1.0.0');
  await expectNoSeriousA11yViolations(page);

  // Its example profile: metadata, thread, the flame graph with the heavy function on its hot path.
  await table
    .locator(`[data-testid="function-row"][data-name="${HEAVY}"]`)
    .getByRole('link', { name: `Example profile 1 of ${HEAVY}` })
    .click();
  // Titled by the transaction it sampled (#60), its kind beside the numbers.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GET /checkout');
  await expect(page.getByText(/^Continuous profile · /)).toBeVisible();
  await expect(page.getByText('Thread main')).toBeVisible();
  await expect(page.getByText('checkout@1.0.0', { exact: true })).toBeVisible();
  const raw = await page.request.get(
    (await page.getByRole('link', { name: 'Sentry sample format (JSON)' }).getAttribute('href'))!,
  );
  expect(raw.status()).toBe(200);
  expect((await raw.json()).data).toMatchObject({ version: '2', platform: 'node' });
  // The example link opens the profile zoomed on the function it was listed for (#60).
  const profileGraph = page.getByTestId('flame-graph');
  await expect(profileGraph.locator('[data-testid="flame-frame"][data-row="0"]')).toHaveAttribute('data-name', HEAVY);
  await profileGraph.getByRole('navigation', { name: 'Zoom path' }).getByRole('button', { name: 'All' }).click();
  await expect(profileGraph.locator('[data-testid="flame-frame"][data-row="0"]')).toHaveAttribute('data-name', 'root');
  expect(hotPath(await framesOf(profileGraph))).toContain(HEAVY);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('profiling-profile'), fullPage: true });

  // A phone: nothing scrolls sideways; the flame graph stays in its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/projects/${project.id}/profiling`);
  await expect(page.getByTestId('function-row').first()).toHaveAttribute('data-name', HEAVY);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('profiling-page-390'), fullPage: true });
  await page.getByTestId('function-row').first().getByRole('link').first().click();
  await expect(page.getByTestId('flame-graph')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('profiling-profile-390'), fullPage: true });
  await page.goto(`/traces/${traceId}`);
  const phonePanel = await openSpan(page, 'function');
  expect(hotPath(await framesOf(phonePanel.getByTestId('flame-graph')))).toContain(HEAVY);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('profiling-trace-390'), fullPage: true });
  await page.goto(`/projects/${project.id}/performance/${encodeURIComponent('GET /checkout')}`);
  await expect(page.locator('#profile').getByTestId('flame-graph')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('profiling-transaction-390'), fullPage: true });
});

// The same SDK without the profiler: a traced request and nothing sampled. argv: DSN. Prints the trace id.
const UNPROFILED = `
import * as Sentry from '@sentry/node';
Sentry.init({ dsn: process.argv[1], tracesSampleRate: 1 });
let traceId;
await Sentry.startSpan({ name: 'GET /plain', op: 'http.server' }, async (span) => {
  traceId = span.spanContext().traceId;
  await new Promise((r) => setTimeout(r, 20));
});
await Sentry.flush(10_000);
console.log(traceId);
`;

test('a project without profiles explains how to turn profiling on; a span without samples says so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { project } = await signInWithProject(page, page.request, `Unprofiled shop ${Date.now()}`);
  const dsn = (project.keys[0] as { sentryDsn?: string }).sentryDsn!;
  await page.goto(`/projects/${project.id}/profiling`);
  const none = page.getByTestId('profiles-none');
  await expect(none).toContainText('No profiles in the last 7 days');
  await expect(none).toContainText('nodeProfilingIntegration()');
  await expect(none).toContainText("profileLifecycle: 'trace'");
  await expect(none).toContainText('profiles_sample_rate=1.0');
  await expect(none).toContainText(dsn);
  await expectNoSeriousA11yViolations(page);

  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', UNPROFILED, dsn], {
    timeout: 60_000,
  });
  const traceId = stdout.trim();
  await expect
    .poll(async () => (await page.request.get(`/api/v1/organization/traces/${traceId}`)).status(), { timeout: 30_000 })
    .toBe(200);
  await page.goto(`/traces/${traceId}`);
  const row = page.getByTestId('waterfall').locator('[data-op="http.server"]');
  await row.getByRole('button', { expanded: false }).click();
  await expect(row.getByTestId('span-profile-none')).toHaveText(/^No profile for this span/);
  await expect(row.getByTestId('flame-graph')).toHaveCount(0);
  await page.goto(`/projects/${project.id}/performance/${encodeURIComponent('GET /plain')}`);
  await expect(page.getByTestId('profile-none')).toContainText('No profile of this transaction in the last 24 hours');

  await page.goto(`/projects/${project.id}/profiling/${'0'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
});
