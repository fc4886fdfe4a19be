// The incident dashboard's specs (#21): an owner with a project made through the API, events sent to it, its issues,
// signing in on the page, and the console errors a page logged.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, registerUser } from './accounts';

export type Project = { id: string; name: string; publicKey: string };
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** Errors the page logged, kept per page so a test can say there were none. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A verified user signed in through `api` (its own cookie jar), with one project. */
export async function ownerWithProject(api: APIRequestContext, name: string) {
  const user = await registerUser(api, { name: `${name} owner`, verify: true });
  expect(
    (await api.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const res = await api.post('/api/v1/projects', { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  const data = ((await res.json()) as { data: { id: string; name: string; keys: { publicKey: string }[] } }).data;
  return { user, project: { id: data.id, name: data.name, publicKey: data.keys[0].publicKey } };
}

export async function send(api: APIRequestContext, project: Project, body: Record<string, unknown>) {
  const res = await api.post(`/api/v1/ingest/${project.id}/envelope`, {
    headers: { 'X-Ingest-Auth': `ingest_key=${project.publicKey}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const frame = (fn: string, lineno: number, filename = 'app/checkout.js') => ({
  filename,
  function: fn,
  lineno,
  colno: 3,
});
export const error = (value: string, extra: Record<string, unknown> = {}) => ({
  exception: {
    type: 'TypeError',
    value,
    stacktrace: { frames: [frame('applyCoupon', 42), frame('submitOrder', 118), frame('onClick', 9)] },
  },
  ...extra,
});

export async function issuesOf(api: APIRequestContext, projectId: string) {
  return (
    (await (await api.get(`/api/v1/projects/${projectId}/issues`)).json()) as {
      data: { issues: { id: string; title: string; status: string }[] };
    }
  ).data.issues;
}

export async function logInOnPage(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}
