import type { Plan } from '@/lib/generated/prisma/enums';
import { logger } from '@/lib/log';

/** What one webhook event did: its answer message, and the plan change to announce after commit. */
export type WebhookOutcome = { message: string; change?: { orgId: string; plan: Plan } };

export function noChange(eventId: string, reason: string): WebhookOutcome {
  logger.warn({ stripeEventId: eventId, reason }, 'stripe event applied with no change');
  return { message: `${reason}; no change` };
}
