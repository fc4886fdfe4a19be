import Stripe from 'stripe';
import { clock } from '@/lib/clock';
import { db, type Tx } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError, badRequest, issuesFromZod, validationError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { stripeEventEnvelope } from '@/lib/zod/billing';
import { handleCheckoutSessionCompleted } from './handle-checkout-session-completed';
import { handleCustomerSubscriptionDeleted } from './handle-customer-subscription-deleted';
import { planChanged } from './plan-changes';
import { notConfigured } from './stripe';
import type { WebhookOutcome } from './webhook-outcome';

type EventHandler = (tx: Tx, eventId: string, object: unknown) => Promise<WebhookOutcome>;

/** The allow-list: every other event type is answered 200 and ignored (not recorded). */
const HANDLERS: Record<string, EventHandler> = {
  'checkout.session.completed': handleCheckoutSessionCompleted,
  'customer.subscription.deleted': handleCustomerSubscriptionDeleted,
};

const MAX_BODY = 1024 * 1024;

/**
 * Verifies a Stripe webhook delivery and applies it at most once: the event id is recorded in
 * `stripe_events` in the same transaction as the plan change, so a replay (even a concurrent one,
 * which waits on the primary key) finds it and changes nothing.
 */
export async function receiveStripeEvent(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  const secret = env.stripeWebhookSecret;
  if (!secret) throw notConfigured();
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  if (rawBody.length > MAX_BODY) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');

  let verified: unknown;
  try {
    // Static verifier: checking a signature needs only the webhook secret, not an API key.
    verified = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw badRequest('Invalid Stripe signature');
    throw badRequest('Malformed event payload');
  }
  const parsed = stripeEventEnvelope.safeParse(verified);
  if (!parsed.success) throw validationError(issuesFromZod(parsed.error));
  const event = parsed.data;

  const handler = HANDLERS[event.type];
  if (!handler) return { message: `Event type ${event.type} ignored` };

  const outcome = await db.$transaction(async (tx) => {
    const recorded = await tx.$executeRaw`
      INSERT INTO stripe_events (id, type, processed_at) VALUES (${event.id}, ${event.type}, ${clock.now()})
      ON CONFLICT (id) DO NOTHING`;
    if (recorded === 0) return { message: 'Event already processed' };
    return handler(tx, event.id, event.data.object);
  });
  if (outcome.change) {
    logger.info(
      { stripeEventId: event.id, type: event.type, orgId: outcome.change.orgId, plan: outcome.change.plan },
      'organization plan changed',
    );
    planChanged(outcome.change.orgId, outcome.change.plan);
  }
  return outcome;
}
