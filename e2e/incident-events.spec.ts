import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import {
  consoleErrors,
  DESKTOP,
  error,
  frame,
  issuesOf,
  logInOnPage,
  ownerWithProject,
  PHONE,
  send,
} from './support/incident';

// #21: the dashboard during an incident: events can be walked (older/newer/latest/oldest), read and downloaded as raw
// JSON, their id and link copied, and a deep recursion folds into one frame.

const T0 = Date.now() - 60 * 60_000;

test('walk four events with older/newer/latest/oldest, read and download the raw JSON, copy the id and link', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const errors = consoleErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const api = await playwright.request.newContext({ baseURL });
  const { user, project } = await ownerWithProject(api, 'Walk shop');
  const sent = [0, 1, 2, 3].map((i) => ({
    ts: T0 + i * 60_000,
    body: error('walk me', {
      timestamp: T0 + i * 60_000,
      release: `shop@1.0.${i}`,
      environment: i % 2 ? 'staging' : 'production',
      user: { id: `u${i}`, email: `buyer${i}@example.com` },
    }),
  }));
  // Sent out of order: the page follows occurrence time, not arrival.
  for (const i of [2, 0, 3, 1]) await send(api, project, sent[i].body);
  const [issue] = await issuesOf(api, project.id);
  const listed = (
    (await (await api.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`)).json()) as {
      data: { events: { id: string; timestamp: string }[] };
    }
  ).data.events;
  expect(listed.map((e) => e.timestamp)).toEqual([3, 2, 1, 0].map((i) => new Date(sent[i].ts).toISOString()));
  const [newest, , , oldest] = listed.map((e) => e.id);
  const eventUrl = (id: string) => `/projects/${project.id}/issues/${issue.id}/events/${id}`;

  await page.goto(`/projects/${project.id}/issues/${issue.id}`);
  await logInOnPage(page, user.email);
  // The events table: user, release and environment of each event, newest first.
  const rows = page.getByTestId('event-row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('event-user')).toHaveText([
    'buyer3@example.com',
    'buyer2@example.com',
    'buyer1@example.com',
    'buyer0@example.com',
  ]);
  await expect(page.getByTestId('event-release')).toHaveText(['shop@1.0.3', 'shop@1.0.2', 'shop@1.0.1', 'shop@1.0.0']);
  await expect(page.getByTestId('event-environment')).toHaveText(['staging', 'production', 'staging', 'production']);
  await expect(page).toHaveTitle(`TypeError: walk me · Walk shop · Tracker`);

  await page.goto(eventUrl(newest));
  await expect(page.getByTestId('event-id')).toHaveText(newest);
  await expect(page).toHaveTitle(`Event · TypeError: walk me · Walk shop · Tracker`);
  // At the newest (once the neighbours are read): nothing newer.
  await expect(page.getByTestId('event-oldest')).toHaveAttribute('href', eventUrl(oldest));
  await expect(page.getByTestId('event-newer')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('event-latest')).toHaveAttribute('aria-disabled', 'true');
  const seen = [newest];
  for (let i = 0; i < 3; i++) {
    await expect(page.getByTestId('event-older')).toHaveAttribute('href', eventUrl(listed[i + 1].id));
    await page.getByTestId('event-older').click();
    await expect(page.getByTestId('event-id')).toHaveText(listed[i + 1].id);
    seen.push(listed[i + 1].id);
  }
  expect(seen).toEqual(listed.map((e) => e.id));
  await expect(page).toHaveURL(eventUrl(oldest));
  await expect(page.getByTestId('event-newer')).toHaveAttribute('href', eventUrl(listed[2].id));
  await expect(page.getByTestId('event-older')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('event-oldest')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('event-newer').click();
  await expect(page.getByTestId('event-id')).toHaveText(listed[2].id);
  await expect(page.getByTestId('event-latest')).toHaveAttribute('href', eventUrl(newest));
  await page.getByTestId('event-latest').click();
  await expect(page).toHaveURL(eventUrl(newest));
  await expect(page.getByTestId('event-oldest')).toHaveAttribute('href', eventUrl(oldest));
  await page.getByTestId('event-oldest').click();
  await expect(page).toHaveURL(eventUrl(oldest));

  // Raw JSON, on the page and as a download: the event as the API stores it.
  const stored = (
    (await (await api.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events/${oldest}`)).json()) as {
      data: Record<string, unknown>;
    }
  ).data;
  await page.getByTestId('toggle-raw-json').click();
  expect(JSON.parse((await page.getByTestId('raw-json').textContent())!)).toEqual(stored);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-json').click()]);
  expect(download.suggestedFilename()).toBe(`event-${oldest}.json`);
  const downloaded = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
  expect(downloaded).toEqual(stored);
  expect(downloaded).toMatchObject({
    release: 'shop@1.0.0',
    environment: 'production',
    userContext: { id: 'u0', email: 'buyer0@example.com' },
    timestamp: new Date(T0).toISOString(),
  });

  await page.getByRole('button', { name: 'Copy ID' }).click();
  await expect(page.getByRole('button', { name: 'Copy ID' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldest);
  await page.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${eventUrl(oldest)}`);

  // No empty panels: this event has no request, breadcrumbs, contexts, extra or SDK.
  for (const title of ['Request', 'Breadcrumbs', 'Contexts', 'Extra', 'SDK', 'Tags']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText('No request.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'User', exact: true })).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoSeriousA11yViolations(page);
      expect(await sidewaysOverflow(page), `event page at ${viewport.width} px`).toBeLessThanOrEqual(0);
    }
  }
  expect(errors).toEqual([]);
  await api.dispose();
});

test('a 41-frame recursion shows as one frame and "same frame ×38"', async ({ page, playwright, baseURL }) => {
  const errors = consoleErrors(page);
  const api = await playwright.request.newContext({ baseURL });
  const { user, project } = await ownerWithProject(api, 'Recursion');
  // Innermost first: the throw site, 39 identical recursive calls, then two callers.
  const frames = [
    frame('throwIt', 3),
    ...Array.from({ length: 39 }, () => frame('walk', 12, 'app/tree.js')),
    frame('render', 40),
    frame('main', 1),
  ];
  expect(frames).toHaveLength(42);
  await send(api, project, {
    exception: { type: 'RangeError', value: 'Maximum call stack size exceeded', stacktrace: { frames } },
  });
  const [issue] = await issuesOf(api, project.id);

  await page.goto(`/projects/${project.id}/issues/${issue.id}`);
  await logInOnPage(page, user.email);
  const stack = page.getByTestId('stack-trace');
  await expect(stack.getByTestId('repeated-frames')).toHaveText(/^same frame ×38/);
  // throwIt, walk (once), render, main.
  await expect(stack.getByTestId('frame-function')).toHaveText(['throwIt', 'walk', 'render', 'main']);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
  await stack.getByTestId('repeated-frames').click();
  await expect(stack.getByTestId('frame-function')).toHaveCount(42);
  expect(errors).toEqual([]);
  await api.dispose();
});
