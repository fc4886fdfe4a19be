import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// #60 in Chromium at 1280 and 390 px, on a chunk of the real @sentry/profiling-node 11: the profile's flame graph
// opens at the first in-app frame with the SDK's and the runtime's runs of frames folded into one row each (a click
// unfolds one, a toggle all), "Most self time" zooms to the function and outlines it, a function has one percentage
// wherever it is shown, the profiler's own frames are in no ranking, and the Profiling page is paged.

const HEAVY = 'computeInvoiceTotals';
const PROFILER_FRAMES = /startProfiling|stopProfiling|ChunkProfiling/;
const APP = path.join(import.meta.dirname, '../tests/support/profiling-sdks/app.mjs');
const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const frame = (graph: Locator, attrs: string) => graph.locator(`[data-testid="flame-frame"]${attrs}`);

/** Elements whose right edge passes the viewport's, outside any box that scrolls or clips sideways. */
async function widerThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > window.innerWidth + 1 && !clipped(el))
        out.push(
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`,
        );
    }
    return out;
  });
}

/** The percentage in a text ("58.8%"). */
const percentIn = (text: string | null) => text?.match(/(\d+(?:\.\d+)?)\s?%/)?.[1];

test('the flame graph opens at the app, folds the SDK, zooms from Most self time; the Profiling page is paged', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { project } = await signInWithProject(page, page.request, `Flame shop ${Date.now()}`);
  const dsn = (project.keys[0] as { sentryDsn?: string }).sentryDsn!;
  const api = `/api/v1/projects/${project.id}/profiles`;
  const { stdout } = await promisify(execFile)(process.execPath, [APP, dsn], { timeout: 60_000 });
  expect(stdout.trim().split('\n').at(-1)).toBe('sent');
  await expect
    .poll(async () => ((await (await page.request.get(api)).json()).data?.profiles ?? []).length, { timeout: 30_000 })
    .toBe(1);
  const real = (await (await page.request.get(api)).json()).data.profiles[0] as { id: string };

  // The API's ranking leaves the profiler's own frames out; the rest of the SDK's stay (they are the app's cost).
  const all = (await (await page.request.get(`${api}/functions?limit=200`)).json()).data.functions as {
    name: string;
    kind: string;
  }[];
  expect(all.map((f) => f.name)).toContain(HEAVY);
  expect(all.filter((f) => PROFILER_FRAMES.test(f.name) || f.kind === 'profiler')).toEqual([]);
  expect(all.some((f) => f.kind === 'sdk')).toBe(true);

  // 1280 px: the profile page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${project.id}/profiling/${real.id}`);
  const graph = page.getByTestId('flame-graph');
  await expect(graph).toBeVisible();
  // The first row on screen is the app's own frame; the runner's frames above it are in the path, not on screen.
  const top = frame(graph, '[data-row="0"]');
  await expect(top).toHaveAttribute('data-in-app', 'true');
  await expect(top).toHaveAttribute('data-zoomed', 'true');
  await expect(graph.getByRole('navigation', { name: 'Zoom path' })).toContainText('runtime frames');
  // The SDK's wrappers are folded: one row each run, labelled, nothing of them drawn one by one.
  const folded = frame(graph, '[data-folded]');
  await expect(folded.first()).toHaveAttribute('data-name', /^\d+ SDK( and runtime)? frames$/);
  await expect(frame(graph, '[data-name="withScope"]')).toHaveCount(0);
  const rows = Number(await graph.getByRole('group').getAttribute('data-rows'));
  expect(rows).toBeLessThan(12);
  // The box is as tall as its rows: nothing scrolls inside it.
  const box = graph.getByRole('group').locator('..');
  expect(await box.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('flame-opens-in-app-1280'), fullPage: true });

  // A folded row unfolds on a click: its SDK frames, each its own row.
  const firstRun = Number(await folded.first().getAttribute('data-folded'));
  await folded.first().click();
  await expect(frame(graph, '[data-name="startSpan"]').first()).toHaveAttribute('data-kind', 'sdk');
  expect(Number(await graph.getByRole('group').getAttribute('data-rows'))).toBeGreaterThanOrEqual(rows + firstRun - 1);
  // The toggle shows every one, and folds them again.
  await graph.getByLabel('Show SDK and runtime frames').check();
  await expect(folded).toHaveCount(0);
  await graph.getByLabel('Show SDK and runtime frames').uncheck();
  await expect(folded.first()).toBeVisible();
  await expect(frame(graph, '[data-name="startSpan"]')).toHaveCount(0);

  // Most self time: the heavy function first, the profiler nowhere; a click zooms to it and outlines it.
  const most = graph.getByTestId('flame-top-function');
  await expect(most.first()).toHaveAttribute('data-name', HEAVY);
  for (const name of await most.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')!)))
    expect(name).not.toMatch(PROFILER_FRAMES);
  await most.first().click();
  await expect(most.first()).toHaveAttribute('aria-pressed', 'true');
  const focused = graph.locator('[data-testid="flame-frame"]:focus');
  await expect(focused).toHaveAttribute('data-name', HEAVY);
  await expect(frame(graph, '[data-row="0"]')).toHaveAttribute('data-name', HEAVY);
  await expect(frame(graph, `[data-name="${HEAVY}"][data-highlighted="true"]`)).not.toHaveCount(0);
  await expect(graph.getByRole('navigation', { name: 'Zoom path' })).toContainText(HEAVY);

  // One percentage for the function: in Most self time, the detail row, the frame's label and a search for it.
  const shares = [
    percentIn(await most.first().getByTestId('flame-top-share').textContent()),
    percentIn(await graph.getByTestId('flame-detail').getByTestId('flame-share').textContent()),
    percentIn(await focused.getAttribute('aria-label')),
  ];
  await graph.getByRole('searchbox', { name: 'Search functions' }).fill(HEAVY);
  shares.push(percentIn(await graph.getByTestId('flame-matches').textContent()));
  expect(shares[0]).toMatch(/^\d/);
  expect(new Set(shares)).toEqual(new Set([shares[0]]));
  await expect(graph.getByTestId('flame-detail')).toContainText(`${shares[0]}% of the time`);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('flame-most-self-time-1280'), fullPage: true });

  // More profiles: the same chunk sent again under new ids (as a second process would), 21 in all.
  const raw = (await (await page.request.get(`${api}/${real.id}/raw`)).json()).data;
  for (let i = 0; i < 20; i++) {
    const chunk = JSON.stringify({ ...raw, chunk_id: randomUUID().replace(/-/g, '') });
    const body = [
      JSON.stringify({}),
      JSON.stringify({ type: 'profile_chunk', length: Buffer.byteLength(chunk) }),
      chunk,
    ];
    const res = await page.request.post(
      `/api${new URL(dsn).pathname}/envelope/?sentry_key=${project.keys[0].publicKey}`,
      {
        data: body.join('\n'),
      },
    );
    expect(res.status()).toBe(200);
  }
  await expect
    .poll(async () => (await (await page.request.get(`${api}?limit=1`)).json()).data?.pagination.total, {
      timeout: 30_000,
    })
    .toBe(21);

  // The Profiling page: ten functions and ten profiles a page, with page links; the profiler in no page.
  await page.goto(`/projects/${project.id}/profiling`);
  const fnRows = page.getByTestId('function-row');
  await expect(fnRows.first()).toHaveAttribute('data-name', HEAVY);
  await expect(fnRows).toHaveCount(10);
  const fnPages = page.getByRole('navigation', { name: 'Function pages' });
  await expect(fnPages).toContainText(/^Page 1 of \d+ · \d+ functions/);
  const profilePages = page.getByRole('navigation', { name: 'Profile pages' });
  await expect(profilePages).toContainText('Page 1 of 3 · 21 profiles');
  await expect(page.getByTestId('profile-row')).toHaveCount(10);
  const height = () => page.evaluate(() => document.scrollingElement!.scrollHeight);
  expect(await height()).toBeLessThan(2600);
  await page.screenshot({ path: screen('profiling-paged-1280'), fullPage: true });
  const ranked: string[] = [];
  for (;;) {
    ranked.push(...(await fnRows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')!))));
    const next = fnPages.getByRole('link', { name: 'Next' });
    if ((await next.getAttribute('aria-disabled')) === 'true') break;
    const before = await fnPages.textContent();
    await next.click();
    await expect(fnPages).not.toHaveText(before!);
  }
  expect(ranked).toEqual(expect.arrayContaining([HEAVY]));
  expect(ranked.filter((n) => PROFILER_FRAMES.test(n))).toEqual([]);
  expect(new Set(ranked).size).toBeGreaterThan(10);
  await expect(page).toHaveURL(/functionsPage=\d/);
  await profilePages.getByRole('link', { name: 'Next' }).click();
  await expect(profilePages).toContainText('Page 2 of 3');
  await profilePages.getByRole('link', { name: 'Next' }).click();
  await expect(profilePages).toContainText('Page 3 of 3');
  await expect(page.getByTestId('profile-row')).toHaveCount(1);
  await expect(page).toHaveURL(/profilesPage=3/);
  await expect(profilePages.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');

  // The function's name opens its latest profile zoomed on it.
  await page.goto(`/projects/${project.id}/profiling`);
  await fnRows.first().getByTestId('function-link').click();
  await expect(page).toHaveURL(/function=computeInvoiceTotals/);
  await expect(frame(page.getByTestId('flame-graph'), '[data-row="0"]')).toHaveAttribute('data-name', HEAVY);
  await expect(frame(page.getByTestId('flame-graph'), '[data-row="0"]')).toHaveAttribute('data-highlighted', 'true');

  // 390 px: the same opening, the folded row, Most self time; nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/projects/${project.id}/profiling/${real.id}`);
  const phone = page.getByTestId('flame-graph');
  await expect(frame(phone, '[data-row="0"]')).toHaveAttribute('data-in-app', 'true');
  await expect(frame(phone, '[data-folded]').first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await widerThanViewport(page)).toEqual([]);
  await page.screenshot({ path: screen('flame-opens-in-app-390'), fullPage: true });
  await phone.getByTestId('flame-top-function').first().click();
  await expect(phone.locator('[data-testid="flame-frame"]:focus')).toHaveAttribute('data-name', HEAVY);
  expect(await widerThanViewport(page)).toEqual([]);
  await page.screenshot({ path: screen('flame-most-self-time-390'), fullPage: true });
  await page.goto(`/projects/${project.id}/profiling`);
  await expect(page.getByRole('navigation', { name: 'Profile pages' })).toContainText('Page 1 of 3');
  await expect(page.getByRole('navigation', { name: 'Function pages' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await widerThanViewport(page)).toEqual([]);
  expect(await height()).toBeLessThan(4000);
  await page.screenshot({ path: screen('profiling-paged-390'), fullPage: true });
});
