import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db';
import { logger } from '@/lib/log';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';

const SECRET = 'whsec_test_billing_webhook_secret';
const WEBHOOK = '/api/webhooks/stripe';
const stripe = new TestClient();

beforeAll(() => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
});
afterEach(() => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  vi.restoreAllMocks();
});

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;

type StripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
};

function event(type: string, object: Record<string, unknown>): StripeEvent {
  return { id: rid('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } };
}

function checkoutCompleted(orgId: string | null, over: Record<string, unknown> = {}) {
  return event('checkout.session.completed', {
    id: rid('cs_test'),
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: orgId,
    metadata: orgId ? { orgId } : {},
    payment_status: 'paid',
    status: 'complete',
    customer: rid('cus'),
    subscription: rid('sub'),
    ...over,
  });
}

function subscriptionDeleted(customer: string | null, subscription: string, metadata: Record<string, string> = {}) {
  return event('customer.subscription.deleted', {
    id: subscription,
    object: 'subscription',
    status: 'canceled',
    customer,
    metadata,
  });
}

/** Delivers an event the way Stripe does: raw JSON body signed with the endpoint secret. */
function deliver(
  evt: unknown,
  opts: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
) {
  const payload = JSON.stringify(evt);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp,
  });
  return stripe.post(WEBHOOK, opts.tamper ? opts.tamper(payload) : payload, {
    headers: { 'stripe-signature': header },
  });
}

async function orgRow(orgId: string) {
  return db.organization.findUniqueOrThrow({
    where: { id: orgId },
    select: { plan: true, stripeCustomerId: true, stripeSubscriptionId: true },
  });
}

const recorded = (id: string) => db.stripeEvent.count({ where: { id } });

describe('stripe webhook: upgrade', () => {
  it('checkout.session.completed (paid) upgrades the org to PRO: /auth/me says PRO at once and a second project can be created', async () => {
    const { client, orgId } = await signUp();
    await createProject(client, 'First');
    const refused = await client.post('/api/v1/projects', { name: 'Second' });
    expect(refused.status).toBe(400);

    const evt = checkoutCompleted(orgId);
    const res = await deliver(evt);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 200, status: 'success', message: 'Organization upgraded to PRO' });

    const me = await client.get('/api/v1/auth/me');
    expect(me.body.data.organization.plan).toBe('PRO');
    expect(await orgRow(orgId)).toEqual({
      plan: 'PRO',
      stripeCustomerId: evt.data.object.customer,
      stripeSubscriptionId: evt.data.object.subscription,
    });
    expect(await recorded(evt.id)).toBe(1);

    const second = await client.post('/api/v1/projects', { name: 'Second' });
    expect(second.status).toBe(201);
    const billing = await client.get('/api/v1/billing');
    expect(billing.body.data).toMatchObject({
      plan: 'PRO',
      hasCustomer: true,
      limits: { monthlyEvents: 500_000, projects: null },
    });
  });

  it('names the org by metadata.orgId when client_reference_id is absent', async () => {
    const { orgId } = await signUp();
    const evt = checkoutCompleted(null, { metadata: { orgId } });
    const res = await deliver(evt);
    expect(res.body.message).toBe('Organization upgraded to PRO');
    expect((await orgRow(orgId)).plan).toBe('PRO');
  });

  it.each(['unpaid', 'no_payment_required'])(
    'payment_status %s: 200, no change, event recorded once',
    async (status) => {
      const { orgId } = await signUp();
      const evt = checkoutCompleted(orgId, { payment_status: status });
      const res = await deliver(evt);
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/not paid; no change$/);
      expect(await orgRow(orgId)).toEqual({ plan: 'FREE', stripeCustomerId: null, stripeSubscriptionId: null });
    },
  );

  it('unknown org: 200, logged, nothing changes', async () => {
    const { orgId } = await signUp();
    const warn = vi.spyOn(logger, 'warn');
    const missing = crypto.randomUUID();
    const evt = checkoutCompleted(missing);
    const res = await deliver(evt);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      statusCode: 200,
      status: 'success',
      message: `organization ${missing} not found; no change`,
    });
    expect(warn).toHaveBeenCalledWith(
      { stripeEventId: evt.id, reason: `organization ${missing} not found` },
      'stripe event applied with no change',
    );
    expect(
      await db.organization.count({ where: { plan: 'PRO', stripeCustomerId: evt.data.object.customer as string } }),
    ).toBe(0);
    expect((await orgRow(orgId)).plan).toBe('FREE');
  });
});

describe('stripe webhook: downgrade', () => {
  it('customer.subscription.deleted returns the org to FREE; projects stay, no new one can be created', async () => {
    const { client, orgId } = await signUp();
    const up = checkoutCompleted(orgId);
    await deliver(up);
    await createProject(client, 'One');
    await createProject(client, 'Two');

    const res = await deliver(
      subscriptionDeleted(up.data.object.customer as string, up.data.object.subscription as string),
    );
    expect(res.body).toEqual({ statusCode: 200, status: 'success', message: 'Organization returned to FREE' });
    expect(await orgRow(orgId)).toEqual({
      plan: 'FREE',
      stripeCustomerId: up.data.object.customer,
      stripeSubscriptionId: null,
    });
    expect((await client.get('/api/v1/auth/me')).body.data.organization.plan).toBe('FREE');

    expect((await client.get('/api/v1/projects')).body.data).toHaveLength(2);
    const third = await client.post('/api/v1/projects', { name: 'Three' });
    expect(third.status).toBe(400);
    expect(third.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Project limit reached for the FREE plan',
    });
  });

  it('finds the org by subscription metadata.orgId when the customer is unknown', async () => {
    const { orgId } = await signUp();
    const up = checkoutCompleted(orgId, { customer: null });
    await deliver(up);
    const res = await deliver(subscriptionDeleted(rid('cus'), up.data.object.subscription as string, { orgId }));
    expect(res.body.message).toBe('Organization returned to FREE');
    expect((await orgRow(orgId)).plan).toBe('FREE');
  });

  it('a late deletion of an older subscription does not cancel the current one', async () => {
    const { orgId } = await signUp();
    const customer = rid('cus');
    const first = checkoutCompleted(orgId, { customer });
    await deliver(first);
    await deliver(subscriptionDeleted(customer, first.data.object.subscription as string));
    const second = checkoutCompleted(orgId, { customer });
    await deliver(second);
    vi.spyOn(logger, 'warn');
    const late = await deliver(subscriptionDeleted(customer, first.data.object.subscription as string));
    expect(late.status).toBe(200);
    expect(late.body.message).toMatch(/is not the current one .*; no change$/);
    expect(await orgRow(orgId)).toEqual({
      plan: 'PRO',
      stripeCustomerId: customer,
      stripeSubscriptionId: second.data.object.subscription,
    });
  });

  it('deletion for an unknown customer: 200, no change', async () => {
    vi.spyOn(logger, 'warn');
    const before = await db.organization.count({ where: { plan: 'FREE' } });
    const res = await deliver(subscriptionDeleted(rid('cus'), rid('sub')));
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^no organization for customer .*; no change$/);
    expect(await db.organization.count({ where: { plan: 'FREE' } })).toBe(before);
  });
});

describe('stripe webhook: each event id applied once', () => {
  it('replaying the upgrade after a downgrade: 200, no second effect (stays FREE)', async () => {
    const { orgId } = await signUp();
    const up = checkoutCompleted(orgId);
    const down = subscriptionDeleted(up.data.object.customer as string, up.data.object.subscription as string);
    expect((await deliver(up)).body.message).toBe('Organization upgraded to PRO');
    expect((await deliver(down)).body.message).toBe('Organization returned to FREE');

    const replay = await deliver(up);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ statusCode: 200, status: 'success', message: 'Event already processed' });
    expect((await orgRow(orgId)).plan).toBe('FREE');
    expect(await recorded(up.id)).toBe(1);
  });

  it('concurrent replays of one event: exactly one applies', async () => {
    const { orgId } = await signUp();
    const up = checkoutCompleted(orgId);
    const down = subscriptionDeleted(up.data.object.customer as string, up.data.object.subscription as string);
    const first = await Promise.all(Array.from({ length: 6 }, () => deliver(up)));
    expect(first.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(first.filter((r) => r.body.message === 'Organization upgraded to PRO')).toHaveLength(1);
    expect(first.filter((r) => r.body.message === 'Event already processed')).toHaveLength(5);

    await deliver(down);
    const again = await Promise.all(Array.from({ length: 6 }, () => deliver(up)));
    expect(again.every((r) => r.status === 200 && r.body.message === 'Event already processed')).toBe(true);
    expect((await orgRow(orgId)).plan).toBe('FREE');
    expect(await recorded(up.id)).toBe(1);
  });
});

describe('stripe webhook: refused and ignored deliveries', () => {
  const badSignatures: [string, Parameters<typeof deliver>[1]][] = [
    ['signed with another secret', { secret: 'whsec_someone_else' }],
    ['body changed after signing', { tamper: (p) => p.replace('"paid"', '"paid" ') }],
    ['timestamp outside the tolerance', { timestamp: Math.floor(Date.now() / 1000) - 3600 }],
  ];
  it.each(badSignatures)('wrong signature (%s): 400 and no change', async (_label, opts) => {
    const { orgId } = await signUp();
    const evt = checkoutCompleted(orgId);
    const res = await deliver(evt, opts);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, status: 'failed', message: 'Invalid Stripe signature' });
    expect((await orgRow(orgId)).plan).toBe('FREE');
    expect(await recorded(evt.id)).toBe(0);
  });

  const badHeaders: [string, Record<string, string>, string][] = [
    ['missing signature', {}, 'Missing Stripe-Signature header'],
    ['empty signature', { 'stripe-signature': '' }, 'Missing Stripe-Signature header'],
    ['garbage signature', { 'stripe-signature': 'not-a-signature' }, 'Invalid Stripe signature'],
  ];
  it.each(badHeaders)('%s: 400 and no change', async (_label, headers, message) => {
    const { orgId } = await signUp();
    const evt = checkoutCompleted(orgId);
    const res = await stripe.post(WEBHOOK, JSON.stringify(evt), { headers });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, status: 'failed', message });
    expect((await orgRow(orgId)).plan).toBe('FREE');
    expect(await recorded(evt.id)).toBe(0);
  });

  it('unknown event type: 200, ignored, not recorded', async () => {
    const { orgId } = await signUp();
    const evt = event('invoice.paid', { id: rid('in'), object: 'invoice', customer: rid('cus'), metadata: { orgId } });
    const res = await deliver(evt);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 200, status: 'success', message: 'Event type invoice.paid ignored' });
    expect(await recorded(evt.id)).toBe(0);
    expect((await orgRow(orgId)).plan).toBe('FREE');
  });

  it('a correctly signed but malformed allow-listed event: 400 with the field, not recorded', async () => {
    const { orgId } = await signUp();
    const evt = checkoutCompleted(orgId);
    delete evt.data.object.payment_status;
    const res = await deliver(evt);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
    expect(res.body.error.map((e: { path: unknown }) => e.path)).toContainEqual(['payment_status']);
    expect(await recorded(evt.id)).toBe(0);
    expect((await orgRow(orgId)).plan).toBe('FREE');
  });

  it('without STRIPE_WEBHOOK_SECRET: 503 Billing is not configured, no change', async () => {
    const { orgId } = await signUp();
    const evt = checkoutCompleted(orgId);
    const payload = JSON.stringify(evt);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    delete process.env.STRIPE_WEBHOOK_SECRET;
    const res = await stripe.post(WEBHOOK, payload, { headers: { 'stripe-signature': header } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ statusCode: 503, status: 'failed', message: 'Billing is not configured' });
    expect((await orgRow(orgId)).plan).toBe('FREE');
  });
});
