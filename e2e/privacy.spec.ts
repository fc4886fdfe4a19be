import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { startSentryPageServer } from './support/sentry-page';

// Privacy by default (#26) with the real @sentry/browser on another origin: the secrets a page sends (a card
// number in the message, a token in a fetch breadcrumb's URL, a password in extra, a bearer token in a tag)
// are not in anything the API returns, and the event page shows [Filtered] with the keys kept.

test('secrets sent by @sentry/browser are filtered before they are stored, and the settings say how', async ({
  page,
  request,
}) => {
  const { project } = await signInWithProject(page, request, 'Privacy shop');
  const full = await (await page.request.get(`/api/v1/projects/${project.id}`)).json();
  const dsn = full.data.keys[0].sentryDsn as string;
  const secrets = {
    password: `pw-${crypto.randomBytes(6).toString('hex')}`,
    token: `tk${crypto.randomBytes(8).toString('hex')}`,
    card: '4111 1111 1111 1111',
  };
  const site = await startSentryPageServer({
    '/pay.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title>
<script src="/sentry.js"></script>
<script>Sentry.init({ dsn: ${JSON.stringify(dsn)}, tracesSampleRate: 0 });
Sentry.setExtra('password', ${JSON.stringify(secrets.password)});
Sentry.setTag('auth_token', ${JSON.stringify(secrets.token)});
Sentry.setUser({ id: 'shopper-1' });</script></head>
<body><button id="pay">Pay</button><script>
document.getElementById('pay').addEventListener('click', async function onPay() {
  await fetch('/missing?access_token=${secrets.token}').catch(function () {});
  throw new Error('card ${secrets.card} declined');
});
</script></body></html>`,
  });
  const other = await page.context().newPage();
  try {
    const sent = other.waitForResponse(
      (r) => r.url().includes(`/api/${full.data.number}/envelope/`) && r.request().method() === 'POST',
    );
    await other.goto(`${site.origin}/pay.html`);
    await other.click('#pay');
    expect((await sent).status()).toBe(200);
  } finally {
    await other.close();
    await site.close();
  }

  const issues = async () =>
    (await (await page.request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues as {
      id: string;
      title: string;
    }[];
  await expect.poll(async () => (await issues()).map((i) => i.title)).toEqual(['Error: card [Filtered] declined']);
  const [issue] = await issues();
  const everything = JSON.stringify([
    await (await page.request.get(`/api/v1/projects/${project.id}/issues/${issue.id}`)).json(),
    await (await page.request.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`)).json(),
    await (await page.request.get(`/api/v1/projects/${project.id}/issues/${issue.id}/tags`)).json(),
  ]);
  for (const value of [secrets.password, secrets.token, secrets.card, secrets.card.replace(/ /g, '')])
    expect(everything).not.toContain(value);
  const event = (await (await page.request.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`)).json()).data
    .events[0];
  expect(event.extra).toEqual({ password: '[Filtered]' });
  expect(event.tags.auth_token).toBe('[Filtered]');
  expect(
    event.breadcrumbs.some((b: { data?: { url?: string } }) =>
      b.data?.url?.endsWith('/missing?access_token=[Filtered]'),
    ),
  ).toBe(true);

  await page.goto(`/projects/${project.id}/issues/${issue.id}/events/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Extra' })).toBeVisible();
  await expect(page.getByText('[Filtered]').first()).toBeVisible();

  // The project's Privacy card: on by default, a change says when it applies.
  await page.goto(`/projects/${project.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Privacy' })).toBeVisible();
  await expect(page.getByLabel('Default scrubbers')).toBeChecked();
  await page.getByLabel("Don't store IP addresses").check();
  await page.getByLabel('Additional sensitive fields').fill('tax_id\ncustomer pin');
  await page.getByRole('button', { name: 'Save privacy settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Privacy settings saved' })).toContainText(
    'apply to events received from now on',
  );
  const saved = (await (await page.request.get(`/api/v1/projects/${project.id}/privacy`)).json()).data;
  expect(saved).toMatchObject({
    scrubIpAddresses: true,
    sensitiveFields: ['tax_id', 'customer pin'],
    scrubDefaults: true,
  });

  // The organization's lock: the project's switch shows as required and cannot be changed.
  await page.goto('/settings/organization');
  await page.getByLabel('Require data scrubbing in every project').check();
  await expect(page.getByRole('status').filter({ hasText: 'Every project now scrubs' })).toBeVisible();
  await page.goto(`/projects/${project.id}/settings`);
  await expect(page.getByLabel('Default scrubbers')).toBeDisabled();
  await expect(page.getByText('Required by your organization')).toBeVisible();
});
