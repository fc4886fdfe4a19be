import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startWebhookReceiver } from './support/webhook-receiver';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

async function ingest(request: APIRequestContext, projectId: string, key: string, envelope: object) {
  const res = await request.post(`/api/v1/ingest/${projectId}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
    data: envelope,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('alert rule: API validation messages in the form, webhook delivery in the log, pause, delete', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const { project, key } = await signInWithProject(page, request, 'Storefront');
    const alertsPath = `/projects/${project.id}/alerts`;

    await page.goto(alertsPath);
    await expect(page.getByRole('heading', { name: 'No alert rules yet' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'New alert rule' }).click();
    const form = page.getByRole('form', { name: 'New alert rule' });

    // Each invalid input: the form shows exactly the messages the API answers for the same body.
    const invalid: { fill: () => Promise<void>; body: object }[] = [
      {
        body: { name: 'Spikes', type: 'ERROR_RATE', notifyEmail: 'oncall@example.com' },
        fill: async () => {
          await form.getByLabel('Name').fill('Spikes');
          await form.getByRole('radio', { name: /Error rate/ }).check();
          await form.getByLabel('Email').fill('oncall@example.com');
        },
      },
      {
        body: { name: 'Nobody told', type: 'NEW_ISSUE' },
        fill: async () => {
          await form.getByLabel('Name').fill('Nobody told');
          await form.getByRole('radio', { name: /New issue/ }).check();
          await form.getByLabel('Email').fill('');
        },
      },
      {
        body: { name: 'Bad address', type: 'NEW_ISSUE', notifyEmail: 'not-an-email' },
        fill: async () => {
          await form.getByLabel('Name').fill('Bad address');
          await form.getByLabel('Email').fill('not-an-email');
        },
      },
    ];
    for (const { body, fill } of invalid) {
      const apiRes = await page.request.post(`/api/v1/projects/${project.id}/alerts`, { data: body });
      expect(apiRes.status()).toBe(400);
      const apiMessages = ((await apiRes.json()) as { error: { message: string }[] }).error.map((e) => e.message);
      expect(apiMessages.length).toBeGreaterThan(0);
      await fill();
      await form.getByRole('button', { name: 'Create rule' }).click();
      const shown = await form.getByRole('alert').allTextContents();
      expect(shown.sort()).toEqual([...new Set(apiMessages)].sort());
    }
    expect(await page.request.get(`/api/v1/projects/${project.id}/alerts`).then((r) => r.json())).toMatchObject({
      data: [],
    });
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screen('alerts-form-errors'), fullPage: true });

    // A valid NEW_ISSUE rule with a webhook only.
    await form.getByLabel('Name').fill('New issues to the webhook');
    await form.getByLabel('Email').fill('');
    await form.getByLabel('Webhook URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Create rule' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const rule = page.getByTestId('alert-rule').filter({ hasText: 'New issues to the webhook' });
    await expect(rule.getByTestId('last-triggered')).toHaveText('Never');
    await expect(rule.getByText(receiver.url)).toBeVisible();

    await ingest(request, project.id, key, {
      exception: {
        type: 'TypeError',
        value: 'Cannot read properties of undefined',
        stacktrace: {
          frames: [{ filename: 'https://shop.example/app.js', function: 'checkout', lineno: 42, colno: 7 }],
        },
      },
    });

    await rule.getByRole('button', { name: 'Delivery log' }).click();
    await expect(page).toHaveURL(/[?&]log=/);
    const logRow = rule.getByTestId('alert-log-row').first();
    await expect(logRow).toContainText('Delivered', { timeout: 30_000 });
    await expect(logRow).toContainText('webhook');
    await expect(logRow).toContainText(receiver.url);

    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0];
    expect(hook.body).toMatchObject({
      type: 'new_issue',
      projectName: 'Storefront',
      issue: {
        title: 'TypeError: Cannot read properties of undefined',
        level: 'ERROR',
        status: 'UNRESOLVED',
        eventCount: 1,
        projectId: project.id,
      },
    });
    expect((hook.body as { issueUrl: string }).issueUrl).toMatch(new RegExp(`/projects/${project.id}/issues/[^/]+$`));
    expect(receiver.signatureValid(hook, secret)).toBe(true);

    // The secret is gone after a reload; the open log stays (it lives in the URL), and the rule now has fired.
    await page.reload();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    await expect(rule.getByTestId('alert-log-row')).toHaveCount(1);
    await expect(rule.getByTestId('last-triggered')).not.toHaveText('Never');

    // Pause: persisted through PATCH.
    const toggle = rule.getByRole('switch', { name: 'New issues to the webhook active' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(rule.getByText('Paused')).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            (await page.request.get(`/api/v1/projects/${project.id}/alerts`).then((r) => r.json())) as {
              data: { enabled: boolean }[];
            }
          ).data[0].enabled,
      )
      .toBe(false);
    await page.reload();
    await expect(rule.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screen('alerts'), fullPage: true });

    // Delete asks first; Cancel keeps the rule.
    await rule.getByRole('button', { name: 'Delete New issues to the webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete alert rule?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rule).toBeVisible();

    // Edit keeps the channels and the paused state; the API sees the new name.
    await rule.getByRole('button', { name: 'Edit New issues to the webhook' }).click();
    const editForm = page.getByRole('form', { name: 'Edit “New issues to the webhook”' });
    await expect(editForm.getByLabel('Webhook URL')).toHaveValue(receiver.url);
    await editForm.getByLabel('Name').fill('Renamed rule');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(editForm).toBeHidden();
    const renamed = page.getByTestId('alert-rule').filter({ hasText: 'Renamed rule' });
    await expect(renamed.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(await page.request.get(`/api/v1/projects/${project.id}/alerts`).then((r) => r.json())).toMatchObject({
      data: [{ name: 'Renamed rule', webhookUrl: receiver.url, enabled: false }],
    });

    await renamed.getByRole('button', { name: 'Delete Renamed rule' }).click();
    await dialog.getByRole('button', { name: 'Delete rule' }).click();
    await expect(page.getByRole('heading', { name: 'No alert rules yet' })).toBeVisible();
    expect(await page.request.get(`/api/v1/projects/${project.id}/alerts`).then((r) => r.json())).toMatchObject({
      data: [],
    });
  } finally {
    await receiver.close();
  }
});

test('performance: transactions table and web vitals cards from ingested transactions', async ({ page, request }) => {
  const { project, key } = await signInWithProject(page, request, 'Web app');
  await page.goto(`/projects/${project.id}/performance`);
  await expect(page.getByRole('heading', { name: 'No transactions in the last 7 days' })).toBeVisible();
  await expect(page.getByText('tracesSampleRate').first()).toBeVisible();
  await expect(page.getByTestId('vitals-none')).toContainText(
    'Web Vitals (LCP, FCP, TTFB, CLS) come from browser SDKs',
  );
  await expectNoSeriousA11yViolations(page);

  const now = Date.now();
  const checkout = [
    { duration: 100, vitals: { lcp: 1000, fcp: 2500, ttfb: 2000 } },
    { duration: 200, vitals: { lcp: 1500, fcp: 2500, ttfb: 2000 } },
    { duration: 300, vitals: { lcp: 2000, fcp: 2500, ttfb: 2000 } },
    { duration: 400, vitals: { lcp: 2200, fcp: 2500, ttfb: 2000 } },
    { duration: 500, vitals: { lcp: 2400, fcp: 2500, ttfb: 2000 } },
  ];
  for (const [i, t] of checkout.entries()) {
    await ingest(request, project.id, key, {
      type: 'transaction',
      name: '/checkout',
      duration: t.duration,
      timestamp: now - 60_000 * (i + 1),
      vitals: t.vitals,
    });
  }
  await ingest(request, project.id, key, {
    type: 'transaction',
    name: '/about',
    duration: 50,
    timestamp: now - 30_000,
  });
  await ingest(request, project.id, key, {
    type: 'transaction',
    name: '/about',
    duration: 150,
    timestamp: now - 40_000,
  });
  // Three days old: inside the 7-day window, outside the 24-hour one.
  await ingest(request, project.id, key, {
    type: 'transaction',
    name: '/old',
    duration: 999,
    timestamp: now - 3 * 86_400_000,
  });

  await page.reload();
  const table = page.getByRole('table');
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  // Throughput averaged over 7 days in the unit that reads (5 in a week: 0.71 a day, not "<0.01" a minute), failure
  // rate (all ok), then the spec's percentiles.
  await expect(row('/checkout').getByRole('cell')).toHaveText([
    '5',
    '0.71 / day',
    '0%',
    '300 ms',
    '400 ms',
    '480 ms',
    /ago|just now/,
  ]);
  await expect(row('/about').getByRole('cell')).toHaveText([
    '2',
    '0.29 / day',
    '0%',
    '100 ms',
    '125 ms',
    '145 ms',
    /ago|just now/,
  ]);
  await expect(row('/old').getByRole('cell').first()).toHaveText('1');
  await expect(row('/old')).toContainText('3 days ago');
  // Sorted by count.
  await expect(table.getByRole('rowheader')).toHaveText(['/checkout', '/about', '/old']);

  // p75 over the 5 samples with vitals (percentile_cont): LCP 2200 good, FCP 2500 needs improvement, TTFB 2000 poor; no CLS at all.
  const vital = (name: string) => page.getByTestId(`vital-${name}`);
  await expect(vital('lcp').getByTestId('vital-rating')).toHaveText('Good');
  await expect(vital('lcp').getByTestId('vital-p75')).toHaveText('2,200 ms');
  await expect(vital('lcp')).toContainText('p75 of 5 samples');
  await expect(vital('fcp').getByTestId('vital-rating')).toHaveText('Needs improvement');
  await expect(vital('ttfb').getByTestId('vital-rating')).toHaveText('Poor');
  await expect(vital('ttfb').getByTestId('vital-p75')).toHaveText('2,000 ms');
  await expect(vital('cls').getByTestId('vital-empty')).toHaveText('No samples in this range');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('performance'), fullPage: true });

  // The range is in the URL: 24 hours drops the three-day-old transaction.
  await page.getByRole('navigation', { name: 'Time range' }).getByRole('link', { name: '24 hours' }).click();
  await expect(page).toHaveURL(/[?&]days=1\b/);
  await expect(table.getByRole('rowheader')).toHaveText(['/checkout', '/about']);
  await expect(page.getByRole('link', { name: '24 hours' })).toHaveAttribute('aria-current', 'page');
  await page.reload();
  await expect(table.getByRole('rowheader')).toHaveText(['/checkout', '/about']);

  // Phone width: cards stack, the table scrolls inside its own box.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(vital('lcp').getByTestId('vital-rating')).toBeVisible();
  await page.screenshot({ path: screen('performance-375'), fullPage: true });
});
