// #60, the smaller things a team met on its first day, at 1280 and 390 px: the Releases list's new-issues, commits
// and deploys columns; the replay's network panel by path and query; one date format on the event page; one name for
// an endpoint (list, issue, trace); throughput in a unit that reads; the Stats page counting replays once; recovery
// codes to copy and download; no replayId in the issue's tag panel (still searchable); the audit log in words. No page
// scrolls sideways. Screenshots in test-results/screens/small-*.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { seedBusyProject, type BusyProject } from './support/busy-project';
import { sidewaysOverflow } from './support/layout';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const WIDTHS = [
  ['1280', { width: 1280, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;
const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const NETWORK_URL = 'https://shop.example/api/cart/8812/items?coupon=WINTER-SALE-2026&currency=EUR';
// 12-hour clocks and slash dates: what the one date format replaced.
const OTHER_FORMATS = /\b\d{1,2}:\d{2}(:\d{2})?\s?(AM|PM)\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/i;

let busy: BusyProject;
let apiTraceId: string;

/** More of the first day, as the SDKs send it: a second replay segment with requests, an API call and its error. */
async function seedMore(page: Page) {
  const keys = (await (await page.request.get(`/api/v1/projects/${busy.project.id}/keys`)).json()).data as {
    publicKey: string;
  }[];
  // A replay's items name it in the envelope's header (event_id), as the browser SDK sends them.
  const send = async (items: { header: object; payload: string | object }[], eventId?: string) => {
    const lines = [JSON.stringify({ sent_at: new Date().toISOString(), ...(eventId ? { event_id: eventId } : {}) })];
    for (const { header, payload } of items) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      lines.push(JSON.stringify({ ...header, length: Buffer.byteLength(body) }), body);
    }
    const res = await page.request.post(`/api/${busy.project.number}/envelope/`, {
      headers: { 'x-sentry-auth': `Sentry sentry_key=${keys[0].publicKey}, sentry_version=7` },
      data: lines.join('\n'),
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const now = Date.now() / 1000;
  const rrweb = [
    { type: 4, timestamp: (now - 96) * 1000, data: { href: 'https://shop.example/checkout', width: 390, height: 844 } },
    {
      type: 2,
      timestamp: (now - 96) * 1000 + 5,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            {
              type: 2,
              id: 2,
              tagName: 'html',
              attributes: {},
              childNodes: [
                { type: 2, id: 3, tagName: 'head', attributes: {}, childNodes: [] },
                {
                  type: 2,
                  id: 4,
                  tagName: 'body',
                  attributes: {},
                  childNodes: [{ type: 3, id: 5, textContent: 'Your cart' }],
                },
              ],
            },
          ],
        },
        initialOffset: { left: 0, top: 0 },
      },
    },
    {
      type: 5,
      timestamp: (now - 95) * 1000,
      data: {
        tag: 'performanceSpan',
        payload: {
          op: 'resource.fetch',
          description: NETWORK_URL,
          startTimestamp: now - 95,
          endTimestamp: now - 94.8,
          data: { method: 'POST', statusCode: 201 },
        },
      },
    },
  ];
  await send(
    [
      {
        header: { type: 'replay_event' },
        payload: {
          type: 'replay_event',
          replay_id: busy.replayId,
          segment_id: 1,
          replay_type: 'session',
          timestamp: now - 90,
          replay_start_timestamp: now - 130,
          urls: [],
          error_ids: [],
          trace_ids: [],
          platform: 'javascript',
        },
      },
      {
        header: { type: 'replay_recording' },
        payload: `${JSON.stringify({ segment_id: 1 })}\n${JSON.stringify(rrweb)}`,
      },
    ],
    busy.replayId,
  );
  // One endpoint: the routed transaction, the error's raw name, the trace's root.
  apiTraceId = hex(16);
  const rootSpan = hex(8);
  await send([
    {
      header: { type: 'transaction' },
      payload: {
        type: 'transaction',
        event_id: hex(16),
        transaction: 'GET /api/users/42',
        start_timestamp: now - 50,
        timestamp: now - 49.9,
        contexts: { trace: { trace_id: apiTraceId, span_id: rootSpan, op: 'http.server' } },
        spans: [],
      },
    },
    {
      header: { type: 'event' },
      payload: {
        event_id: hex(16),
        timestamp: now - 49.95,
        level: 'error',
        platform: 'node',
        transaction: 'GET /api/users/42',
        request: { method: 'GET', url: 'https://api.shop.example/api/users/42?expand=orders' },
        exception: { values: [{ type: 'UserNotFound', value: 'No user 42' }] },
        contexts: { trace: { trace_id: apiTraceId, span_id: rootSpan } },
      },
    },
  ]);
}

test('the smaller things, at 1280 and 390 px', async ({ page, context, baseURL }) => {
  test.setTimeout(300_000);
  busy = await seedBusyProject(page.request, { person: 'Sam Small', project: 'Storefront' });
  await seedMore(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const base = `/projects/${busy.project.id}`;
  const issues = (await (await page.request.get(`/api/v1${base}/issues`)).json()).data.issues as {
    id: string;
    title: string;
  }[];
  await expect.poll(async () => issues.length).toBeGreaterThan(0);
  let userIssue = issues.find((i) => i.title.startsWith('UserNotFound'));
  await expect
    .poll(async () => {
      const all = (await (await page.request.get(`/api/v1${base}/issues`)).json()).data.issues as typeof issues;
      userIssue = all.find((i) => i.title.startsWith('UserNotFound'));
      return Boolean(userIssue);
    })
    .toBe(true);
  const userEvent = (await (await page.request.get(`/api/v1${base}/issues/${userIssue!.id}/events`)).json()).data
    .events[0] as { id: string };

  for (const [w, size] of WIDTHS) {
    await page.setViewportSize(size);
    const fits = async (what: string) =>
      expect(await sidewaysOverflow(page), `${what} scrolls sideways at ${w} px`).toBeLessThanOrEqual(0);

    // Releases: new issues (the three errors first seen in it), commits and deploys, as columns or card lines.
    await page.goto(`${base}/releases`);
    const releases = page.getByRole('region', { name: 'Releases' }).getByRole('table');
    await expect(releases).toBeVisible();
    if (w === '1280')
      for (const name of ['New issues', 'Commits', 'Deploys'])
        await expect(releases.getByRole('columnheader', { name, exact: true })).toBeVisible();
    await expect(releases.getByTestId('release-new-issues').first()).toHaveText('3');
    await expect(releases.getByTestId('release-commits-count').first()).toHaveText('0');
    await expect(releases.getByTestId('release-deploys-count').first()).toHaveText('0');
    await fits('Releases');
    await page.screenshot({ path: screen(`small-releases-${w}`), fullPage: true });

    // The replay's network panel: the request's path and query, the whole URL as its title.
    await page.goto(`${base}/replays/${busy.replayId}`);
    const request = page.getByTestId('replay-network').getByTestId('network-url');
    await expect(request).toHaveCount(1);
    await expect(request).toHaveText('/api/cart/8812/items?coupon=WINTER-SALE-2026&currency=EUR');
    await expect(request).toHaveAttribute('title', NETWORK_URL);
    await expect(page.getByText('The player could not start')).toHaveCount(0);
    await fits('The replay');
    await page.screenshot({ path: screen(`small-replay-network-${w}`), fullPage: true });

    // The event: one name for the endpoint, every absolute time in one format and clock.
    await page.goto(`${base}/issues/${userIssue!.id}/events/${userEvent.id}`);
    await expect(page.getByTestId('highlight-transaction')).toContainText('GET /api/users/:id');
    const times = await page.locator('time').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    for (const t of times)
      expect(t).toMatch(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d{3})?)?( UTC)?|.*ago|just now|yesterday|in .*)$/);
    expect(await page.locator('main').innerText()).not.toMatch(OTHER_FORMATS);
    await fits('The event');
    await page.screenshot({ path: screen(`small-event-${w}`), fullPage: true });

    // The trace names its root as the list and the issue do.
    await page.goto(`/traces/${apiTraceId}`);
    await expect(page.getByTestId('waterfall')).toContainText('GET /api/users/:id');
    await expect(page.getByTestId('waterfall')).not.toContainText('GET /api/users/42');
    await fits('The trace');

    // Performance: the endpoint by that name, throughput in a unit that reads and the range it is averaged over.
    await page.goto(`${base}/performance`);
    const txTable = page.getByRole('region', { name: 'Transactions table' }).getByRole('table');
    await expect(txTable.getByRole('rowheader', { name: 'GET /api/users/:id' })).toBeVisible();
    await expect(txTable.getByTestId('tx-rate').first()).toHaveText(/^(<0\.01|[\d.,]+) \/ (min|h|day)$/);
    if (w === '1280') await expect(txTable.getByRole('columnheader', { name: /Throughput \(7 d avg\)/ })).toBeVisible();
    await fits('Performance');
    await page.screenshot({ path: screen(`small-performance-${w}`), fullPage: true });

    // The issue's tag panel: no replayId values (they are per event), said so; the search still finds it by one.
    await page.goto(`${base}/issues/${busy.issueId}`);
    const tags = page.getByTestId('issue-tags');
    await expect(tags.getByTestId('tag-card').first()).toBeVisible();
    await expect(tags.locator('[data-tag-key="replayId"]')).toHaveCount(0);
    await expect(tags).not.toContainText(busy.replayId);
    await expect(tags.getByTestId('id-tags-hidden')).toContainText('replayId');
    await fits('The issue');
    await page.screenshot({ path: screen(`small-issue-tags-${w}`), fullPage: true });
    await page.goto(`${base}/issues?${new URLSearchParams({ query: `replayId:${busy.replayId}` })}`);
    await expect(page.getByTestId('issue-row').first()).toBeVisible();

    // Stats: two segments of one replay are one replay.
    await page.goto(`${base}/stats`);
    await expect(page.getByTestId('category-replay').getByRole('heading')).toHaveText('Replay segments');
    await expect(page.getByTestId('replay-count')).toContainText('1 replay begun in the range');
    await fits('Stats');
    await page.screenshot({ path: screen(`small-stats-${w}`), fullPage: true });

    // The audit log in words: labels, no raw keys, no JSON.
    await page.goto('/settings/audit-log');
    const created = page.locator('[data-testid="audit-entry"][data-action="project.created"]');
    await expect(created.getByTestId('audit-action')).toHaveText('Created a project');
    await expect(page.getByRole('table')).not.toContainText('project.created');
    await expect(page.getByRole('table')).not.toContainText('{"');
    await fits('The audit log');
    await page.screenshot({ path: screen(`small-audit-log-${w}`), fullPage: true });
  }

  // Recovery codes: copied one a line, downloaded as a .txt file (once: a second authenticator is refused).
  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const shown = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'Copy recovery codes' }).click();
  await expect(page.getByRole('button', { name: 'Copy recovery codes' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('tracker-recovery-codes.txt');
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text).toMatch(/^Tracker recovery codes for localhost:\d+, generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
  expect(text.trim().split('\n').slice(-10)).toEqual(codes);
  await page.screenshot({ path: screen('small-recovery-codes-1280'), fullPage: true });
  await page.setViewportSize(WIDTHS[1][1]);
  await expect(page.getByRole('button', { name: 'Download .txt' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('small-recovery-codes-390'), fullPage: true });
});
