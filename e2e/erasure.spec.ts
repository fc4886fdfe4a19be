import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { startSentryPageServer } from './support/sentry-page';
import { sidewaysOverflow } from './support/layout';

// #48: an OWNER erases one end user. Two visitors of a page with the real @sentry/browser (a user each) hit an error
// and send their sessions; on Team → Erase a person's data the owner finds the first by email, sees the identifiers
// and rows found per project, confirms, watches the job finish and reads its report. The other visitor's issue and
// events stay; the first's are gone from the API.

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

test('erase a person: find by email, preview, confirm, progress and report; the other user stays', async ({
  page,
  request,
}) => {
  const { project } = await signInWithProject(page, request, 'Erasure shop');
  const full = await (await page.request.get(`/api/v1/projects/${project.id}`)).json();
  const dsn = full.data.keys[0].sentryDsn as string;
  const tag = crypto.randomBytes(4).toString('hex');
  const ann = { id: `ann-${tag}`, email: `ann.${tag}@example.org` };
  const bob = { id: `bob-${tag}`, email: `bob.${tag}@example.org` };
  const site = await startSentryPageServer({
    '/shop.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/sentry.js"></script>
<script>var q = new URLSearchParams(location.search);
Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'shop@2.0.0', tracesSampleRate: 0 });
Sentry.setUser({ id: q.get('id'), email: q.get('email') });</script></head>
<body><button id="pay">Pay</button><script>
document.getElementById('pay').addEventListener('click', function () { throw new Error('Card reader offline'); });
</script></body></html>`,
  });
  try {
    for (const u of [ann, bob]) {
      const visitor = await page.context().newPage();
      const sent = visitor.waitForResponse(
        (r) =>
          r.url().includes(`/api/${full.data.number}/envelope/`) &&
          (r.request().postData() ?? '').includes('"type":"event"'),
      );
      await visitor.goto(`${site.origin}/shop.html?${new URLSearchParams(u)}`);
      await visitor.click('#pay');
      expect((await sent).status()).toBe(200);
      await visitor.close();
    }
  } finally {
    await site.close();
  }
  const issues = async () =>
    (await (await page.request.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues as {
      id: string;
      title: string;
      eventCount: number;
    }[];
  await expect.poll(async () => (await issues()).map((i) => i.eventCount)).toEqual([2]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/organization');
  await page.getByRole('link', { name: "Erase a person's data" }).click();
  await expect(page).toHaveURL(/\/settings\/organization\/erasure$/);
  await expect(page.getByRole('heading', { name: "Erase a person's data" })).toBeVisible();

  await page.getByLabel('Identifier').selectOption('email');
  await page.getByLabel('Value').fill(ann.email.toUpperCase());
  await page.getByRole('button', { name: 'Find data' }).click();
  const identifiers = page.getByRole('list', { name: 'Identifiers of this person' });
  await expect(identifiers).toContainText(`User ID: ${ann.id}`);
  await expect(identifiers).toContainText(`Email: ${ann.email}`);
  const preview = page.getByRole('region', { name: 'What would be erased' });
  await expect(preview.getByTestId('erasure-project-row')).toHaveCount(1);
  await expect(preview.getByTestId('erasure-project-row')).toContainText('Erasure shop');
  // One event of Ann's; the columns are Events, Attachments, Feedback, Logs, Spans, Replays, Sessions, Release users.
  await expect(preview.getByTestId('erasure-total-row').locator('td').nth(1)).toHaveText('1');
  await page.screenshot({ path: screen('erasure-preview-1280'), fullPage: true });

  const erase = page.getByRole('button', { name: /^Erase \d+ rows$/ });
  await expect(erase).toBeDisabled();
  await page.getByLabel('I understand that these rows are deleted for good and cannot be restored.').check();
  await erase.click();

  await expect(page.getByRole('heading', { name: 'Erasure complete' })).toBeVisible({ timeout: 30_000 });
  const report = page.getByTestId('erasure-report');
  await expect(report.getByTestId('erasure-total-row').locator('td').nth(1)).toHaveText('1');
  await expect(report).toContainText('Issues deleted (no events left): 0');
  await expect(page.getByRole('list', { name: 'Past erasures' })).toContainText('rows removed');
  await page.screenshot({ path: screen('erasure-report-1280'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('erasure-report-390'), fullPage: true });

  // The API: Bob's event is the issue's only one; nothing of Ann is returned.
  const [issue] = await issues();
  expect(issue.eventCount).toBe(1);
  const events = await (await page.request.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`)).text();
  expect(events).toContain(bob.id);
  expect(events).not.toContain(ann.id);
  expect(events.toLowerCase()).not.toContain(ann.email);
});
