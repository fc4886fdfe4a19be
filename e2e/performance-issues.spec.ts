import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// #62 in Chromium: the real @sentry/node with its PostgreSQL integration runs an N+1 loop (ten queries, one per
// order); the issue list shows the N+1 Query issue, and its page shows the span evidence (the transaction, the
// parent span, the ten queries with their durations) with a link to the trace.

const run = promisify(execFile);
type Project = { id: string; keys: { sentryDsn: string }[] };

test('an N+1 query issue: its span evidence on the issue page and the way to its trace', async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.request;
  await registerUser(request, { name: `Perf owner ${Date.now()}`, verify: true });
  const project = (await (await request.post('/api/v1/projects', { data: { name: 'Orders' } })).json()).data as Project;
  const { stdout } = await run(
    process.execPath,
    [
      path.join(import.meta.dirname, '../tests/support/perf-issues-sdks/app.cjs'),
      project.keys[0].sentryDsn,
      process.env.E2E_PG_URL!,
      'n-plus-one',
    ],
    { timeout: 60_000 },
  );
  const [traceId, sent] = stdout.trim().split('\n').slice(-2);
  expect(sent, stdout).toBe('sent');

  await page.goto(`/projects/${project.id}/issues`);
  await page.getByRole('link', { name: 'N+1 Query' }).click();
  const evidence = page.getByTestId('performance-evidence');
  await expect(page.getByRole('heading', { name: 'Span evidence' })).toBeVisible();
  await expect(evidence).toContainText('load-orders');
  await expect(evidence).toContainText('task — load-orders');
  await expect(evidence.getByTestId('evidence-span')).toHaveCount(10);
  await expect(evidence.getByTestId('evidence-span').first()).toContainText('WHERE id = $1');
  await expect(evidence.getByTestId('evidence-span').first()).toContainText(/\d ms$/);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(evidence).toBeVisible();
    expect(await sidewaysOverflow(page), `scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
  }
  await expectNoSeriousA11yViolations(page);
  await evidence.getByRole('link', { name: 'View trace' }).click();
  await expect(page).toHaveURL(new RegExp(`/traces/${traceId}$`));
});
