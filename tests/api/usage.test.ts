import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { setPlan } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { createSession } from '@/lib/auth/session';

afterEach(() => clock.reset());

describe('GET usage', () => {
  it('zeros and this month (UTC, from the clock) before any event', async () => {
    clock.set(Date.parse('2026-06-30T23:59:59.999Z'));
    const { client } = await signUp();
    const res = await client.get('/api/v1/usage');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      statusCode: 200,
      status: 'success',
      message: 'Usage fetched',
      data: {
        plan: 'FREE',
        used: 0,
        limit: 10_000,
        month: '2026-06',
        breakdown: { errors: 0, warnings: 0, info: 0 },
        transactions: 0,
      },
    });
  });

  it("reads the current month's row only; the breakdown sums to used", async () => {
    clock.set(Date.parse('2026-07-01T00:00:00.000Z'));
    const { client, orgId } = await signUp();
    await db.monthlyUsage.createMany({
      data: [
        { orgId, month: '2026-06', used: 9999, errors: 9999, warnings: 0, info: 0, transactions: 5 },
        { orgId, month: '2026-07', used: 17, errors: 9, warnings: 5, info: 3, transactions: 40 },
      ],
    });
    const res = await client.get('/api/v1/usage');
    const d = res.body.data;
    expect(d).toEqual({
      plan: 'FREE',
      used: 17,
      limit: 10_000,
      month: '2026-07',
      breakdown: { errors: 9, warnings: 5, info: 3 },
      transactions: 40,
    });
    expect(d.breakdown.errors + d.breakdown.warnings + d.breakdown.info).toBe(d.used);

    clock.set(Date.parse('2026-06-15T10:00:00.000Z'));
    const june = await client.get('/api/v1/usage');
    expect(june.body.data).toMatchObject({ month: '2026-06', used: 9999, transactions: 5 });
  });

  it("PRO has the 500,000 limit; another organization's counters never show", async () => {
    clock.set(Date.parse('2026-08-10T00:00:00.000Z'));
    const a = await signUp();
    const b = await signUp();
    await setPlan(a.orgId, 'PRO');
    await db.monthlyUsage.create({ data: { orgId: b.orgId, month: '2026-08', used: 3, errors: 3 } });
    const res = await a.client.get('/api/v1/usage');
    expect(res.body.data).toMatchObject({
      plan: 'PRO',
      limit: 500_000,
      used: 0,
      breakdown: { errors: 0, warnings: 0, info: 0 },
    });
    const theirs = await b.client.get('/api/v1/usage');
    expect(theirs.body.data).toMatchObject({ plan: 'FREE', used: 3 });
  });

  it('404 Organization not found for an account without an organization; 401 without a session', async () => {
    const user = await db.user.create({
      data: { name: 'Orphan', email: `orphan-${Date.now()}@example.com`, emailVerified: new Date() },
    });
    const { cookie } = await createSession(user.id);
    const client = new TestClient();
    client.cookie = cookie.split(';')[0];
    const res = await client.get('/api/v1/usage');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, status: 'failed', message: 'Organization not found' });

    const anon = await new TestClient().get('/api/v1/usage');
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ statusCode: 401, status: 'failed', message: 'You need to be logged in!' });
  });
});
