import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

type OutboxMessage = { to: string; template: string; data: Record<string, unknown> };

/** Every message the server wrote to its outbox for `to`, oldest first. */
function messagesFor(to: string, template: string): OutboxMessage[] {
  const dir = process.env.E2E_OUTBOX_DIR!;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMessage)
    .filter((m) => m.to === to && m.template === template);
}

/** The passcode of the latest `otp` email to `email`, waiting briefly for it to arrive. */
export async function latestPasscode(email: string): Promise<string> {
  let otp = '';
  await expect
    .poll(() => {
      const msgs = messagesFor(email, 'otp');
      otp = String(msgs.at(-1)?.data.otp ?? '');
      return otp;
    }, { message: `passcode email for ${email}` })
    .toMatch(/^[A-Z0-9]{6}$/);
  return otp;
}
