import { expect, test } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startWebhookReceiver } from './support/webhook-receiver';

// #32 in real time: a monitor expecting a run every minute gets one check-in and then none. Within two minutes the
// minute job finds the missed run: the Monitors page shows it missed with its issue, and the project's new-issue
// rule's webhook arrives, and so does the MONITOR rule's (once). An uptime check made in the form runs by itself.
test('a 1-minute monitor that misses: the issue and the webhook within 2 minutes, on the Monitors page', async ({
  page,
}) => {
  test.setTimeout(200_000);
  const request = page.request;
  const receiver = await startWebhookReceiver();
  const monitorHook = await startWebhookReceiver();
  // The site the uptime check requests (any 2xx answers it).
  const site = await startWebhookReceiver();
  try {
    await registerUser(request, { name: `Monitors owner ${Date.now()}`, verify: true });
    const project = (await (await request.post('/api/v1/projects', { data: { name: 'Cron shop' } })).json()).data as {
      id: string;
      number: number;
      keys: { publicKey: string }[];
    };
    expect(
      (
        await request.post(`/api/v1/projects/${project.id}/alerts`, {
          data: { name: 'New issues', webhookUrl: `${receiver.url}/hook` },
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await request.post(`/api/v1/projects/${project.id}/alerts`, {
          data: { name: 'Monitors', type: 'MONITOR', webhookUrl: `${monitorHook.url}/m` },
        })
      ).status(),
    ).toBe(201);

    // An uptime check, made in the form.
    await page.goto(`/projects/${project.id}/monitors`);
    await page.getByLabel('Kind').selectOption('uptime');
    await page.getByLabel('Slug').fill('site-health');
    await page.getByLabel('URL').fill(`${site.url}/health`);
    await page.getByLabel('Expected status (empty: any 2xx)').fill('200');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await expect(page.getByTestId('monitor').filter({ hasText: 'site-health' })).toContainText(
      `Uptime check of ${site.url}/health`,
    );
    await expectNoSeriousA11yViolations(page);
    const made = await request.post(`/api/v1/projects/${project.id}/monitors`, {
      data: { slug: 'every-minute', scheduleType: 'interval', schedule: '1 minute', checkinMargin: 0 },
    });
    expect(made.status(), await made.text()).toBe(201);
    // One run comes, by the plain HTTP check-in a shell job would use.
    expect(
      (await request.get(`/api/${project.number}/cron/every-minute/${project.keys[0].publicKey}/?status=ok`)).status(),
    ).toBe(202);

    const monitors = async () =>
      (await (await request.get(`/api/v1/projects/${project.id}/monitors`)).json()).data as {
        slug: string;
        status: string;
        runs: { status: string; durationMs: number }[];
      }[];
    await expect
      .poll(async () => (await monitors()).find((m) => m.slug === 'every-minute')?.status, {
        timeout: 150_000,
        intervals: [5_000],
      })
      .toBe('missed');
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect((receiver.received[0].body as { type: string; issue: { title: string } }).issue.title).toBe(
      'Monitor failure: every-minute missed',
    );
    await expect.poll(() => monitorHook.received.length, { timeout: 30_000 }).toBe(1);
    expect(monitorHook.received[0].body).toMatchObject({
      type: 'monitor',
      state: 'failing',
      monitor: 'every-minute',
      status: 'missed',
    });
    // The uptime check ran on the minute job too: the site was asked, and the run is ok.
    const uptime = (await monitors()).find((m) => m.slug === 'site-health')!;
    expect(uptime.status).toBe('ok');
    expect(uptime.runs[0].status).toBe('ok');
    expect(site.received.some((r) => r.path === '/hooks/tracker/health')).toBe(true);

    await page.goto(`/projects/${project.id}/monitors`);
    const monitor = page.getByTestId('monitor').filter({ hasText: 'every-minute' });
    await expect(monitor.getByTestId('monitor-status')).toHaveText('Missed');
    await expect(monitor.locator('li[data-status="missed"]').first()).toBeAttached();
    await expect(monitor.locator('li[data-status="ok"]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await monitor.getByRole('link', { name: 'Its issue' }).click();
    await expect(page.getByTestId('issue-title')).toHaveText('Monitor failure: every-minute missed');
  } finally {
    await receiver.close();
    await monitorHook.close();
    await site.close();
  }
});
