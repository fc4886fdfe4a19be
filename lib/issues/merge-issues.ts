// Merge (#30): issues the grouping split go into one. Their events, counts, rollups, comments and activity move to
// the target, and each merged fingerprint becomes an alias of the target, so ingest sends its later events there
// (lib/ingest/admit/resolve-key.ts reads the aliases with the key). A batch that computed its fingerprints before the
// aliases reached its instance (at once on this one, within the key cache's 5 s on others) may recreate a merged
// issue: the sweep (every minute, and 10 s after a merge) merges such leftovers into their alias's target.
// Unmerge is not offered: events do not remember the fingerprint they came with.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { clock } from '@/lib/clock';
import { notFound, validationError } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { keysChanged } from '@/lib/key-changes';
import { lockIssues } from './update-issue-status';
import { serializeIssue } from './serialize';

export const mergeIssuesSchema = z.object({
  ids: z
    .array(z.string().min(1).max(64))
    .min(2, 'Give at least two issues to merge')
    .max(100, 'At most 100 issues at a time'),
  /** The issue the others go into; by default the one with the most events. */
  targetId: z.string().min(1).max(64).optional(),
});

/** Moves everything of `sourceId` into `targetId` and deletes it, leaving its fingerprint as an alias. Both are locked. */
async function moveInto(
  tx: Tx,
  projectId: string,
  sourceId: string,
  targetId: string,
  actorId: string | null,
): Promise<void> {
  const [source] = await tx.$queryRaw<
    { fingerprint: string; event_count: number; first_seen: Date; last_seen: Date }[]
  >`
    SELECT fingerprint, event_count, first_seen, last_seen FROM issues WHERE id = ${sourceId}`;
  if (!source) return;
  await tx.$executeRaw`UPDATE events SET issue_id = ${targetId} WHERE issue_id = ${sourceId}`;
  await tx.$executeRaw`
    INSERT INTO issue_hourly_counts AS h (issue_id, hour, count)
    SELECT ${targetId}, hour, count FROM issue_hourly_counts WHERE issue_id = ${sourceId} ORDER BY hour
    ON CONFLICT (issue_id, hour) DO UPDATE SET count = h.count + EXCLUDED.count`;
  await tx.$executeRaw`
    INSERT INTO issue_users (issue_id, user_hash)
    SELECT ${targetId}, user_hash FROM issue_users WHERE issue_id = ${sourceId} ORDER BY user_hash ON CONFLICT DO NOTHING`;
  await tx.$executeRaw`
    INSERT INTO issue_tag_values AS v (issue_id, key, value, count)
    SELECT ${targetId}, key, value, count FROM issue_tag_values WHERE issue_id = ${sourceId} ORDER BY key, value
    ON CONFLICT (issue_id, key, value) DO UPDATE SET count = v.count + EXCLUDED.count`;
  await tx.$executeRaw`
    INSERT INTO issue_tag_keys AS k (issue_id, key, distinct_values, other)
    SELECT ${targetId}, key, 0, other FROM issue_tag_keys WHERE issue_id = ${sourceId} ORDER BY key
    ON CONFLICT (issue_id, key) DO UPDATE SET other = k.other + EXCLUDED.other`;
  await tx.$executeRaw`UPDATE issue_comments SET issue_id = ${targetId} WHERE issue_id = ${sourceId}`;
  await tx.$executeRaw`UPDATE issue_activities SET issue_id = ${targetId} WHERE issue_id = ${sourceId}`;
  await tx.$executeRaw`UPDATE issue_fingerprint_aliases SET issue_id = ${targetId} WHERE issue_id = ${sourceId}`;
  await tx.$executeRaw`
    INSERT INTO issue_fingerprint_aliases (project_id, fingerprint, issue_id) VALUES (${projectId}, ${source.fingerprint}, ${targetId})
    ON CONFLICT (project_id, fingerprint) DO UPDATE SET issue_id = EXCLUDED.issue_id`;
  await tx.$executeRaw`
    UPDATE issues SET event_count = event_count + ${source.event_count}, first_seen = LEAST(first_seen, ${source.first_seen}),
           last_seen = GREATEST(last_seen, ${source.last_seen}), updated_at = ${clock.now()}
     WHERE id = ${targetId}`;
  await tx.issueActivity.create({ data: { issueId: targetId, actorId, type: 'MERGED', createdAt: clock.now() } });
  await tx.$executeRaw`DELETE FROM issues WHERE id = ${sourceId}`;
}

/** Recounts what the moves added up: the target's distinct users and distinct values per tag key. */
async function recountTarget(tx: Tx, targetId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO issue_user_counts AS c (issue_id, project_id, users)
    SELECT ${targetId}, i.project_id, (SELECT count(*)::int FROM issue_users WHERE issue_id = ${targetId}) FROM issues i WHERE i.id = ${targetId}
    ON CONFLICT (issue_id) DO UPDATE SET users = EXCLUDED.users`;
  await tx.$executeRaw`
    UPDATE issue_tag_keys k SET distinct_values = (SELECT count(*)::int FROM issue_tag_values v WHERE v.issue_id = k.issue_id AND v.key = k.key)
     WHERE k.issue_id = ${targetId}`;
}

/** Merges the issues `ids` of the project into one (the target, or the one with the most events). */
export async function mergeIssues(t: ProjectTenant, input: z.infer<typeof mergeIssuesSchema>) {
  const ids = [...new Set([...input.ids, ...(input.targetId ? [input.targetId] : [])])];
  if (ids.length < 2) throw validationError([{ path: ['ids'], message: 'Give at least two issues to merge' }]);
  const target = await db.$transaction(async (tx) => {
    // Locked in the ingest batch statement's order, so concurrent batches queue instead of deadlocking.
    const locked = await lockIssues(tx, t, ids);
    if (locked.length !== ids.length) throw notFound('Issue');
    const counts = await tx.issue.findMany({
      where: { id: { in: ids } },
      select: { id: true, eventCount: true, firstSeen: true },
    });
    const targetId =
      input.targetId ??
      [...counts].sort(
        (a, b) =>
          b.eventCount - a.eventCount || a.firstSeen.getTime() - b.firstSeen.getTime() || a.id.localeCompare(b.id),
      )[0].id;
    for (const id of ids) if (id !== targetId) await moveInto(tx, t.projectId, id, targetId, t.userId);
    await recountTarget(tx, targetId);
    return tx.issue.findUniqueOrThrow({ where: { id: targetId } });
  });
  await announceAliases(t.projectId);
  // Batches that were computing their fingerprints during the merge are folded in shortly after.
  setTimeout(() => void sweepMergedFingerprints(t.projectId).catch(() => undefined), 10_000).unref();
  return { issue: serializeIssue(target), merged: ids.filter((id) => id !== target.id) };
}

async function announceAliases(projectId: string): Promise<void> {
  const keys = await db.projectKey.findMany({ where: { projectId }, select: { publicKey: true } });
  keysChanged(keys.map((k) => k.publicKey));
}

/**
 * Issues recreated under a merged fingerprint (by a batch that had not seen the alias yet) go into the alias's
 * target. Returns how many were folded in.
 */
export async function sweepMergedFingerprints(projectId?: string): Promise<number> {
  const strays = await db.$queryRaw<{ id: string; target: string; project_id: string }[]>`
    SELECT i.id, a.issue_id AS target, i.project_id FROM issue_fingerprint_aliases a
      JOIN issues i ON i.project_id = a.project_id AND i.fingerprint = a.fingerprint
     WHERE a.issue_id <> i.id ${projectId ? Prisma.sql`AND a.project_id = ${projectId}` : Prisma.empty}`;
  for (const s of strays) {
    await db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM issues WHERE id IN (${s.id}, ${s.target}) ORDER BY project_id, fingerprint FOR UPDATE`;
      if (locked.length !== 2) return;
      await moveInto(tx, s.project_id, s.id, s.target, null);
      await recountTarget(tx, s.target);
    });
  }
  return strays.length;
}
