// The Stats page per kind of item (#45): each category's own totals and days, and this UTC month's accepted items
// per category, whatever the range, so the errors' count is the one the monthly quota counts.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { errorEnvelope, send, transactionEnvelope } from './ingest-helpers';

afterEach(() => clock.reset());

type Stats = {
  totals: Record<string, number>;
  series: { date: string; accepted: number }[];
  categories: { category: string; totals: Record<string, number>; series: { date: string; accepted: number }[] }[];
  month: { month: string; since: string; accepted: Record<string, number> };
};

describe('stats per category', () => {
  it('each category apart, in the page order of CATEGORIES; the month of errors equals the usage counted', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Shop');
    const key = project.keys[0].publicKey;
    for (const body of [errorEnvelope(), errorEnvelope(), transactionEnvelope()])
      expect((await send({ client: s.client, projectId: project.id, key, body })).status).toBe(200);
    const noValue = errorEnvelope();
    delete (noValue.exception as { value?: string }).value;
    expect((await send({ client: s.client, projectId: project.id, key, body: noValue })).status).toBe(400);

    const stats = (await s.client.get(`/api/v1/projects/${project.id}/stats`)).body.data as Stats;
    expect(stats.categories.map((c) => [c.category, c.totals.accepted, c.totals.invalid])).toEqual([
      ['error', 2, 1],
      ['transaction', 1, 0],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.categories[0].series).toHaveLength(30);
    expect(stats.categories[0].series.at(-1)).toMatchObject({ date: today, accepted: 2, invalid: 1 });
    // The old sum is still there for the API's callers; the categories add up to it.
    expect(stats.totals.accepted).toBe(3);
    expect(stats.month.month).toBe(today.slice(0, 7));
    expect(stats.month.accepted).toMatchObject({ error: 2, transaction: 1, span: 0, log_item: 0 });
    const usage = (await s.client.get('/api/v1/usage')).body.data as { used: number };
    expect(stats.month.accepted.error).toBe(usage.used);
  });

  it('the month counts its first days outside a short range and nothing of the month before', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Shop');
    // Earlier than now: the session stays valid.
    clock.set(new Date('2025-03-15T12:00:00Z'));
    const row = (day: string, category: string, outcome: string, quantity: number) => ({
      projectId: project.id,
      day: new Date(`${day}T00:00:00Z`),
      category,
      outcome,
      reason: '',
      quantity: BigInt(quantity),
    });
    await db.outcome.createMany({
      data: [
        row('2025-02-28', 'error', 'accepted', 100),
        row('2025-03-01', 'error', 'accepted', 7),
        row('2025-03-01', 'span', 'accepted', 40),
        row('2025-03-14', 'error', 'accepted', 2),
        row('2025-03-14', 'error', 'rate_limited', 5),
        row('2025-03-15', 'log_item', 'accepted', 3),
      ],
    });
    const read = async (days: string) =>
      (await s.client.get(`/api/v1/projects/${project.id}/stats`, { query: { days } })).body.data as Stats;

    const week = await read('7');
    expect(week.categories.map((c) => [c.category, c.totals.accepted, c.totals.rate_limited])).toEqual([
      ['error', 2, 5],
      ['log_item', 3, 0],
    ]);
    expect(week.categories[0].series.map((d) => d.date)).toEqual([
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
      '2025-03-13',
      '2025-03-14',
      '2025-03-15',
    ]);
    expect(week.totals.accepted).toBe(5);
    expect(week.month).toMatchObject({ month: '2025-03', since: '2025-03-01T00:00:00.000Z' });
    expect(week.month.accepted).toMatchObject({ error: 9, span: 40, log_item: 3, transaction: 0 });

    const month = await read('30');
    expect(month.categories.find((c) => c.category === 'error')!.totals.accepted).toBe(109);
    expect(month.month.accepted.error).toBe(9);
  });
});
