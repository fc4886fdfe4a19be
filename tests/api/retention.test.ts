import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { purgeOldData, retentionDays } from '@/lib/retention/purge-old-data';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { purgeExpiredAccounts } from '@/lib/retention/purge-expired-accounts';
import { TestClient } from '../support/client';
import { uniqueEmail, PASSWORD } from '../support/accounts';
import {
  dropPartitionsBefore,
  ensurePartitions,
  ensurePartitionsAhead,
  listPartitions,
  PARTITION_DAYS_AHEAD,
} from '@/lib/retention/partitions';
import { handleIngest } from '@/lib/ingest/protocols/native';
import { errorEnvelope, transactionEnvelope } from './ingest-helpers';
import { stopJobs } from '@/lib/jobs/boss';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 5, 15, 12);

afterEach(() => clock.reset());

async function seed(plan: 'FREE' | 'PRO', ageDays: number[]) {
  const { client, orgId } = await signUp();
  await setPlan(orgId, plan);
  const p = await createProject(client);
  const issue = await db.issue.create({
    data: {
      projectId: p.id,
      fingerprint: 'f',
      title: 'E: x',
      firstSeen: new Date(NOW - 100 * DAY),
      lastSeen: new Date(NOW),
      eventCount: ageDays.length,
    },
  });
  for (const age of ageDays) {
    // Received at that age: retention ages rows by receipt time.
    const timestamp = new Date(NOW - age * DAY);
    await db.event.create({
      data: {
        issueId: issue.id,
        projectId: p.id,
        level: 'ERROR',
        message: `age ${age}`,
        timestamp,
        receivedAt: timestamp,
      },
    });
    await db.transaction.create({
      data: { projectId: p.id, name: `age ${age}`, duration: 1, timestamp, receivedAt: timestamp },
    });
  }
  return { projectId: p.id, issueId: issue.id, orgId };
}

async function remaining(projectId: string) {
  const ev = await db.event.findMany({
    where: { projectId },
    select: { message: true },
    orderBy: { timestamp: 'desc' },
  });
  const tx = await db.transaction.findMany({
    where: { projectId },
    select: { name: true },
    orderBy: { timestamp: 'desc' },
  });
  return { events: ev.map((e) => e.message), transactions: tx.map((t) => t.name) };
}

describe('retention', () => {
  it('defaults to 30 days on FREE and 90 on PRO, overridable by environment', () => {
    expect(retentionDays('FREE')).toBe(30);
    expect(retentionDays('PRO')).toBe(90);
    process.env.RETENTION_DAYS_FREE = '7';
    try {
      expect(retentionDays('FREE')).toBe(7);
    } finally {
      delete process.env.RETENTION_DAYS_FREE;
    }
  });

  it('removes exactly the rows older than each plan allows, in batches, and keeps issue counts', async () => {
    clock.set(NOW);
    const free = await seed('FREE', [1, 29, 31, 60, 95]);
    const pro = await seed('PRO', [1, 29, 31, 60, 89, 91, 120]);
    // Scoped to this test's organizations: other test files share the database.
    const result = await purgeOldData({ batchSize: 2, orgIds: [free.orgId, pro.orgId] });
    expect(await remaining(free.projectId)).toEqual({ events: ['age 1', 'age 29'], transactions: ['age 1', 'age 29'] });
    expect(await remaining(pro.projectId)).toEqual({
      events: ['age 1', 'age 29', 'age 31', 'age 60', 'age 89'],
      transactions: ['age 1', 'age 29', 'age 31', 'age 60', 'age 89'],
    });
    expect(result.FREE).toMatchObject({ events: 3, transactions: 3 });
    expect(result.PRO).toMatchObject({ events: 2, transactions: 2 });
    expect((await db.issue.findUniqueOrThrow({ where: { id: free.issueId } })).eventCount).toBe(5);
    expect((await db.issue.findUniqueOrThrow({ where: { id: pro.issueId } })).eventCount).toBe(7);
  });
});

describe('release health, feedback and attachments age out like events', () => {
  it("hourly session counts, users not seen, feedback and attachments older than the plan's days are removed; the rest stay", async () => {
    clock.set(NOW);
    const { client, orgId } = await signUp();
    await setPlan(orgId, 'FREE');
    const p = await createProject(client);
    for (const age of [1, 31]) {
      const hour = new Date(NOW - age * DAY);
      await pool().query(
        `INSERT INTO session_hourly (project_id, release, environment, hour, started) VALUES ($1, 'app@1', 'production', $2, 1)`,
        [p.id, hour],
      );
      await pool().query(
        `INSERT INTO session_release_users (project_id, release, environment, user_hash, last_day) VALUES ($1, 'app@1', 'production', md5($3)::uuid, $2::date)`,
        [p.id, hour.toISOString().slice(0, 10), `user-${age}`],
      );
    }
    for (const age of [1, 31]) {
      const at = new Date(NOW - age * DAY);
      await pool().query(
        `INSERT INTO feedback (project_id, event_id, message, source, created_at) VALUES ($1, md5($2), $2, 'api', $3)`,
        [p.id, `feedback ${age}`, at],
      );
      const { rows } = await pool().query<{ id: string }>(
        `INSERT INTO attachments (project_id, event_id, filename, content_type, attachment_type, size, storage, created_at) VALUES ($1, md5($2), $2, 'text/plain', 'event.attachment', 1, 'pg', $3) RETURNING id`,
        [p.id, `file ${age}`, at],
      );
      await pool().query(`INSERT INTO attachment_blobs (attachment_id, data) VALUES ($1, 'x')`, [rows[0].id]);
    }
    await purgeOldData({ orgIds: [orgId] });
    const kept = await pool().query(
      `SELECT (SELECT array_agg(message) FROM feedback WHERE project_id = $1) AS feedback, (SELECT array_agg(filename) FROM attachments WHERE project_id = $1) AS files,
              (SELECT count(*)::int FROM attachment_blobs b JOIN attachments a ON a.id = b.attachment_id WHERE a.project_id = $1) AS blobs`,
      [p.id],
    );
    expect(kept.rows[0]).toEqual({ feedback: ['feedback 1'], files: ['file 1'], blobs: 1 });
    const left = await pool().query(
      `SELECT (SELECT array_agg(started) FROM session_hourly WHERE project_id = $1) AS hours, (SELECT count(*)::int FROM session_release_users WHERE project_id = $1) AS users`,
      [p.id],
    );
    expect(left.rows[0]).toEqual({ hours: [1], users: 1 });
  });
});

describe('retention ages rows by receipt time', () => {
  it('a row the client dated 9999-12-31 goes when its receipt is old; a row dated long ago but just received stays', async () => {
    clock.set(NOW);
    const { client, orgId } = await signUp();
    const p = await createProject(client);
    const issue = await db.issue.create({
      data: { projectId: p.id, fingerprint: 'f', title: 'E: x', firstSeen: new Date(NOW), lastSeen: new Date(NOW) },
    });
    const future = new Date(Date.UTC(9999, 11, 31));
    const old = new Date(NOW - 45 * DAY);
    const fresh = new Date(NOW - 1 * DAY);
    await db.event.create({
      data: {
        issueId: issue.id,
        projectId: p.id,
        level: 'ERROR',
        message: 'future, received long ago',
        timestamp: future,
        receivedAt: old,
      },
    });
    await db.event.create({
      data: {
        issueId: issue.id,
        projectId: p.id,
        level: 'ERROR',
        message: 'dated long ago, received now',
        timestamp: old,
        receivedAt: fresh,
      },
    });
    await db.transaction.create({
      data: { projectId: p.id, name: 'future, received long ago', duration: 1, timestamp: future, receivedAt: old },
    });
    await db.transaction.create({
      data: { projectId: p.id, name: 'dated long ago, received now', duration: 1, timestamp: old, receivedAt: fresh },
    });
    await purgeOldData({ orgIds: [orgId] });
    expect(await remaining(p.id)).toEqual({
      events: ['dated long ago, received now'],
      transactions: ['dated long ago, received now'],
    });
  });
});

describe('expired sign-ups, reset links and throttle counters', () => {
  it('are removed by the daily job; live ones and verified accounts stay', async () => {
    const stale = uniqueEmail('stale');
    const live = uniqueEmail('live');
    await new TestClient().post('/api/v1/auth/register', { name: 'Stale', email: stale, password: PASSWORD });
    const verified = await signUp();
    clock.advance(10 * 60 * 1000 + 1000);
    await new TestClient().post('/api/v1/auth/register', { name: 'Live', email: live, password: PASSWORD });
    await db.throttleCounter.create({
      data: { key: `test:ended:${stale}`, count: 9, windowEndsAt: new Date(Date.now() - 1000) },
    });
    await db.throttleCounter.create({
      data: { key: `test:running:${stale}`, count: 9, windowEndsAt: new Date(Date.now() + 60_000) },
    });
    const orgOf = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email } })).orgId!;
    const staleOrg = await orgOf(stale);
    // Scoped to this test's organizations: other test files share the database.
    const result = await purgeExpiredAccounts({ orgIds: [staleOrg, await orgOf(live), verified.orgId] });
    expect(result.pendingAccounts).toBe(1);
    expect(await db.user.count({ where: { email: stale } })).toBe(0);
    expect(await db.organization.count({ where: { id: staleOrg } })).toBe(0);
    expect(await db.user.count({ where: { email: { in: [live, verified.email] } } })).toBe(2);
    expect(
      (await db.throttleCounter.findMany({ where: { key: { startsWith: 'test:', endsWith: stale } } })).map(
        (r) => r.key,
      ),
    ).toEqual([`test:running:${stale}`]);
  });
});

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

describe('retention schedule', () => {
  it('is scheduled daily in UTC on the durable job queue', async () => {
    try {
      await startJob(QUEUES.retention);
      await startJob(QUEUES.partitions);
      const { rows } = await pool().query(`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'retention'`);
      expect(rows).toEqual([{ name: 'retention', cron: '17 3 * * *', timezone: 'UTC' }]);
      const hourly = await pool().query(`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'partitions'`);
      expect(hourly.rows).toEqual([{ name: 'partitions', cron: '7 * * * *', timezone: 'UTC' }]);
    } finally {
      await stopJobs();
    }
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
      days.flatMap((d) => [`events_p${d}`, `transactions_p${d}`, `spans_p${d}`, `logs_p${d}`]).sort(),
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
    expect(after.filter((n) => n.endsWith(dayOf(89)))).toHaveLength(4);
    expect(await whereIs('events', free.projectId)).toEqual([`events_p${dayOf(1)}`]);
    expect(await whereIs('transactions', free.projectId)).toEqual([`transactions_p${dayOf(1)}`]);
    expect(await whereIs('events', pro.projectId)).toEqual([`events_p${dayOf(31)}`, `events_p${dayOf(1)}`]);
    expect(result.FREE.events).toBe(1);
    expect((await db.issue.findFirstOrThrow({ where: { projectId: free.projectId } })).eventCount).toBe(4);
  });
});
