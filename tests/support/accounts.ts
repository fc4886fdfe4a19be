import crypto from 'node:crypto';
import { TestClient } from './client';
import { readOutbox, type OutboxMessage } from '@/lib/email/outbox';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(6).toString('hex')}@example.com`;
}

/** Every outbox message sent to `to`, oldest first. */
export function outboxFor(to: string, template?: string): OutboxMessage[] {
  return readOutbox(process.env.MAIL_OUTBOX_DIR!).filter((m) => m.to === to && (!template || m.template === template));
}

export function latestOtp(email: string): string {
  const msgs = outboxFor(email, 'otp');
  if (!msgs.length) throw new Error(`no passcode email for ${email}`);
  return String(msgs[msgs.length - 1].data.otp);
}

/** Registers, verifies (passcode from the outbox) and logs in a new user; returns a client holding the session. */
export async function signUp(opts: { name?: string; email?: string; password?: string } = {}) {
  const client = new TestClient();
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const name = opts.name ?? 'Test User';
  const reg = await client.post('/api/v1/auth/register', { name, email, password });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const ver = await client.post('/api/v1/auth/verify-otp', { email, otp: latestOtp(email) });
  if (ver.status !== 200) throw new Error(`verify failed: ${ver.status} ${ver.text}`);
  const login = await client.post('/api/v1/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const me = await client.get('/api/v1/auth/me');
  return { client, email, password, user: me.body.data, orgId: me.body.data.organization.id as string };
}
