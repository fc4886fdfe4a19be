import Stripe from 'stripe';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/log';

export const BILLING_NOT_CONFIGURED = 'Billing is not configured';

export const notConfigured = () => new AppError('SERVICE_UNAVAILABLE', BILLING_NOT_CONFIGURED);

/** Checkout needs both the API key and the price; the portal needs only the key. */
export function checkoutConfigured(): boolean {
  return Boolean(env.stripeSecretKey && env.stripePriceId);
}

/**
 * `STRIPE_API_BASE` (e.g. `http://localhost:12111`) points the client at another API host, such as
 * a mock on loopback in tests; read here rather than in lib/env because nothing else uses it.
 */
function apiBase(): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const raw = process.env.STRIPE_API_BASE?.trim();
  if (!raw) return {};
  const u = new URL(raw);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

const g = globalThis as unknown as { trackerStripe?: { configKey: string; client: Stripe } };

/** The one Stripe API client, created on first use (again only if the key or API base changes). */
export function stripeClient(): Stripe {
  const key = env.stripeSecretKey;
  if (!key) throw notConfigured();
  const base = apiBase();
  const configKey = `${key}|${base.protocol ?? ''}://${base.host ?? ''}:${base.port ?? ''}`;
  if (g.trackerStripe?.configKey !== configKey) {
    g.trackerStripe = {
      configKey,
      client: new Stripe(key, { ...base, maxNetworkRetries: 1, timeout: 15_000, appInfo: { name: 'tracker' } }),
    };
  }
  return g.trackerStripe.client;
}

/** Stripe's API failed or was unreachable: logged in full, answered without its details. */
export function providerError(what: string, err: unknown): AppError {
  logger.error({ what, error: err instanceof Error ? err.message : String(err) }, 'stripe request failed');
  return new AppError('SERVICE_UNAVAILABLE', 'The payment provider could not be reached; try again');
}
