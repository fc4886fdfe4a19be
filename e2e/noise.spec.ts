import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';

// #30 in Chromium: an ADMIN sets inbound filters on the project's settings, deletes and discards an issue from its
// page (with a confirming second click), sees it listed as discarded in the settings and undoes it; what was
// filtered or discarded is counted on the Stats page.

type Project = { id: string; publicKey: string };

async function send(api: APIRequestContext, project: Project, value: string) {
  const body = {
    exception: {
      type: 'TypeError',
      value,
      stacktrace: { frames: [{ filename: 'app/checkout.js', function: value.split(' ')[0], lineno: 3, colno: 1 }] },
    },
  };
  const res = await api.post(`/api/v1/ingest/${project.id}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${project.publicKey}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const issueTitles = async (api: APIRequestContext, projectId: string) =>
  (
    (await (await api.get(`/api/v1/projects/${projectId}/issues`)).json()).data.issues as {
      title: string;
      eventCount: number;
    }[]
  )
    .map((i) => `${i.title} ×${i.eventCount}`)
    .sort();

test('inbound filters and delete and discard, from the settings and the issue page', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const user = await registerUser(api, { name: 'Noise owner', verify: true });
  const made = await api.post('/api/v1/projects', { data: { name: 'Noisy shop' } });
  const data = (await made.json()).data as { id: string; keys: { publicKey: string }[] };
  const project = { id: data.id, publicKey: data.keys[0].publicKey };
  await send(api, project, 'checkout failed');
  await send(api, project, 'flaky widget crashed');

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');

  // Filter a message by pattern from the settings.
  await page.goto(`/projects/${project.id}/settings`);
  const form = page.getByTestId('filters-form');
  await expect(form.getByLabel('Browser extensions')).toBeChecked();
  await form.getByLabel('Error messages').fill('*third-party script*');
  await form.getByRole('button', { name: 'Save inbound filters' }).click();
  await expect(page.getByText('Inbound filters saved.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await send(api, project, 'third-party script error');

  // Ignore the checkout issue for two hours: the page says until when.
  const checkout = (await (await api.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues.find(
    (i: { title: string }) => i.title === 'TypeError: checkout failed',
  );
  await page.goto(`/projects/${project.id}/issues/${checkout.id}`);
  await page.getByLabel('Ignore until').selectOption({ label: 'for 2 hours' });
  await expect(page.getByText('Issue ignored for 2 hours')).toBeVisible();
  await expect(page.getByTestId('ignore-condition')).toContainText('Ignored until');
  await expectNoSeriousA11yViolations(page);
  expect(
    (await (await api.get(`/api/v1/projects/${project.id}/issues/${checkout.id}`)).json()).data.ignoreCondition.until,
  ).toEqual(expect.any(String));

  // Delete and discard the flaky issue from its page.
  const issues = (await (await api.get(`/api/v1/projects/${project.id}/issues`)).json()).data.issues as {
    id: string;
    title: string;
  }[];
  const flaky = issues.find((i) => i.title === 'TypeError: flaky widget crashed')!;
  await page.goto(`/projects/${project.id}/issues/${flaky.id}`);
  const danger = page.getByTestId('delete-issue');
  await danger.getByRole('button', { name: 'Delete and discard…' }).click();
  await danger.getByRole('button', { name: 'Confirm delete and discard' }).click();
  await expect(page).toHaveURL(`/projects/${project.id}/issues`);
  await send(api, project, 'flaky widget crashed');
  expect(await issueTitles(api, project.id)).toEqual(['TypeError: checkout failed ×1']);

  // The settings list it; Undo stores its events again.
  await page.goto(`/projects/${project.id}/settings`);
  const discarded = page.getByTestId('discarded-issues');
  await expect(discarded).toContainText('TypeError: flaky widget crashed');
  await discarded.getByRole('button', { name: 'Stop discarding TypeError: flaky widget crashed' }).click();
  await expect(discarded).toBeHidden();
  // The change reaches ingest at once on this instance (other instances within the key cache's 5 s).
  await send(api, project, 'flaky widget crashed');
  expect(await issueTitles(api, project.id)).toEqual([
    'TypeError: checkout failed ×1',
    'TypeError: flaky widget crashed ×1',
  ]);

  // Merge two issues the grouping split, from the list's bulk toolbar.
  await send(api, project, 'cart total wrong');
  await page.goto(`/projects/${project.id}/issues`);
  await page.getByRole('checkbox', { name: 'Select TypeError: cart total wrong' }).first().check();
  await page.getByRole('checkbox', { name: 'Select TypeError: flaky widget crashed' }).first().check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(/^Merged 2 issues into/)).toBeVisible();
  expect(await issueTitles(api, project.id)).toHaveLength(2);
  await send(api, project, 'cart total wrong');
  await send(api, project, 'flaky widget crashed');
  expect((await issueTitles(api, project.id)).map((t) => t.split(' ×')[1]).sort()).toEqual(['1', '4']);

  // The Stats page counts what was filtered and discarded.
  const stats = (await (await api.get(`/api/v1/projects/${project.id}/stats`)).json()).data.rows as {
    reason: string;
    quantity: number;
  }[];
  expect(
    Object.fromEntries(
      stats
        .filter((r) => r.reason === 'error_message' || r.reason === 'discarded_hash')
        .map((r) => [r.reason, r.quantity]),
    ),
  ).toEqual({ error_message: 1, discarded_hash: 1 });
  await api.dispose();
});
