import { expect, test } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startSentryPageServer } from './support/sentry-page';

// #33 in Chromium: a visitor opens the real @sentry/browser 11 feedback widget, types, attaches a screenshot (the
// tab captured through getDisplayMedia) and sends; after an error, the crash-report dialog (Sentry.showReportDialog,
// served by us) takes a report. Both land in the Feedback inbox with the screenshot shown. Attachments of HTML and
// SVG with scripts never run in our origin (framed, embedded or opened), and are not served to a signed-out visitor.

type Project = { id: string; number: number; keys: { publicKey: string; sentryDsn: string }[] };

const shop = (dsn: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'shop@5.0.0', tracesSampleRate: 0, integrations: [Sentry.feedbackIntegration({ colorScheme: 'light' })] });
</script>
</head><body><main><h1>Checkout</h1><p>Total: 42 €</p>
<button id="fail" type="button">Pay</button></main>
<script>
document.getElementById('fail').addEventListener('click', function () {
  var id = Sentry.captureException(new Error('payment form froze'));
  Sentry.showReportDialog({ eventId: id, user: { name: 'Grace', email: 'grace@example.com' } });
});
</script>
</body></html>`;

test('the feedback widget with a screenshot and the crash-report dialog, in the inbox; attachments never run', async ({
  page,
  browser,
}) => {
  const request = page.request;
  await registerUser(request, { name: `Feedback owner ${Date.now()}`, verify: true });
  const created = await request.post('/api/v1/projects', { data: { name: 'Feedback shop' } });
  expect(created.status()).toBe(201);
  const project = (await created.json()).data as Project;
  const site = await startSentryPageServer({ '/shop.html': shop(project.keys[0].sentryDsn) });
  try {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${site.origin}/shop.html`);
    // The widget lives in a shadow root; Playwright's role queries reach into it.
    await visitor.getByRole('button', { name: 'Report a Bug' }).click();
    await visitor.getByLabel('Name').fill('Ada');
    await visitor.getByLabel('Email').fill('ada@example.com');
    await visitor.getByLabel('Description').fill('The pay button does nothing on the second try');
    await visitor.getByRole('button', { name: 'Add a screenshot' }).click();
    await expect(visitor.getByRole('button', { name: 'Remove screenshot' })).toBeVisible({ timeout: 15_000 });
    const sent = visitor.waitForRequest(
      (r) => r.url().includes(`/api/${project.number}/envelope/`) && (r.postData() ?? '').includes('"type":"feedback"'),
    );
    await visitor.getByRole('button', { name: 'Send Bug Report' }).click();
    await sent;

    // The crash-report dialog after an error: our script, our form.
    await visitor.click('#fail');
    await expect(visitor.getByRole('dialog', { name: 'It looks like we’re having issues.' })).toBeVisible();
    await expect(visitor.getByLabel('Name')).toHaveValue('Grace');
    await visitor.getByLabel('What happened?').fill('I clicked Pay and the form froze');
    await visitor.getByRole('button', { name: 'Submit Crash Report' }).click();
    await expect(visitor.getByText('Your feedback has been sent. Thank you!')).toBeVisible();
    await context.close();

    type Entry = {
      message: string;
      source: string;
      issueId: string | null;
      attachments: { filename: string; contentType: string; inlineUrl: string | null }[];
    };
    const inbox = async () =>
      (await (await request.get(`/api/v1/projects/${project.id}/feedback`)).json()).data.feedback as Entry[];
    await expect.poll(async () => (await inbox()).length, { timeout: 15_000 }).toBe(2);
    const entries = await inbox();
    const widget = entries.find((f) => f.source === 'widget')!;
    expect(widget.message).toBe('The pay button does nothing on the second try');
    expect(widget.attachments).toHaveLength(1);
    expect(widget.attachments[0]).toMatchObject({ contentType: 'image/png' });
    const dialog = entries.find((f) => f.source === 'crash_report_dialog')!;
    expect(dialog.message).toBe('I clicked Pay and the form froze');
    await expect
      .poll(async () => (await inbox()).find((f) => f.source === 'crash_report_dialog')?.issueId ?? null, {
        timeout: 15_000,
      })
      .not.toBeNull();

    await page.goto(`/projects/${project.id}/feedback`);
    const card = page.getByTestId('feedback').filter({ hasText: 'The pay button does nothing' });
    await expect(card).toBeVisible();
    const shot = card.getByRole('img', { name: /^Attachment / });
    await expect(shot).toBeVisible();
    // Visible is not decoded: under load the image's bytes may still be arriving.
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('feedback').filter({ hasText: 'I clicked Pay and the form froze' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // HTML and SVG attachments whose scripts would set parent.pwned: framed, embedded and opened in our origin.
    const eventId = '0123456789abcdef0123456789abcdef';
    const items = [
      {
        type: 'attachment',
        filename: 'page.html',
        content_type: 'text/html',
        payload: '<script>parent.pwned = "html"; window.pwned = "html"</script>',
      },
      {
        type: 'attachment',
        filename: 'image.svg',
        content_type: 'image/svg+xml',
        payload: '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.pwned = "svg"</script></svg>',
      },
    ];
    const body = [
      JSON.stringify({ event_id: eventId }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({ event_id: eventId, message: 'with active files', level: 'error' }),
      ...items.flatMap(({ payload, ...h }) => [JSON.stringify({ ...h, length: Buffer.byteLength(payload) }), payload]),
    ].join('\n');
    expect(
      (
        await request.post(`/api/${project.number}/envelope/?sentry_key=${project.keys[0].publicKey}`, { data: body })
      ).status(),
    ).toBe(200);
    const files = (await (await request.get(`/api/v1/projects/${project.id}/attachments?eventId=${eventId}`)).json())
      .data as { filename: string; url: string }[];
    expect(files.map((f) => f.filename)).toEqual(['page.html', 'image.svg']);
    await page.evaluate(
      (urls) => {
        for (const u of urls) {
          const frame = document.createElement('iframe');
          frame.src = `${u}?inline=1`;
          document.body.appendChild(frame);
          const object = document.createElement('object');
          object.data = u;
          document.body.appendChild(object);
        }
      },
      files.map((f) => f.url),
    );
    for (const f of files) {
      const tab = await page.context().newPage();
      const download = tab.waitForEvent('download');
      await tab.goto(f.url).catch(() => {});
      expect((await download).suggestedFilename()).toBe(f.filename);
      expect(
        await tab.evaluate(() => (window as unknown as { pwned?: string }).pwned ?? null).catch(() => null),
      ).toBeNull();
      await tab.close();
    }
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned ?? null)).toBeNull();

    // Signed out: nothing.
    const stranger = await browser.newContext();
    const res = await stranger.request.get(new URL(files[0].url, page.url()).toString());
    expect(res.status()).toBe(401);
    expect(await res.text()).not.toContain('<script>');
    await stranger.close();
  } finally {
    await site.close();
  }
});
