import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { TestClient } from '../support/client';
import { startStripeMock } from '../support/stripe-mock';

const KEY = 'sk_test_billing_mock';
const PRICE = 'price_pro_monthly_test';
let mock: Awaited<ReturnType<typeof startStripeMock>>;

function configure() {
  process.env.STRIPE_SECRET_KEY = KEY;
  process.env.STRIPE_PRICE_ID = PRICE;
  process.env.STRIPE_API_BASE = mock.url;
}

beforeAll(async () => {
  mock = await startStripeMock();
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => {
  configure();
  mock.reset();
});
afterEach(() => configure());

const setCustomer = (orgId: string, stripeCustomerId: string) =>
  db.organization.update({ where: { id: orgId }, data: { stripeCustomerId } });

describe('POST /api/v1/billing/checkout', () => {
  it('creates a subscription Checkout session for the session org and returns its url', async () => {
    const { client, orgId, email } = await signUp();
    const res = await client.post('/api/v1/billing/checkout');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Checkout session created' });
    expect(res.body.data.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_mock_\d+$/);

    expect(mock.requests).toHaveLength(1);
    const [sent] = mock.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: `Bearer ${KEY}` });
    expect(sent.form).toEqual({
      mode: 'subscription',
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      client_reference_id: orgId,
      'metadata[orgId]': orgId,
      'subscription_data[metadata][orgId]': orgId,
      customer_email: email,
      success_url: 'http://localhost:3000/settings/billing?checkout=success',
      cancel_url: 'http://localhost:3000/settings/billing?checkout=cancelled',
    });
  });

  it("reuses the org's Stripe customer instead of the email when it has one", async () => {
    const { client, orgId } = await signUp();
    await setCustomer(orgId, `cus_${orgId.slice(0, 8)}`);
    const res = await client.post('/api/v1/billing/checkout');
    expect(res.status).toBe(200);
    expect(mock.requests[0].form.customer).toBe(`cus_${orgId.slice(0, 8)}`);
    expect(mock.requests[0].form).not.toHaveProperty('customer_email');
  });

  it('an org already on PRO is sent to the portal (400), Stripe is not called', async () => {
    const { client, orgId } = await signUp();
    await db.organization.update({ where: { id: orgId }, data: { plan: 'PRO' } });
    const res = await client.post('/api/v1/billing/checkout');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'The organization is already on the PRO plan; use Manage billing instead',
    });
    expect(mock.requests).toHaveLength(0);
  });

  it('cross-tenant: an org id in the body or query is ignored, the session org is used', async () => {
    const a = await signUp();
    const b = await signUp();
    const res = await a.client.post(`/api/v1/billing/checkout?orgId=${b.orgId}`, {
      orgId: b.orgId,
      client_reference_id: b.orgId,
    });
    expect(res.status).toBe(200);
    expect(mock.requests[0].form).toMatchObject({
      client_reference_id: a.orgId,
      'metadata[orgId]': a.orgId,
      customer_email: a.email,
    });
  });

  it('Stripe failing: 503 with a generic message', async () => {
    const { client } = await signUp();
    mock.failWith(400);
    const res = await client.post('/api/v1/billing/checkout');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      statusCode: 503,
      status: 'failed',
      message: 'The payment provider could not be reached; try again',
    });
    expect(mock.requests.length).toBeGreaterThan(0);
  });
});

describe('POST /api/v1/billing/portal', () => {
  it("returns a billing-portal session url for the org's customer", async () => {
    const { client, orgId } = await signUp();
    await setCustomer(orgId, `cus_portal_${orgId.slice(0, 8)}`);
    const res = await client.post('/api/v1/billing/portal');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Billing portal session created' });
    expect(res.body.data.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_mock_\d+$/);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      authorization: `Bearer ${KEY}`,
    });
    expect(mock.requests[0].form).toEqual({
      customer: `cus_portal_${orgId.slice(0, 8)}`,
      return_url: 'http://localhost:3000/settings/billing',
    });
  });

  it('an org without a Stripe customer: 400, Stripe is not called', async () => {
    const { client } = await signUp();
    const res = await client.post('/api/v1/billing/portal');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'No billing account yet: upgrade to PRO first',
    });
    expect(mock.requests).toHaveLength(0);
  });

  it("cross-tenant: another org never gets a portal for this org's customer", async () => {
    const a = await signUp();
    const b = await signUp();
    await setCustomer(a.orgId, `cus_a_${a.orgId.slice(0, 8)}`);
    const res = await b.client.post('/api/v1/billing/portal', {
      orgId: a.orgId,
      customer: `cus_a_${a.orgId.slice(0, 8)}`,
    });
    expect(res.status).toBe(400);
    expect(mock.requests).toHaveLength(0);
  });
});

describe('billing without Stripe keys', () => {
  const cases: [string, string, string[]][] = [
    ['checkout without STRIPE_SECRET_KEY', '/api/v1/billing/checkout', ['STRIPE_SECRET_KEY']],
    ['checkout without STRIPE_PRICE_ID', '/api/v1/billing/checkout', ['STRIPE_PRICE_ID']],
    ['checkout without any key', '/api/v1/billing/checkout', ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID']],
    ['portal without STRIPE_SECRET_KEY', '/api/v1/billing/portal', ['STRIPE_SECRET_KEY']],
  ];
  it.each(cases)('%s: 503 Billing is not configured', async (_label, path, unset) => {
    const { client, orgId } = await signUp();
    await setCustomer(orgId, `cus_nokey_${orgId.slice(0, 8)}`);
    for (const name of unset) delete process.env[name];
    const res = await client.post(path);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ statusCode: 503, status: 'failed', message: 'Billing is not configured' });
    expect(mock.requests).toHaveLength(0);
  });

  it('the portal needs only the API key (no price)', async () => {
    const { client, orgId } = await signUp();
    await setCustomer(orgId, `cus_noprice_${orgId.slice(0, 8)}`);
    delete process.env.STRIPE_PRICE_ID;
    expect((await client.post('/api/v1/billing/portal')).status).toBe(200);
  });
});

describe('GET /api/v1/billing', () => {
  it('reports plan, configuration, customer and limits', async () => {
    const { client, orgId } = await signUp();
    const free = await client.get('/api/v1/billing');
    expect(free.status).toBe(200);
    expect(free.body).toEqual({
      statusCode: 200,
      status: 'success',
      message: 'Success',
      data: {
        plan: 'FREE',
        configured: true,
        hasCustomer: false,
        limits: { monthlyEvents: 10_000, projects: 1 },
        unlimited: false,
      },
    });

    await db.organization.update({
      where: { id: orgId },
      data: { plan: 'PRO', stripeCustomerId: `cus_sum_${orgId.slice(0, 8)}` },
    });
    delete process.env.STRIPE_PRICE_ID;
    const pro = await client.get('/api/v1/billing');
    expect(pro.body.data).toEqual({
      plan: 'PRO',
      configured: false,
      hasCustomer: true,
      limits: { monthlyEvents: 500_000, projects: null },
      unlimited: false,
    });
    expect(pro.text).not.toContain('cus_');
  });
});

describe('billing routes need a session', () => {
  const routes: [string, string][] = [
    ['GET', '/api/v1/billing'],
    ['POST', '/api/v1/billing/checkout'],
    ['POST', '/api/v1/billing/portal'],
  ];
  it.each(routes)('%s %s without a session: 401', async (method, path) => {
    const res = await new TestClient().request(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, status: 'failed', message: 'You need to be logged in!' });
    expect(mock.requests).toHaveLength(0);
  });

  it('a cookie-authenticated checkout from a foreign Origin is refused (403)', async () => {
    const { client } = await signUp();
    const res = await client.post('/api/v1/billing/checkout', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(mock.requests).toHaveLength(0);
  });
});
