import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';

// These go through the real ingest route: usage is what ingest counted, not what a test wrote.
const QUOTA_MESSAGE = 'Monthly event quota exceeded';

async function account() {
  const acc = await signUp();
  const project = await createProject(acc.client);
  const key = project.keys[0].publicKey;
  const send = (body: unknown) =>
    acc.client.post(`/api/v1/ingest/${project.id}/envelope`, body, {
      headers: { 'x-ingest-auth': `ingest_key=${key}` },
    });
  return { ...acc, project, send };
}

const error = (level: string) => ({
  level,
  timestamp: clock.nowMs() - 1000,
  exception: {
    type: 'TypeError',
    value: `boom ${level}`,
    stacktrace: { frames: [{ filename: 'app.js', lineno: 1, function: 'main' }] },
  },
});
const transaction = () => ({
  type: 'transaction',
  name: '/checkout',
  duration: 120,
  timestamp: clock.nowMs() - 1000,
  vitals: { lcp: 1200 },
});

async function usage(client: TestClient) {
  const res = await client.get('/api/v1/usage');
  expect(res.status).toBe(200);
  return res.body.data;
}

afterEach(() => clock.reset());

describe('usage through ingest', () => {
  it('counts error envelopes by level; transactions are reported but do not count toward used', async () => {
    clock.set(Date.parse('2026-09-15T10:00:00.000Z'));
    const { client, send } = await account();
    for (const level of ['error', 'fatal', 'warning', 'info', 'debug', 'error'])
      expect((await send(error(level))).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await send(transaction())).status).toBe(200);
    const d = await usage(client);
    expect(d).toEqual({
      plan: 'FREE',
      used: 6,
      limit: 10_000,
      month: '2026-09',
      breakdown: { errors: 3, warnings: 1, info: 2 },
      transactions: 4,
    });
    expect(d.breakdown.errors + d.breakdown.warnings + d.breakdown.info).toBe(d.used);
  });

  it('a month rollover (UTC, moved with the clock) resets used and lifts the 429', async () => {
    clock.set(Date.parse('2026-01-31T23:59:00.000Z'));
    const { client, orgId, send } = await account();
    // Bring the month to one event below the FREE quota without sending 9,999 envelopes.
    await db.monthlyUsage.create({ data: { orgId, month: '2026-01', used: 9_999, errors: 9_999 } });

    expect((await send(error('warning'))).status).toBe(200);
    const refused = await send(error('error'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, status: 'failed', message: QUOTA_MESSAGE });
    const refusedTx = await send(transaction());
    expect(refusedTx.status).toBe(429);
    expect(await usage(client)).toEqual({
      plan: 'FREE',
      used: 10_000,
      limit: 10_000,
      month: '2026-01',
      breakdown: { errors: 9_999, warnings: 1, info: 0 },
      transactions: 0,
    });

    clock.set(Date.parse('2026-02-01T00:00:00.000Z'));
    expect(await usage(client)).toMatchObject({
      month: '2026-02',
      used: 0,
      breakdown: { errors: 0, warnings: 0, info: 0 },
      transactions: 0,
    });
    expect((await send(error('info'))).status).toBe(200);
    expect((await send(transaction())).status).toBe(200);
    expect(await usage(client)).toEqual({
      plan: 'FREE',
      used: 1,
      limit: 10_000,
      month: '2026-02',
      breakdown: { errors: 0, warnings: 0, info: 1 },
      transactions: 1,
    });
    const january = await db.monthlyUsage.findUniqueOrThrow({ where: { orgId_month: { orgId, month: '2026-01' } } });
    expect(january.used).toBe(10_000);
  });
});
