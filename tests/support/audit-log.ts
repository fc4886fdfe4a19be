// The audit log tests (#48): its entries read through the API, the env vars its tests set, and Stripe's signed
// webhooks that make billing entries.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, beforeAll, expect } from 'vitest';
import type { signUp } from './accounts';
import { TestClient } from './client';

export type Entry = {
  id: string;
  action: string;
  actorLabel: string | null;
  actorType: string;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ipAddress: string | null;
  changes: unknown;
  createdAt: string;
};
export type Session = Awaited<ReturnType<typeof signUp>>;

const WEBHOOK_SECRET = 'whsec_test_audit_log_secret';
const OIDC_ENV = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'];

/**
 * For a test file of the audit log: Stripe's webhook secret is set, and what a test sets of SSO and retention is unset
 * after it.
 */
export function useAuditLogEnv() {
  beforeAll(() => {
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  });
  afterEach(() => {
    for (const n of [...OIDC_ENV, 'AUDIT_LOG_RETENTION_DAYS']) delete process.env[n];
  });
}

export async function entries(client: TestClient, query = ''): Promise<Entry[]> {
  const res = await client.get(`/api/v1/organization/audit-log${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.entries as Entry[];
}

/** Delivers a Stripe event the way Stripe does: the raw JSON signed with the endpoint secret. */
async function stripeWebhook(type: string, object: Record<string, unknown>) {
  const id = `evt_${crypto.randomBytes(8).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await new TestClient().post('/api/webhooks/stripe', payload, { headers: { 'stripe-signature': header } });
  expect(res.status, res.text).toBe(200);
  return id;
}

export function checkoutCompleted(orgId: string) {
  return stripeWebhook('checkout.session.completed', {
    id: `cs_test_${crypto.randomBytes(6).toString('hex')}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: orgId,
    metadata: { orgId },
    payment_status: 'paid',
    status: 'complete',
    customer: `cus_${crypto.randomBytes(6).toString('hex')}`,
    subscription: `sub_${crypto.randomBytes(6).toString('hex')}`,
  });
}

/** What one row expects of its entry; the actor is the signed-up owner unless said. */
export type Expected = {
  targetType: string;
  targetId: string;
  targetLabel?: string;
  changes: unknown;
  actor?: { type: string; label: string | null; address: string | null };
};
