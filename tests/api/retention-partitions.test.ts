// Retention over every organization (purgeOldData without orgIds), which also drops the daily partitions past every
// plan: the tests that run it share this file so that no other file's full purge drops the partitions these tests
// make while they read them (the database is shared; files run side by side). Sent-once records age out; daily
// partitions are made ahead, keep event_id de-duplication, survive an ingest burst and go whole.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { purgeOldData } from '@/lib/retention/purge-old-data';
import {
  dropPartitionsBefore,
  ensurePartitions,
  ensurePartitionsAhead,
  listPartitions,
  PARTITION_DAYS_AHEAD,
} from '@/lib/retention/partitions';
import { handleIngest } from '@/lib/ingest/protocols/native';
import { errorEnvelope, transactionEnvelope } from './ingest-helpers';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';

const DAY = 24 * 3600 * 1000;

afterEach(() => clock.reset());

describe('sent-once records (#49)', () => {
  it('notification deliveries go after a week, weekly report claims after eight; recent ones stay', async () => {
    const me = await signUp();
    const userId = me.user.id as string;
    const project = await createProject(me.client, 'sent-once');
    const key = `test:${crypto.randomUUID()}`;
    const day = 86_400_000;
    await pool().query(
      `INSERT INTO notification_deliveries (event_key, channel, recipient, created_at)
       VALUES ($1 || ':old', 'email', $2, $3), ($1 || ':new', 'email', $2, $4)`,
      [key, userId, new Date(Date.now() - 8 * day), new Date(Date.now() - 6 * day)],
    );
    await pool().query(
      `INSERT INTO weekly_report_deliveries (project_id, week, user_id, sent_at)
       VALUES ($1, '2020-01-06', $2, $3), ($1, '2020-03-02', $2, $4)`,
      [project.id, userId, new Date(Date.now() - 57 * day), new Date(Date.now() - 55 * day)],
    );
    await purgeOldData();
    const left = await pool().query<{ event_key: string }>(
      'SELECT event_key FROM notification_deliveries WHERE event_key LIKE $1',
      [`${key}:%`],
    );
    expect(left.rows.map((r) => r.event_key)).toEqual([`${key}:new`]);
    const weeks = await pool().query<{ week: string }>(
      "SELECT to_char(week, 'YYYY-MM-DD') AS week FROM weekly_report_deliveries WHERE project_id = $1",
      [project.id],
    );
    expect(weeks.rows.map((r) => r.week)).toEqual(['2020-03-02']);
  });
});

describe('daily partitions', () => {
  // Days far from every other test file's receipt times (the database is shared), so dropping them is safe.
  const DAY0 = Date.UTC(2020, 0, 10);

  const names = async () => (await listPartitions()).map((p) => p.name);
  const whereIs = async (table: 'events' | 'transactions', projectId: string) =>
    (
      await pool().query<{ part: string }>(
        `SELECT tableoid::regclass::text AS part FROM ${table} WHERE project_id = $1 ORDER BY received_at`,
        [projectId],
      )
    ).rows.map((r) => r.part);

  async function ingester() {
    const { client, orgId } = await signUp();
    await setPlan(orgId, 'PRO');
    const p = await createProject(client);
    const ingest = (body: unknown) =>
      handleIngest({
        projectId: p.id,
        method: 'POST',
        headers: { 'x-ingest-auth': `ingest_key=${p.keys[0].publicKey}` },
        searchParams: new URLSearchParams(),
        body: Buffer.from(JSON.stringify(body)),
      });
    return { projectId: p.id, orgId, ingest };
  }

  it(`are created ${PARTITION_DAYS_AHEAD} days ahead, and rows already in the default partition move into their day`, async () => {
    const { projectId, ingest } = await ingester();
    clock.set(DAY0 + 5 * 3_600_000);
    expect((await ingest(errorEnvelope())).status).toBe(200);
    expect((await ingest(transactionEnvelope())).status).toBe(200);
    expect(await whereIs('events', projectId)).toEqual(['events_default']);

    const created = await ensurePartitionsAhead(clock.now());
    const days = Array.from({ length: PARTITION_DAYS_AHEAD + 1 }, (_, i) =>
      new Date(DAY0 + i * DAY).toISOString().slice(0, 10).replaceAll('-', ''),
    );
    expect(created.sort()).toEqual(
      days
        .flatMap((d) => [`events_p${d}`, `transactions_p${d}`, `spans_p${d}`, `logs_p${d}`, `metric_points_p${d}`])
        .sort(),
    );
    expect(await names()).toEqual(expect.arrayContaining(created));
    expect(await whereIs('events', projectId)).toEqual(['events_p20200110']);
    expect(await whereIs('transactions', projectId)).toEqual(['transactions_p20200110']);
    // Idempotent: a second run (another instance, the next hour) creates nothing.
    expect(await ensurePartitionsAhead(clock.now())).toEqual([]);
    // Ingest now routes straight to the day's partition.
    expect((await ingest(errorEnvelope({ exception: { ...errorEnvelope().exception, value: 'second' } }))).status).toBe(
      200,
    );
    expect(await whereIs('events', projectId)).toEqual(['events_p20200110', 'events_p20200110']);
  });

  it('event_id de-duplication holds across a day boundary (two partitions)', async () => {
    const { projectId, ingest } = await ingester();
    await ensurePartitions(new Date(DAY0 + 20 * DAY), new Date(DAY0 + 21 * DAY));
    const eventId = 'e'.repeat(32);
    clock.set(DAY0 + 21 * DAY - 1); // the last ms of a day
    expect((await ingest(errorEnvelope({ event_id: eventId }))).status).toBe(200);
    clock.set(DAY0 + 21 * DAY + 1); // the next day, another partition
    const again = await ingest(errorEnvelope({ event_id: eventId }));
    expect(again.status).toBe(200);
    expect(await whereIs('events', projectId)).toEqual(['events_p20200130']);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId } });
    expect(issue.eventCount).toBe(1);
    // A different id on the next day is stored there.
    expect((await ingest(errorEnvelope({ event_id: 'f'.repeat(32) }))).status).toBe(200);
    expect(await whereIs('events', projectId)).toEqual(['events_p20200130', 'events_p20200131']);
  });

  it('partitions created and dropped during an ingest burst: no deadlock, every envelope stored', async () => {
    const { projectId, ingest } = await ingester();
    const day = DAY0 + 40 * DAY;
    clock.set(day + 1_000);
    const burst = (async () => {
      const statuses: number[] = [];
      for (let wave = 0; wave < 10; wave++) {
        const res = await Promise.all(Array.from({ length: 20 }, () => ingest(errorEnvelope())));
        statuses.push(...res.map((r) => r.status));
      }
      return statuses;
    })();
    // The day the burst writes to (rows move out of the default partition meanwhile), then two days dropped.
    await ensurePartitions(new Date(day), new Date(day + 2 * DAY));
    await dropPartitionsBefore(new Date(day + 3 * DAY), new Date(day + DAY));
    const statuses = await burst;
    expect(statuses).toEqual(new Array(200).fill(200));
    expect(await whereIs('events', projectId)).toEqual(
      new Array(200).fill(`events_p${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`),
    );
    expect(await names()).not.toContain(
      `events_p${new Date(day + DAY).toISOString().slice(0, 10).replaceAll('-', '')}`,
    );
  });

  it('retention drops whole partitions past every plan, deletes rows only where plans differ, and keeps issue counts', async () => {
    const free = await ingester();
    const pro = await ingester();
    await setPlan(free.orgId, 'FREE');
    const base = DAY0 + 200 * DAY; // 2020-07-28
    await ensurePartitions(new Date(base - 100 * DAY), new Date(base));
    for (const age of [1, 31, 91, 95]) {
      clock.set(base - age * DAY + 3_600_000);
      for (const a of [free, pro]) {
        expect((await a.ingest(errorEnvelope())).status).toBe(200);
        expect((await a.ingest(transactionEnvelope())).status).toBe(200);
      }
    }
    clock.set(base + 3_600_000);
    const before = await names();
    const dayOf = (age: number) => new Date(base - age * DAY).toISOString().slice(0, 10).replaceAll('-', '');
    expect(before).toEqual(
      expect.arrayContaining([`events_p${dayOf(95)}`, `events_p${dayOf(91)}`, `events_p${dayOf(31)}`]),
    );
    const result = await purgeOldData();
    const after = await names();
    // Days older than 90 (PRO, the longest) are gone whole; the 31-day-old one stays for PRO.
    for (const age of [91, 95])
      for (const t of ['events', 'transactions', 'spans', 'logs']) {
        expect(result.droppedPartitions).toContain(`${t}_p${dayOf(age)}`);
        expect(after).not.toContain(`${t}_p${dayOf(age)}`);
      }
    expect(after).toContain(`events_p${dayOf(31)}`);
    // Metric points are kept 14 days at most (PRO): their older days go whole, the day before stays (#61).
    expect(result.droppedPartitions).toContain(`metric_points_p${dayOf(31)}`);
    expect(after).toContain(`metric_points_p${dayOf(1)}`);
    expect(after.filter((n) => n.endsWith(dayOf(89)))).toHaveLength(4);
    expect(await whereIs('events', free.projectId)).toEqual([`events_p${dayOf(1)}`]);
    expect(await whereIs('transactions', free.projectId)).toEqual([`transactions_p${dayOf(1)}`]);
    expect(await whereIs('events', pro.projectId)).toEqual([`events_p${dayOf(31)}`, `events_p${dayOf(1)}`]);
    expect(result.FREE.events).toBe(1);
    expect((await db.issue.findFirstOrThrow({ where: { projectId: free.projectId } })).eventCount).toBe(4);
  });
});
