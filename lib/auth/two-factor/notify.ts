import { createElement } from 'react';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import { sendEmail } from '@/lib/email/send-email';
import TwoFactorEmail from '@/emails/two-factor-email';

export const SECURITY_PAGE = '/settings/security';

/** Tells the person a factor was added or removed; a failed send is logged, the change stands. */
export async function emailFactorChange(
  user: { email: string; name: string },
  change: 'added' | 'removed',
  factor: string,
): Promise<void> {
  const url = `${env.appUrl}${SECURITY_PAGE}`;
  try {
    await sendEmail({
      to: user.email,
      subject: change === 'added' ? 'A second factor was added to your account' : 'A second factor was removed',
      template: 'two-factor',
      data: { name: user.name, change, factor },
      element: createElement(TwoFactorEmail, { name: user.name, change, factor, url }),
    });
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'two-factor email not sent');
  }
}
