import { expect } from '@playwright/test';
import { readOutbox, type OutboxMessage } from '../../lib/email/outbox';

/** Every message the server wrote to its outbox for `to`, oldest first. */
function messagesFor(to: string, template: string): OutboxMessage[] {
  return readOutbox(process.env.E2E_OUTBOX_DIR!).filter((m) => m.to === to && m.template === template);
}

/** The passcode of the latest `otp` email to `email`, waiting briefly for it to arrive. */
export async function latestPasscode(email: string): Promise<string> {
  let otp = '';
  await expect
    .poll(
      () => {
        const msgs = messagesFor(email, 'otp');
        otp = String(msgs.at(-1)?.data.otp ?? '');
        return otp;
      },
      { message: `passcode email for ${email}` },
    )
    .toMatch(/^[A-Z0-9]{6}$/);
  return otp;
}

/** The link in the latest `password-reset` email to `email`, waiting briefly for it to arrive. */
export async function latestResetLink(email: string): Promise<string> {
  let url = '';
  await expect
    .poll(
      () => {
        url = String(messagesFor(email, 'password-reset').at(-1)?.data.url ?? '');
        return url;
      },
      { message: `password reset email for ${email}` },
    )
    .toContain('/reset-password?token=');
  return url;
}
