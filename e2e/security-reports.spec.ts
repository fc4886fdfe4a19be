import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// Browser security reports (#58): a CSP violation sent to the security endpoint is an issue titled as in Sentry, its
// event page shows the report field by field beside the request and the browser, and the Stats page counts it apart.

const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15';
const POLICY =
  "default-src 'self'; script-src 'self' https://cdn.shop.example; img-src 'self' data: https://images.shop.example; " +
  "style-src 'self' 'unsafe-inline'; connect-src 'self' https://api.shop.example; report-uri https://errors.example/api/1/security/";

test('a CSP report: its issue, its event page with the report, and its own card on the Stats page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { project, key } = await signInWithProject(page, request, 'Policy shop');
  const { number } = (await (await page.request.get(`/api/v1/projects/${project.id}`)).json()).data as {
    number: number;
  };
  const sent = await request.post(`/api/${number}/security/?sentry_key=${key}&sentry_environment=production`, {
    headers: { 'content-type': 'application/csp-report', 'user-agent': UA },
    data: JSON.stringify({
      'csp-report': {
        'document-uri': 'https://shop.example/checkout?step=2',
        referrer: 'https://shop.example/cart',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'original-policy': POLICY,
        disposition: 'enforce',
        'blocked-uri': 'https://evil.example.com/skimmer.js',
        'line-number': 14,
        'source-file': 'https://shop.example/checkout',
        'status-code': 200,
      },
    }),
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await page.goto(`/projects/${project.id}/issues`);
  await page.getByRole('link', { name: "Blocked 'script' from 'evil.example.com'" }).click();
  const report = page.getByTestId('security-report');
  await expect(page.getByRole('heading', { name: 'CSP report' })).toBeVisible();
  // The report's fields in the spec's order, whatever order the database keeps them in.
  await expect(report.locator('dt').first()).toHaveText('Effective directive');
  await expect(report).toContainText('script-src-elem');
  await expect(report).toContainText('https://evil.example.com/skimmer.js');
  await expect(report).toContainText('Original policy');
  await expect(page.getByTestId('contexts')).toContainText('Safari');
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(report).toBeVisible();
    expect(await sidewaysOverflow(page), `scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: path.join('test-results', 'screens', `csp-report-event-${viewport.width}.png`),
      fullPage: true,
    });
  }

  await page.goto(`/projects/${project.id}/stats`);
  const security = page.getByTestId('category-security');
  await expect(security.getByTestId('total-accepted')).toHaveText('1');
  await expect(security).toContainText('Security reports');
  await expect(page.getByTestId('month-errors')).toHaveText('1 event this month');
});
