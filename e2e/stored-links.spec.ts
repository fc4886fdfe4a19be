import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { sidewaysOverflow } from './support/layout';

// #60 in Chromium at 1280 and 390 px: every stored link shown. One session, as the SDKs send it: a replay whose page
// took part in a trace; two errors of one issue seen in it (each listed by its own message); feedback sent during it
// (its replay and trace linked, and listed on the replay); two log lines of the trace (linked from the trace page to
// the Logs page filtered to it); a backend error whose request's baggage names the replay (Watch replay); ownership
// rules saved afterwards (the issue shows its owner). Each link's target is asserted, then followed.

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const hex = () => crypto.randomUUID().replace(/-/g, '');
type Project = { id: string; number: number; keys: { publicKey: string }[] };

/** An envelope of items (each with its length), as the SDKs send them. */
async function envelope(request: APIRequestContext, p: Project, header: object, items: [object, string | object][]) {
  const lines = [JSON.stringify(header)];
  for (const [h, payload] of items) {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    lines.push(JSON.stringify({ ...h, length: Buffer.byteLength(body) }), body);
  }
  const res = await request.post(`/api/${p.number}/envelope/?sentry_key=${p.keys[0].publicKey}`, {
    headers: { 'content-type': 'application/x-sentry-envelope' },
    data: lines.join('\n'),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function seed(page: Page) {
  const user = await registerUser(page.request, { name: `Links owner ${Date.now()}`, verify: true });
  const created = await page.request.post('/api/v1/projects', { data: { name: 'Shop', defaultRules: false } });
  expect(created.status()).toBe(201);
  const p = (await created.json()).data as Project;
  const [replayId, traceId, first, second, backend] = [hex(), hex(), hex(), hex(), hex()];
  const now = Date.now() / 1000 - 60;
  const trace = { trace_id: traceId, span_id: hex().slice(0, 16) };
  const browserError = (eventId: string, value: string, at: number) => ({
    event_id: eventId,
    timestamp: now + at,
    level: 'error',
    platform: 'javascript',
    tags: { replayId },
    contexts: { trace, replay: { replay_id: replayId } },
    exception: {
      values: [
        {
          type: 'TypeError',
          value,
          stacktrace: { frames: [{ filename: 'app:///src/billing/pay.js', function: 'pay', lineno: 7, in_app: true }] },
        },
      ],
    },
  });
  for (const [id, value, at] of [
    [first, 'cart is undefined', 2],
    [second, 'price is NaN', 4],
  ] as const)
    await envelope(page.request, p, { event_id: id }, [[{ type: 'event' }, browserError(id, value, at)]]);
  const text = { type: 3, id: 4, textContent: 'Checkout' };
  const body = { type: 2, id: 3, tagName: 'body', attributes: {}, childNodes: [text] };
  const html = { type: 2, id: 2, tagName: 'html', attributes: {}, childNodes: [body] };
  const rrweb = [
    { type: 4, timestamp: now * 1000, data: { href: 'https://shop.example/checkout', width: 1280, height: 800 } },
    {
      type: 2,
      timestamp: now * 1000 + 1,
      data: { node: { type: 0, id: 1, childNodes: [html] }, initialOffset: { left: 0, top: 0 } },
    },
  ];
  await envelope(page.request, p, { event_id: replayId }, [
    [
      { type: 'replay_event' },
      {
        type: 'replay_event',
        replay_id: replayId,
        segment_id: 0,
        replay_type: 'session',
        timestamp: now + 6,
        replay_start_timestamp: now,
        urls: ['https://shop.example/checkout'],
        error_ids: [first, second],
        trace_ids: [traceId],
        platform: 'javascript',
        user: { email: 'ada@example.com' },
      },
    ],
    [{ type: 'replay_recording' }, `${JSON.stringify({ segment_id: 0 })}\n${JSON.stringify(rrweb)}`],
  ]);
  const feedbackId = hex();
  await envelope(page.request, p, { event_id: feedbackId }, [
    [
      { type: 'feedback' },
      {
        type: 'feedback',
        event_id: feedbackId,
        timestamp: now + 5,
        contexts: {
          trace,
          feedback: { message: 'The pay button does nothing', source: 'widget', replay_id: replayId },
        },
      },
    ],
  ]);
  const line = (body: string, at: number) => ({ timestamp: now + at, level: 'info', body, trace_id: traceId });
  await envelope(page.request, p, {}, [
    [
      { type: 'log', item_count: 2, content_type: 'application/vnd.sentry.items.log+json' },
      { items: [line('paying', 1), line('payment failed', 3)] },
    ],
  ]);
  // A backend called from the page: @sentry/node keeps the request's headers, the browser's baggage among them.
  await envelope(page.request, p, { event_id: backend }, [
    [
      { type: 'event' },
      {
        event_id: backend,
        timestamp: now + 3,
        level: 'error',
        platform: 'node',
        exception: { values: [{ type: 'Error', value: 'payment service unavailable' }] },
        request: {
          method: 'POST',
          url: 'https://api.shop.example/pay',
          headers: { baggage: `sentry-trace_id=${traceId},sentry-replay_id=${replayId},sentry-sample_rate=1` },
        },
      },
    ],
  ]);
  const rules = await page.request.put(`/api/v1/projects/${p.id}/ownership`, {
    data: { raw: `path:*/src/billing/* ${user.email}` },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  const issues = (await (await page.request.get(`/api/v1/projects/${p.id}/issues`)).json()).data.issues as {
    id: string;
    title: string;
  }[];
  const issueOf = (title: string) => issues.find((i) => i.title === title)!.id;
  return {
    p,
    user,
    replayId,
    traceId,
    second,
    browserIssue: issueOf('TypeError: cart is undefined'),
    backendIssue: issueOf('Error: payment service unavailable'),
  };
}

for (const width of [1280, 390]) {
  test(`stored links shown both ways at ${width} px (#60)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const s = await seed(page);
    const projectPath = `/projects/${s.p.id}`;
    const replayHref = new RegExp(`^${projectPath}/replays/${s.replayId}(\\?at=\\d+)?$`);

    // The replay: each error by its own message, linked to its event; the feedback sent during it.
    await page.goto(`${projectPath}/replays/${s.replayId}`);
    const errors = page.getByTestId('replay-error-event');
    await expect(errors).toHaveText(['TypeError: cart is undefined', 'TypeError: price is NaN']);
    const secondEvent = (await errors.nth(1).getAttribute('href'))!;
    expect(secondEvent).toMatch(new RegExp(`^${projectPath}/issues/${s.browserIssue}/events/[^/]+$`));
    await expect(page.getByTestId('replay-error').nth(1)).toContainText('in the issue TypeError: cart is undefined');
    const feedback = page.getByTestId('replay-feedback').getByRole('link', { name: /The pay button does nothing/ });
    await expect(feedback).toHaveAttribute('href', new RegExp(`^${projectPath}/feedback\\?id=`));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`links-replay-${width}`), fullPage: true });

    // The feedback, opened from the replay: its replay and its trace.
    await feedback.click();
    await expect(page.getByTestId('feedback-one')).toBeVisible();
    await expect(page.getByTestId('feedback-message')).toHaveText(['The pay button does nothing']);
    await expect(page.getByTestId('feedback-replay').getByRole('link')).toHaveAttribute('href', replayHref);
    await expect(page.getByTestId('feedback-trace').getByRole('link')).toHaveAttribute('href', `/traces/${s.traceId}`);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`links-feedback-${width}`), fullPage: true });

    // The trace: its log lines and its replay; the lines' link opens the Logs page filtered to the trace.
    await page.getByTestId('feedback-trace').getByRole('link').click();
    await expect(page).toHaveURL(`/traces/${s.traceId}`);
    await expect(page.getByTestId('trace-replay-link')).toHaveAttribute('href', replayHref);
    const logs = page.getByTestId('trace-logs-link');
    await expect(logs).toHaveText('2 log lines');
    await expect(logs).toHaveAttribute('href', `${projectPath}/logs?traceId=${s.traceId}`);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`links-trace-${width}`), fullPage: true });
    await logs.click();
    await expect(page.getByTestId('logs-trace-filter')).toBeVisible();
    await expect(page.getByTestId('log')).toHaveCount(2);
    await page.screenshot({ path: screen(`links-logs-${width}`), fullPage: true });

    // The backend error: Watch replay from its request's baggage, into the browser's replay.
    await page.goto(`${projectPath}/issues/${s.backendIssue}`);
    await expect(page.getByTestId('replay-link')).toHaveAttribute('href', replayHref);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`links-backend-${width}`), fullPage: true });

    // The browser issue: its owner by the rule saved after it came.
    await page.goto(`${projectPath}/issues/${s.browserIssue}`);
    await expect(page.getByTestId('issue-owner')).toHaveText([
      new RegExp(`^Links owner .*by rule path:\\*/src/billing/\\*`),
    ]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`links-owner-${width}`), fullPage: true });
  });
}
