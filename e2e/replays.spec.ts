import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, inflateSync } from 'node:zlib';
import path from 'node:path';
import pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { sidewaysOverflow } from './support/layout';
import { startSentryPageServer } from './support/sentry-page';

// #46 in Chromium: a shop page with the real @sentry/browser 11 and replayIntegration() (whole sessions and on
// error) gets a user who types an email and a password, adds to the cart and pays, which throws. The replay is
// listed, its player rebuilds the page at a chosen moment (the cart empty before the click, one item after), the
// error's issue opens the player at the error, and the password typed never reaches the stored segments (read in
// PostgreSQL) or the player. A hostile recording (scripts, onerror handlers, remote images and styles) plays without
// running anything or sending a single request.

type Project = { id: string; number: number; keys: { publicKey: string; sentryDsn: string }[] };
const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const PASSWORD = 'hunter2-correct-horse';

const shop = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({
  dsn: ${JSON.stringify(dsn)},
  release: 'shop@6.0.0',
  environment: 'production',
  integrations: [Sentry.replayIntegration({ maskAllText: false, maskAllInputs: false, blockAllMedia: false })],
  replaysSessionSampleRate: 1.0,
  replaysOnErrorSampleRate: 1.0,
});
Sentry.setUser({ id: 'u-77', email: 'ada@example.com' });
</script>
</head><body><main>
<h1>Checkout</h1>
<form id="login" onsubmit="return false">
  <label>Email <input id="email" type="email" autocomplete="off"></label>
  <label>Password <input id="password" type="password" autocomplete="off"></label>
</form>
<button id="add" type="button">Add to cart</button>
<ul id="cart"></ul>
<button id="pay" type="button">Pay</button>
</main>
<script>
document.getElementById('add').addEventListener('click', function () {
  var li = document.createElement('li');
  li.className = 'cart-item';
  li.textContent = 'Blue mug';
  document.getElementById('cart').appendChild(li);
  console.warn('cart has 1 item');
});
document.getElementById('pay').addEventListener('click', function () {
  setTimeout(function () { throw new Error('payment provider undefined'); });
});
</script>
</body></html>`;

async function projectFor(page: Page, name: string): Promise<Project> {
  await registerUser(page.request, { name: `Replay owner ${Date.now()}`, verify: true });
  const created = await page.request.post('/api/v1/projects', { data: { name } });
  expect(created.status()).toBe(201);
  return (await created.json()).data as Project;
}

type ReplayWindow = { Sentry: { getReplay(): { getReplayId(): string; flush(): Promise<void> } } };
const replayIdOf = (visitor: Page) =>
  visitor.evaluate(() => (window as unknown as ReplayWindow).Sentry.getReplay().getReplayId());
/** Sends what the SDK holds now (it sends a segment every few seconds). */
const flushReplay = (visitor: Page) =>
  visitor.evaluate(() => (window as unknown as ReplayWindow).Sentry.getReplay().flush());

/** The replay's stored segments as PostgreSQL holds them, inflated, in segment order. */
async function storedSegments(replayId: string): Promise<{ segmentId: number; text: string }[]> {
  const sql = new pg.Client({ connectionString: process.env.E2E_PG_URL });
  await sql.connect();
  const { rows } = await sql.query<{ segment_id: number; data: Buffer }>(
    `SELECT s.segment_id, b.data FROM replay_segments s JOIN attachment_blobs b ON b.attachment_id = s.attachment_id
      WHERE s.replay_id = $1 ORDER BY s.segment_id`,
    [replayId],
  );
  await sql.end();
  return rows.map((r) => ({ segmentId: r.segment_id, text: inflateSync(r.data).toString('utf8') }));
}

test('a real replay: listed, replayed at a moment, linked from its error, the password never stored', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const project = await projectFor(page, 'Replay shop');
  const site = await startSentryPageServer({ '/shop.html': shop(project.keys[0].sentryDsn) });
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.origin}/shop.html`);
    await visitor.locator('#email').pressSequentially('ada@example.com', { delay: 20 });
    await visitor.locator('#password').pressSequentially(PASSWORD, { delay: 20 });
    await visitor.waitForTimeout(1200);
    await visitor.click('#add');
    await expect(visitor.locator('.cart-item')).toHaveCount(1);
    await visitor.waitForTimeout(1200);
    // The SDK lists an error in the replay once the error's envelope is answered.
    const errorSent = visitor.waitForResponse(
      (r) => r.url().includes('/envelope/') && (r.request().postData() ?? '').includes('payment provider undefined'),
    );
    await visitor.click('#pay');
    await errorSent;
    const replayId = await replayIdOf(visitor);
    const list = async () =>
      (await (await page.request.get(`/api/v1/projects/${project.id}/replays`)).json()).data.replays as {
        id: string;
        countErrors: number;
      }[];
    // The SDK sends a segment every few seconds; flush the rest now (the error's id goes with the next one).
    await expect
      .poll(
        async () => {
          await flushReplay(visitor);
          return (await list()).find((r) => r.id === replayId)?.countErrors ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await context.close();

    // The stored segments (PostgreSQL, inflated): the email typed is there, the password is not.
    const segments = await storedSegments(replayId);
    expect(segments.length).toBeGreaterThan(0);
    const stored = segments.map((s) => s.text).join('\n');
    expect(stored).toContain('ada@example.com');
    expect(stored).not.toContain(PASSWORD);

    // The list, at 1280 px and at 390 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${project.id}/replays`);
    const row = page.getByTestId('replay-row').filter({ hasText: 'ada@example.com' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('/shop.html');
    await expect(row).toContainText('Chrome');
    await page.screenshot({ path: screen('replays-list'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen('replays-list-390'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The issue of the error links to the replay, at the error's moment.
    const issues = (await (await page.request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues as {
      id: string;
      title: string;
    }[];
    const issue = issues.find((i) => i.title.includes('payment provider undefined'))!;
    await page.goto(`/projects/${project.id}/issues/${issue.id}`);
    const replayLink = page.getByTestId('replay-link');
    await expect(replayLink).toHaveText('▶ Watch replay');
    await expect(replayLink).toHaveAttribute('href', new RegExp(`/replays/${replayId}\\?at=\\d+`));
    await replayLink.click();
    await expect(page).toHaveURL(new RegExp(`/replays/${replayId}`));

    // The player opens a second before the error: the cart holds the mug, the password field shows no password.
    const stage = page.frameLocator('[data-testid="replay-stage"] iframe');
    await expect(stage.locator('#cart li')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId('replay-errors')).toContainText('payment provider undefined');
    await expect(page.getByTestId('replay-console')).toContainText('cart has 1 item');
    await page.screenshot({ path: screen('replay-player'), fullPage: true });
    // Back to the start: the cart is empty again.
    await page.getByRole('slider', { name: 'Position in the replay' }).fill('0');
    await expect(stage.locator('#cart li')).toHaveCount(0);
    await expect(stage.locator('#email')).toBeAttached();
    const html = await stage.locator('html').evaluate((el) => el.outerHTML);
    expect(html).not.toContain(PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen('replay-player-390'), fullPage: true });
  } finally {
    await site.close();
  }
});

test('a hostile recording plays without running its scripts or sending any request', async ({ page }) => {
  const project = await projectFor(page, 'Hostile replay');
  // The attacker's server: every connection and request is recorded.
  const connections: string[] = [];
  const requests: string[] = [];
  const receiver = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    res.end('ok');
  });
  receiver.on('connection', (socket) => connections.push(String(socket.remotePort)));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const evil = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leak`;
  const replayId = crypto.randomUUID().replace(/-/g, '');
  const t0 = Date.now() - 10_000;
  const el = (id: number, tagName: string, attributes: Record<string, string>, childNodes: unknown[] = []) => ({
    type: 2,
    id,
    tagName,
    attributes,
    childNodes,
  });
  const snapshot = {
    type: 0,
    id: 1,
    childNodes: [
      el(2, 'html', {}, [
        el(3, 'head', {}, [
          el(4, 'script', { src: `${evil}/script-src` }),
          el(5, 'script', {}, [{ type: 3, id: 6, textContent: `fetch('${evil}/inline-script')` }]),
          el(7, 'link', { rel: 'stylesheet', href: `${evil}/style.css` }),
          el(16, 'link', { rel: 'preconnect', href: `${evil}/preconnect` }),
          el(17, 'link', { rel: 'prefetch', href: `${evil}/prefetch` }),
          el(18, 'meta', { 'http-equiv': 'refresh', content: `0;url=${evil}/refresh` }),
        ]),
        el(8, 'body', { onload: `fetch('${evil}/onload')` }, [
          el(9, 'h1', { id: 'title' }, [{ type: 3, id: 10, textContent: 'Hostile page' }]),
          el(11, 'img', { src: `${evil}/img.png`, onerror: `fetch('${evil}/onerror')` }),
          el(12, 'iframe', { src: `${evil}/frame` }),
          el(13, 'a', { id: 'link', href: `javascript:fetch('${evil}/href')` }, [
            { type: 3, id: 14, textContent: 'x' },
          ]),
          el(15, 'div', { style: `background-image: url(${evil}/bg.png)` }),
        ]),
      ]),
    ],
  };
  const events = [
    { type: 4, timestamp: t0, data: { href: 'https://evil.example/', width: 1024, height: 600 } },
    { type: 2, timestamp: t0 + 10, data: { node: snapshot, initialOffset: { left: 0, top: 0 } } },
    // Later, a frame appears and another one is pointed elsewhere.
    {
      type: 3,
      timestamp: t0 + 1000,
      data: {
        source: 0,
        texts: [],
        removes: [],
        adds: [{ parentId: 8, nextId: null, node: el(19, 'iframe', { src: `${evil}/added-frame` }) }],
        attributes: [{ id: 12, attributes: { src: `${evil}/changed-frame` } }],
      },
    },
    { type: 3, timestamp: t0 + 3000, data: { source: 2, type: 2, id: 9, x: 5, y: 5 } },
  ];
  const recording = Buffer.concat([
    Buffer.from('{"segment_id":0}\n'),
    deflateSync(Buffer.from(JSON.stringify(events))),
  ]);
  const replayEvent = {
    type: 'replay_event',
    replay_id: replayId,
    segment_id: 0,
    timestamp: (t0 + 3000) / 1000,
    replay_start_timestamp: t0 / 1000,
    urls: ['https://evil.example/'],
    replay_type: 'session',
  };
  const body = Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: replayId })}\n`),
    Buffer.from(`${JSON.stringify({ type: 'replay_event' })}\n${JSON.stringify(replayEvent)}\n`),
    Buffer.from(`${JSON.stringify({ type: 'replay_recording', length: recording.length })}\n`),
    recording,
    Buffer.from('\n'),
  ]);
  const sent = await page.request.post(`/api/${project.number}/envelope/?sentry_key=${project.keys[0].publicKey}`, {
    data: body,
    headers: { 'content-type': 'application/x-sentry-envelope' },
  });
  expect(sent.status()).toBe(200);
  try {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/projects/${project.id}/replays/${replayId}`);
    const stage = page.frameLocator('[data-testid="replay-stage"] iframe');
    await expect(stage.locator('#title')).toHaveText('Hostile page', { timeout: 15_000 });
    await expect(stage.locator('img')).toBeAttached();
    await page.getByTestId('replay-player').getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByTestId('replay-time')).toHaveText('0:03 / 0:03', { timeout: 10_000 });
    // Anything the recording could send would have been sent by now.
    await page.waitForTimeout(1000);
    expect(requests).toEqual([]);
    expect(connections).toEqual([]);
    expect(dialogs).toEqual([]);
    // The frame the page is rebuilt in may run no script.
    const sandbox = await page.locator('[data-testid="replay-stage"] iframe').getAttribute('sandbox');
    expect(sandbox?.split(' ')).not.toContain('allow-scripts');
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

// #58: with the SDK's masking off, rrweb records each keystroke of a card field as its own input event (and the page
// echoes the number back as text). Every segment, read back through the recording API and in PostgreSQL, holds no
// run of 12 digits of the card, prefix or whole; what was typed before the 12th digit stays; the SDK's options event
// keeps its sample rates.
const CARD = '4242 4242 4242 4242';
const payPage = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({
  dsn: ${JSON.stringify(dsn)},
  integrations: [Sentry.replayIntegration({ maskAllText: false, maskAllInputs: false, blockAllMedia: false })],
  replaysSessionSampleRate: 1.0,
  replaysOnErrorSampleRate: 1.0,
});
</script>
</head><body><main>
<label>Card number <input id="card" inputmode="numeric" autocomplete="off"></label>
<p id="echo"></p>
<button id="done" type="button">Done</button>
</main>
<script>
document.getElementById('card').addEventListener('input', function (e) {
  document.getElementById('echo').textContent = 'Paying with ' + e.target.value;
});
document.getElementById('done').addEventListener('click', function () {
  document.getElementById('echo').textContent = 'All done';
});
</script>
</body></html>`;

/** Every run of 12 digits of `card` (spaces or dashes allowed between them, as typed). */
const cardRuns = (card: string) => {
  const digits = card.replace(/\D/g, '');
  return Array.from(
    { length: digits.length - 11 },
    (_, i) =>
      new RegExp(
        digits
          .slice(i, i + 12)
          .split('')
          .join('[ -]?'),
      ),
  );
};

test('a card typed with masking off: no stored segment holds 12 digits of it; the SDK options stay readable', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const project = await projectFor(page, 'Replay card');
  const site = await startSentryPageServer({ '/pay.html': payPage(project.keys[0].sentryDsn) });
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.origin}/pay.html`);
    await visitor.locator('#card').pressSequentially(CARD, { delay: 40 });
    await expect(visitor.locator('#echo')).toHaveText(`Paying with ${CARD}`);
    await visitor.click('#done');
    const replayId = await replayIdOf(visitor);
    const api = `/api/v1/projects/${project.id}/replays/${replayId}`;
    // Flushed until the click after the last keystroke has been stored.
    await expect
      .poll(
        async () => {
          await flushReplay(visitor);
          const res = await page.request.get(`${api}/recording`);
          return res.ok() && (await res.text()).includes('All done');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await context.close();

    // The page's unload may flush one more segment after this list: every segment listed is stored, and every
    // segment stored is read back through the API.
    const listed = (await (await page.request.get(api)).json()).data.segments as { segmentId: number }[];
    expect(listed.length).toBeGreaterThan(0);
    const stored = await storedSegments(replayId);
    expect(stored.map((s) => s.segmentId)).toEqual(expect.arrayContaining(listed.map((s) => s.segmentId)));
    const texts: string[] = [];
    for (const s of stored) {
      const res = await page.request.get(`${api}/recording`, { params: { segment: s.segmentId } });
      expect(res.status()).toBe(200);
      texts.push(await res.text());
    }
    texts.push(...stored.map((s) => s.text));
    for (const [i, text] of texts.entries())
      for (const run of cardRuns(CARD)) expect(text, `segment text ${i}: ${run}`).not.toMatch(run);

    type Event = { type: number; data: { source?: number; text?: string; tag?: string; payload?: unknown } };
    const events = texts.slice(0, stored.length).flatMap((t) => JSON.parse(t) as Event[]);
    const typed = events.filter((e) => e.type === 3 && e.data.source === 5).map((e) => e.data.text);
    // The keystrokes were recorded: the last one before the 12th digit as typed, the last of all filtered.
    expect(typed).toContain('4242 4242 424');
    expect(typed.at(-1)).toBe('[Filtered]');
    const options = events.find((e) => e.type === 5 && e.data.tag === 'options');
    expect(options?.data.payload).toMatchObject({ sessionSampleRate: 1, errorSampleRate: 1, maskAllInputs: false });
  } finally {
    await site.close();
  }
});
