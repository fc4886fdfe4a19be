import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
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
