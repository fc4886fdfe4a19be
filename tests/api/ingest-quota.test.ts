import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import { errorEnvelope, send, transactionEnvelope } from './ingest-helpers';

const FREE_LIMIT = monthlyEventLimit('FREE');
const quotaBody = { statusCode: 429, status: 'failed', message: 'Monthly event quota exceeded' };

afterEach(() => clock.reset());

async function setup(usedSoFar = 0) {
  const s = await signUp();
  const p = await createProject(s.client);
  const month = monthOf(clock.now());
  if (usedSoFar > 0)
    await db.monthlyUsage.create({ data: { orgId: s.orgId, month, used: usedSoFar, errors: usedSoFar } });
  return { ...s, projectId: p.id, key: p.keys[0].publicKey, month };
}

const usage = (orgId: string, month: string) =>
  db.monthlyUsage.findUnique({ where: { orgId_month: { orgId, month } } });

describe('monthly quota', () => {
  it('N > L parallel envelopes with L left → exactly L × 200 and N − L × 429; used ends at the limit; events = L = Σ eventCount', async () => {
    const L = 25;
    const N = 60;
    const { client, orgId, projectId, key, month } = await setup(FREE_LIMIT - L);
    const levels = ['error', 'fatal', 'warning', 'info', 'debug'];
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send({
          client,
          projectId,
          key,
          body: errorEnvelope({
            level: levels[i % levels.length],
            exception: {
              type: `E${i % 4}`,
              value: `#${i}`,
              stacktrace: { frames: [{ filename: 'app.js', lineno: 1, function: 'f' }] },
            },
          }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(L);
    expect(statuses.filter((s) => s === 429)).toHaveLength(N - L);
    for (const r of results.filter((x) => x.status === 429)) expect(r.body).toEqual(quotaBody);

    const u = await usage(orgId, month);
    expect(u!.used).toBe(FREE_LIMIT);
    expect(u!.errors + u!.warnings + u!.info).toBe(FREE_LIMIT);
    expect(await db.event.count({ where: { projectId } })).toBe(L);
    const sum = await db.issue.aggregate({ where: { projectId }, _sum: { eventCount: true } });
    expect(sum._sum.eventCount).toBe(L);

    // Exhausted: later events and transactions are refused; nothing changes.
    expect((await send({ client, projectId, key, body: errorEnvelope() })).body).toEqual(quotaBody);
    expect((await send({ client, projectId, key, body: transactionEnvelope() })).body).toEqual(quotaBody);
    expect(await usage(orgId, month)).toEqual(u);
    expect(await db.transaction.count({ where: { projectId } })).toBe(0);
  });

  it('counts errors (ERROR+FATAL), warnings, info (INFO+DEBUG); transactions are counted apart and never toward used', async () => {
    const { client, orgId, projectId, key, month } = await setup();
    for (const level of ['error', 'fatal', 'warning', 'info', 'debug', 'error']) {
      expect((await send({ client, projectId, key, body: errorEnvelope({ level }) })).status).toBe(200);
    }
    for (let i = 0; i < 3; i++)
      expect((await send({ client, projectId, key, body: transactionEnvelope() })).status).toBe(200);
    expect(await usage(orgId, month)).toMatchObject({ used: 6, errors: 3, warnings: 1, info: 2, transactions: 3 });
  });

  it('transactions alone never exhaust the quota', async () => {
    const { client, orgId, projectId, key, month } = await setup(FREE_LIMIT - 1);
    for (let i = 0; i < 5; i++)
      expect((await send({ client, projectId, key, body: transactionEnvelope() })).status).toBe(200);
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(200);
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(429);
    expect((await send({ client, projectId, key, body: transactionEnvelope() })).status).toBe(429);
    expect(await usage(orgId, month)).toMatchObject({ used: FREE_LIMIT, transactions: 5 });
  });

  it('quota comes after validation: an invalid envelope at the limit is 400, not 429', async () => {
    const { client, projectId, key } = await setup(FREE_LIMIT);
    expect((await send({ client, projectId, key, body: {} })).status).toBe(400);
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(429);
  });

  it('a plan change takes effect at once: PRO lifts the limit to 500,000', async () => {
    const { client, orgId, projectId, key, month } = await setup(FREE_LIMIT);
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(429);
    await setPlan(orgId, 'PRO');
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(200);
    await db.monthlyUsage.update({
      where: { orgId_month: { orgId, month } },
      data: { used: monthlyEventLimit('PRO') },
    });
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(429);
    await setPlan(orgId, 'FREE');
    await db.monthlyUsage.update({ where: { orgId_month: { orgId, month } }, data: { used: FREE_LIMIT - 1 } });
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(200);
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(429);
  });

  it('the count resets when the UTC calendar month changes (month from the clock, not the envelope)', async () => {
    clock.set(new Date('2026-03-31T23:59:59.000Z'));
    const { client, orgId, projectId, key } = await setup(FREE_LIMIT);
    expect((await send({ client, projectId, key, body: errorEnvelope() })).status).toBe(429);
    clock.set(new Date('2026-04-01T00:00:00.000Z'));
    expect(
      (await send({ client, projectId, key, body: errorEnvelope({ timestamp: Date.parse('2026-03-31T12:00:00Z') }) }))
        .status,
    ).toBe(200);
    expect(await usage(orgId, '2026-04')).toMatchObject({ used: 1, errors: 1 });
    expect(await usage(orgId, '2026-03')).toMatchObject({ used: FREE_LIMIT });
    const ev = await db.event.findFirstOrThrow({ where: { projectId } });
    expect(ev.receivedAt.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('quotas are per organization', async () => {
    const a = await setup(FREE_LIMIT);
    const b = await setup();
    expect((await send({ client: a.client, projectId: a.projectId, key: a.key, body: errorEnvelope() })).status).toBe(
      429,
    );
    expect((await send({ client: b.client, projectId: b.projectId, key: b.key, body: errorEnvelope() })).status).toBe(
      200,
    );
  });
});
