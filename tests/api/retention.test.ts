// Retention: each plan's days, rows aged by receipt time (release health, feedback and attachments too), expired
// sign-ups and links, the daily schedule. Purges over every organization, which drop partitions:
// retention-partitions.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { purgeOldData, retentionDays } from '@/lib/retention/purge-old-data';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import { purgeExpiredAccounts } from '@/lib/retention/purge-expired-accounts';
import { TestClient } from '../support/client';
import { uniqueEmail, PASSWORD } from '../support/accounts';
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
