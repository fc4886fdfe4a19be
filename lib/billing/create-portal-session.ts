import type Stripe from 'stripe';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { badRequest, notFound } from '@/lib/errors';
import { notConfigured, providerError, stripeClient } from './stripe';

/** A Stripe billing-portal session for the organization's own customer (invoices, card, cancel). */
export async function createPortalSession(orgId: string): Promise<{ url: string }> {
  if (!env.stripeSecretKey) throw notConfigured();
  const org = await db.organization.findUnique({ where: { id: orgId }, select: { stripeCustomerId: true } });
  if (!org) throw notFound('Organization');
  if (!org.stripeCustomerId) throw badRequest('No billing account yet: upgrade to PRO first');

  let session: Stripe.BillingPortal.Session;
  try {
    session = await stripeClient().billingPortal.sessions.create({
      customer: org.stripeCustomerId,
      return_url: `${env.appUrl}/settings/billing`,
    });
  } catch (err) {
    throw providerError('billing portal session', err);
  }
  return { url: session.url };
}
