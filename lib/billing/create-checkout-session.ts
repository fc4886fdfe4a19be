import type Stripe from 'stripe';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { badRequest, notFound } from '@/lib/errors';
import { checkoutConfigured, notConfigured, providerError, stripeClient } from './stripe';

/**
 * A Stripe Checkout session that subscribes the organization to PRO. The org id travels as
 * `client_reference_id` and metadata so the webhook can upgrade from the payload alone.
 */
export async function createCheckoutSession(orgId: string, userEmail: string): Promise<{ url: string }> {
  if (!checkoutConfigured()) throw notConfigured();
  const org = await db.organization.findUnique({
    where: { id: orgId },
    select: { plan: true, stripeCustomerId: true },
  });
  if (!org) throw notFound('Organization');
  // A second subscription would bill twice; changes to an existing one go through the portal.
  if (org.plan === 'PRO') throw badRequest('The organization is already on the PRO plan; use Manage billing instead');

  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    line_items: [{ price: env.stripePriceId, quantity: 1 }],
    client_reference_id: orgId,
    metadata: { orgId },
    subscription_data: { metadata: { orgId } },
    success_url: `${env.appUrl}/settings/billing?checkout=success`,
    cancel_url: `${env.appUrl}/settings/billing?checkout=cancelled`,
    ...(org.stripeCustomerId ? { customer: org.stripeCustomerId } : { customer_email: userEmail }),
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.create(params);
  } catch (err) {
    throw providerError('checkout session', err);
  }
  if (!session.url) throw providerError('checkout session', new Error(`session ${session.id} has no url`));
  return { url: session.url };
}
