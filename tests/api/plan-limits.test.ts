// #38: a self-hosted instance that bills nobody sets PLAN_LIMITS=off: no monthly quota, no project limit, and the
// billing summary and usage say so. By default (and always with Stripe configured) the spec's plans apply.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';

afterEach(() => {
  delete process.env.PLAN_LIMITS;
  delete process.env.STRIPE_SECRET_KEY;
});

/** A FREE organization whose month already counts `used` events. */
async function freeOrgWithUsage(used: number) {
  const s = await signUp();
  const month = monthOf(clock.now());
  await db.monthlyUsage.create({ data: { orgId: s.orgId, month, used, errors: used } });
  return { ...s, month };
}

describe('PLAN_LIMITS=off (self-hosted, no billing)', () => {
  it('three projects on FREE, ingest past 10,000 events a month; billing and usage say unlimited', async () => {
    process.env.PLAN_LIMITS = 'off';
    const s = await freeOrgWithUsage(9_999);
    const projects = [];
    for (const name of ['Web', 'API', 'Worker']) projects.push(await createProject(s.client, name));
    expect(projects).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      const res = await send({
        client: s.client,
        projectId: projects[i].id,
        key: projects[i].keys[0].publicKey,
        body: errorEnvelope({ fingerprint: [`f${i}`] }),
      });
      expect(res.status).toBe(200);
    }
    const usage = (await s.client.get('/api/v1/usage')).body.data;
    expect(usage).toMatchObject({ plan: 'FREE', used: 10_002, limit: 2_147_483_647, unlimited: true });
    const billing = (await s.client.get('/api/v1/billing')).body.data;
    expect(billing).toMatchObject({
      plan: 'FREE',
      configured: false,
      unlimited: true,
      limits: { monthlyEvents: 2_147_483_647, projects: null },
    });
  });
});

describe('plans apply by default, as the spec says', () => {
  it('FREE: a second project is 400, the 10,001st event 429', async () => {
    const s = await freeOrgWithUsage(10_000);
    const first = await createProject(s.client, 'Only');
    const second = await s.client.post('/api/v1/projects', { name: 'Second' });
    expect([second.status, second.body.message]).toEqual([400, 'Project limit reached for the FREE plan']);
    const res = await send({
      client: s.client,
      projectId: first.id,
      key: first.keys[0].publicKey,
      body: errorEnvelope(),
    });
    expect([res.status, res.body.message]).toEqual([429, 'Monthly event quota exceeded']);
    const usage = (await s.client.get('/api/v1/usage')).body.data;
    expect(usage.limit).toBe(10_000);
    // The spec's answer, unchanged: no `unlimited` key while the plans apply.
    expect('unlimited' in usage).toBe(false);
  });

  it('with Stripe configured, PLAN_LIMITS=off is ignored: the plans apply', async () => {
    process.env.PLAN_LIMITS = 'off';
    process.env.STRIPE_SECRET_KEY = 'sk_test_configured';
    const s = await freeOrgWithUsage(10_000);
    await createProject(s.client, 'Only');
    expect((await s.client.post('/api/v1/projects', { name: 'Second' })).status).toBe(400);
    expect((await s.client.get('/api/v1/billing')).body.data).toMatchObject({
      unlimited: false,
      limits: { monthlyEvents: 10_000, projects: 1 },
    });
  });
});
