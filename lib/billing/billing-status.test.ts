import { afterEach, describe, expect, it } from 'vitest';
import { billingStatusLine } from './billing-status';

const NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

function set(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const n of NAMES) {
    if (values[n] === undefined) delete process.env[n];
    else process.env[n] = values[n];
  }
}

afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
});

describe('billingStatusLine', () => {
  it('names every missing secret and the endpoints that answer 503', () => {
    set({});
    expect(billingStatusLine()).toBe(
      'billing: not configured (STRIPE_SECRET_KEY, STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET not set): checkout, portal, webhook answer 503 "Billing is not configured"',
    );
  });

  it('partial configuration: only what lacks its secret is off', () => {
    set({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: '  ' });
    expect(billingStatusLine()).toBe(
      'billing: not configured (STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET not set): checkout, webhook answer 503 "Billing is not configured"',
    );
  });

  it('fully configured', () => {
    set({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ID: 'price_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(billingStatusLine()).toBe('billing: Stripe configured (checkout, portal and webhook enabled)');
  });
});
