import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { purgeOldData, retentionDays } from '@/lib/retention/purge-old-data';
import { startRetentionJob } from '@/lib/retention/retention-job';
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
    data: { projectId: p.id, fingerprint: 'f', title: 'E: x', firstSeen: new Date(NOW - 100 * DAY), lastSeen: new Date(NOW), eventCount: ageDays.length },
  });
  for (const age of ageDays) {
    const timestamp = new Date(NOW - age * DAY);
    await db.event.create({ data: { issueId: issue.id, projectId: p.id, level: 'ERROR', message: `age ${age}`, timestamp } });
    await db.transaction.create({ data: { projectId: p.id, name: `age ${age}`, duration: 1, timestamp } });
  }
  return { projectId: p.id, issueId: issue.id, orgId };
}

async function remaining(projectId: string) {
  const ev = await db.event.findMany({ where: { projectId }, select: { message: true }, orderBy: { timestamp: 'desc' } });
  const tx = await db.transaction.findMany({ where: { projectId }, select: { name: true }, orderBy: { timestamp: 'desc' } });
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

describe('retention schedule', () => {
  it('is scheduled daily in UTC on the durable job queue', async () => {
    try {
      await startRetentionJob();
      const { rows } = await pool().query(`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'retention'`);
      expect(rows).toEqual([{ name: 'retention', cron: '17 3 * * *', timezone: 'UTC' }]);
    } finally {
      await stopJobs();
    }
  });
});
