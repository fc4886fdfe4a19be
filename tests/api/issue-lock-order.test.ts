// Issue row locks are always taken in one order, (project, fingerprint), the order the ingest batch statement locks
// the issues it touches in: a bulk status change running beside a batch on the same issues queues behind it
// instead of deadlocking (PostgreSQL would abort one of the two after deadlock_timeout).
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { waitUntil } from '../support/wait';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { bulkUpdateIssues } from '@/lib/issues/bulk-update-issues';

async function issue(projectId: string, id: string, fingerprint: string) {
  const now = new Date();
  await db.issue.create({
    data: { id, projectId, fingerprint, title: `Error: ${fingerprint}`, firstSeen: now, lastSeen: now, eventCount: 1 },
  });
}

describe('issue lock order', () => {
  it('a bulk status change waits behind a transaction locking the same issues in ingest order, and both finish', async () => {
    const { client, user, orgId } = await signUp();
    const project = await createProject(client);
    // Id order and fingerprint order disagree: locking by id would take Y first, the batch order takes X first.
    const suffix = crypto.randomUUID();
    const X = `zz-${suffix}`;
    const Y = `aa-${suffix}`;
    await issue(project.id, X, 'fp-a');
    await issue(project.id, Y, 'fp-b');

    // What the ingest batch statement does: lock the touched issues by (project, fingerprint), then update them.
    const batch = await pool().connect();
    try {
      await batch.query('BEGIN');
      await batch.query(`SELECT id FROM issues WHERE id = $1 FOR UPDATE`, [X]);

      const bulk = bulkUpdateIssues(
        { orgId, userId: user.id, role: 'OWNER', projectId: project.id },
        { ids: [X, Y], status: 'RESOLVED' },
      );
      // The bulk change is now waiting on X, holding nothing the batch still needs.
      const waiting = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE OF i%' AND query LIKE '%ANY(%'`;
      await waitUntil(async () => (await pool().query(waiting)).rows[0].n > 0);

      await batch.query(`SELECT id FROM issues WHERE id = $1 FOR UPDATE`, [Y]);
      await batch.query(`UPDATE issues SET event_count = event_count + 1 WHERE id = ANY($1::text[])`, [[X, Y]]);
      await batch.query('COMMIT');

      expect(await bulk).toEqual({ updated: 2 });
    } finally {
      batch.release();
    }
    const rows = await db.issue.findMany({ where: { id: { in: [X, Y] } }, select: { status: true, eventCount: true } });
    expect(rows).toEqual([
      { status: 'RESOLVED', eventCount: 2 },
      { status: 'RESOLVED', eventCount: 2 },
    ]);
  });
});
