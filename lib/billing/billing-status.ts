import { env } from '@/lib/env';

/**
 * One start-up log line saying what billing can do with the secrets present, so a missing secret
 * is visible before anyone hits the 503.
 */
export function billingStatusLine(): string {
  const missing = [
    !env.stripeSecretKey && 'STRIPE_SECRET_KEY',
    !env.stripePriceId && 'STRIPE_PRICE_ID',
    !env.stripeWebhookSecret && 'STRIPE_WEBHOOK_SECRET',
  ].filter((m): m is string => Boolean(m));
  if (missing.length === 0) return 'billing: Stripe configured (checkout, portal and webhook enabled)';
  const off = [
    !(env.stripeSecretKey && env.stripePriceId) && 'checkout',
    !env.stripeSecretKey && 'portal',
    !env.stripeWebhookSecret && 'webhook',
  ].filter(Boolean);
  return `billing: not configured (${missing.join(', ')} not set): ${off.join(', ')} answer 503 "Billing is not configured"`;
}
