import crypto from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { clock, monthOf } from '@/lib/clock';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';

const SECRET = 'whsec_test_billing_limits_secret';
const FREE_LIMIT = 10_000;

beforeAll(() => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
});

function deliver(evt: unknown) {
  const payload = JSON.stringify(evt);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return new TestClient().post('/api/webhooks/stripe', payload, { headers: { 'stripe-signature': header } });
}

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;

function paidCheckout(orgId: string, customer = rid('cus'), subscription = rid('sub')) {
  const object = {
    id: rid('cs_test'),
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: orgId,
    metadata: { orgId },
    payment_status: 'paid',
    customer,
    subscription,
  };
  return { id: rid('evt'), object: 'event', type: 'checkout.session.completed', data: { object } };
}

function subscriptionDeleted(customer: string, subscription: string) {
  return {
    id: rid('evt'),
    object: 'event',
    type: 'customer.subscription.deleted',
    data: { object: { id: subscription, object: 'subscription', customer, metadata: {} } },
  };
}

function ingest(client: TestClient, projectId: string, publicKey: string) {
  const body = {
    exception: {
      type: 'Error',
      value: 'over the FREE quota',
      stacktrace: { frames: [{ filename: 'app.js', function: 'main', lineno: 1, colno: 1 }] },
    },
    level: 'error',
    timestamp: clock.nowMs(),
  };
  return client.post(`/api/v1/ingest/${projectId}/envelope`, body, {
    headers: { 'x-ingest-auth': `ingest_key=${publicKey}` },
  });
}

/** This UTC month's counter of the org set to exactly the FREE quota. */
async function exhaustFreeQuota(orgId: string) {
  const month = monthOf(clock.now());
  await db.monthlyUsage.upsert({
    where: { orgId_month: { orgId, month } },
    create: { orgId, month, used: FREE_LIMIT, errors: FREE_LIMIT },
    update: { used: FREE_LIMIT, errors: FREE_LIMIT },
  });
}

describe('limits follow the plan set by the webhook', () => {
  it('after an upgrade: usage says PRO / 500,000 and ingest beyond 10,000 is accepted; after the downgrade it is refused again', async () => {
    const { client, orgId } = await signUp();
    const project = await createProject(client, 'Busy app');
    const key = project.keys[0].publicKey;
    await exhaustFreeQuota(orgId);

    const free = await ingest(client, project.id, key);
    expect(free.status).toBe(429);
    expect(free.body).toMatchObject({ statusCode: 429, status: 'failed', message: 'Monthly event quota exceeded' });

    const up = paidCheckout(orgId);
    expect((await deliver(up)).body.message).toBe('Organization upgraded to PRO');

    const usage = await client.get('/api/v1/usage');
    expect(usage.body.data).toMatchObject({ plan: 'PRO', limit: 500_000, used: FREE_LIMIT });
    // The spec allows "within seconds"; ingest may cache the plan for about a second.
    await new Promise((r) => setTimeout(r, 1_100));
    const pro = await ingest(client, project.id, key);
    expect(pro.status).toBe(200);
    expect((await client.get('/api/v1/usage')).body.data).toMatchObject({ plan: 'PRO', used: FREE_LIMIT + 1 });

    await deliver(subscriptionDeleted(up.data.object.customer, up.data.object.subscription));
    expect((await client.get('/api/v1/usage')).body.data).toMatchObject({ plan: 'FREE', limit: FREE_LIMIT });
    await new Promise((r) => setTimeout(r, 1_100));
    const backOnFree = await ingest(client, project.id, key);
    expect(backOnFree.status).toBe(429);
    expect((await client.get('/api/v1/usage')).body.data.used).toBe(FREE_LIMIT + 1);
  });
});
