import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestPasscode } from './outbox';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${crypto.randomBytes(6).toString('hex')}@example.com`;
}

/** Registers through the API; with `verify`, also confirms the email with the passcode from the outbox. */
export async function registerUser(request: APIRequestContext, opts: { name?: string; verify?: boolean } = {}) {
  const email = uniqueEmail();
  const name = opts.name ?? 'Grace Hopper';
  const reg = await request.post('/api/v1/auth/register', { data: { name, email, password: PASSWORD } });
  if (reg.status() !== 201) throw new Error(`register failed: ${reg.status()} ${await reg.text()}`);
  if (opts.verify) {
    const ver = await request.post('/api/v1/auth/verify-otp', { data: { email, otp: await latestPasscode(email) } });
    if (ver.status() !== 200) throw new Error(`verify failed: ${ver.status()} ${await ver.text()}`);
  }
  return { name, email, password: PASSWORD };
}

export type SeededProject = { id: string; name: string; keys: { publicKey: string }[] };

/**
 * A fresh verified account signed in in the page's context, with one project (FREE allows one per organization),
 * made without the default alert rules (#60: e2e/first-alert.spec.ts has those): the specs using this set up their own.
 */
export async function signInWithProject(page: Page, request: APIRequestContext, projectName: string) {
  // Distinct names: concurrent sign-ups with one name race for the same organization slug.
  const user = await registerUser(request, { name: `${projectName} owner`, verify: true });
  const login = await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const res = await page.request.post('/api/v1/projects', { data: { name: projectName, defaultRules: false } });
  expect(res.status()).toBe(201);
  const project = ((await res.json()) as { data: SeededProject }).data;
  return { project, key: project.keys[0].publicKey };
}
