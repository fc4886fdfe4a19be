import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// Ownership rules (#49): a person writes rules in the project's settings, sees a syntax error at its line, fixes it,
// previews which issues the rules match, saves; the next new issue is assigned to the team by itself and its
// activity says by which rule. 1280 and 390 px.

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);

async function data<T>(request: APIRequestContext, url: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await request.get(url) : await request.post(url, { data: body as object });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data as T;
}

test('write ownership rules, see the error at its line, fix it, preview the matches; a new issue is assigned by them', async ({
  page,
}) => {
  const request = page.request;
  const { project, key } = await signInWithProject(page, request, 'Owned shop');
  await data(request, '/api/v1/organization/teams', { name: 'Payments' });
  const send = async (value: string, file: string) => {
    const res = await request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
      data: {
        exception: {
          type: 'TypeError',
          value,
          stacktrace: { frames: [{ filename: `https://shop.example/src/${file}`, function: 'run', lineno: 3 }] },
        },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await send('card declined', 'billing/charge.js');
  await send('menu broke', 'layout/menu.js');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${project.id}/settings`);
  const rules = page.getByLabel('Rules', { exact: true });
  await rules.fill('# Billing\npath:*/src/billing/* #payments\nfoo:bar #payments');
  await page.getByRole('button', { name: 'Save rules' }).click();
  const errors = page.getByTestId('ownership-errors');
  await expect(errors).toContainText('Line 3, column 1');
  await expect(errors).toContainText('Unknown matcher type "foo": use path, url, module, codeowners or tags.<name>');
  await expect(rules).toHaveAttribute('aria-invalid', 'true');
  await errors.getByRole('button', { name: 'Line 3, column 1' }).click();
  await expect(rules).toBeFocused();
  await page.screenshot({ path: screen('ownership-error-1280'), fullPage: true });

  await rules.fill('# Billing\npath:*/src/billing/* #payments');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('ownership-preview');
  await expect(preview).toContainText('1 of the latest 2 issues would have an owner.');
  await expect(preview.getByRole('link', { name: 'TypeError: card declined' })).toBeVisible();
  await expect(preview).toContainText('#payments');
  await expect(errors).toHaveCount(0);
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Ownership rules saved. They apply to new issues from now on.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: screen('ownership-1280'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rules).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('ownership-390'), fullPage: true });

  // A new issue in billing code: assigned to #payments by the workflow worker, the rule in its activity.
  await send('refund failed', 'billing/refund.js');
  const issues = await data<{ issues: { id: string; title: string }[] }>(
    request,
    `/api/v1/projects/${project.id}/issues`,
  );
  const refund = issues.issues.find((i) => i.title === 'TypeError: refund failed')!;
  await expect
    .poll(
      async () =>
        (await data<{ type: string }[]>(request, `/api/v1/projects/${project.id}/issues/${refund.id}/activity`)).some(
          (a) => a.type === 'ASSIGNED',
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${project.id}/issues/${refund.id}`);
  await expect(page.getByText('Assigned to #payments', { exact: true })).toBeVisible();
  await expect(page.getByTestId('assignment-reason')).toHaveText('by ownership rule path:*/src/billing/* #payments');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('assignment-reason')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screen('ownership-activity-390'), fullPage: true });
});
