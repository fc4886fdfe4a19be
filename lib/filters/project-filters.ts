// A project's inbound filters and discarded fingerprints: read and changed from its settings. Ingest reads both
// with the key (lib/ingest/admit/resolve-key.ts); a change drops this instance's cached keys of the project at once.
import { z } from 'zod';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { AppError, notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { keysChanged } from '@/lib/key-changes';
import { filtersOf, updateInboundFiltersSchema } from '@/lib/ingest/enrich/inbound-filters';

/** How many fingerprints a project may discard (each is checked on every event, from memory). */
export const MAX_DISCARDED = 1_000;

async function projectOf(t: ProjectTenant) {
  const p = await db.project.findFirst({
    where: { id: t.projectId, orgId: t.orgId },
    select: {
      id: true,
      slug: true,
      inboundFilters: true,
      spikeProtection: true,
      keys: { select: { publicKey: true } },
    },
  });
  if (!p) throw notFound('Project');
  return p;
}

async function discardedOf(projectId: string) {
  const rows = await db.discardedFingerprint.findMany({ where: { projectId }, orderBy: { createdAt: 'desc' } });
  return rows.map((r) => ({ fingerprint: r.fingerprint, title: r.title, discardedAt: r.createdAt.toISOString() }));
}

export async function getProjectFilters(t: ProjectTenant) {
  const p = await projectOf(t);
  return {
    filters: filtersOf(p.inboundFilters),
    spikeProtection: p.spikeProtection,
    discarded: await discardedOf(p.id),
  };
}

export async function updateProjectFilters(t: ProjectTenant, input: z.infer<typeof updateInboundFiltersSchema>) {
  const p = await projectOf(t);
  const { spikeProtection, ...changes } = input;
  const filters = { ...filtersOf(p.inboundFilters), ...changes };
  const updated = await db.project.update({
    where: { id: p.id },
    data: {
      inboundFilters: filters as Prisma.InputJsonValue,
      ...(spikeProtection !== undefined ? { spikeProtection } : {}),
    },
    select: { spikeProtection: true },
  });
  keysChanged(p.keys.map((k) => k.publicKey));
  return { filters, spikeProtection: updated.spikeProtection, discarded: await discardedOf(p.id) };
}

/** Undoes a "delete and discard": the fingerprint's events are stored again (a new issue). */
export async function undiscard(t: ProjectTenant, fingerprint: string) {
  const p = await projectOf(t);
  await db.$transaction(async (tx) => {
    const row = await tx.discardedFingerprint.findUnique({
      where: { projectId_fingerprint: { projectId: p.id, fingerprint } },
    });
    const { count } = await tx.discardedFingerprint.deleteMany({ where: { projectId: p.id, fingerprint } });
    if (count === 0) throw notFound('Discarded issue');
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'issue.undiscarded',
      target: { type: 'fingerprint', id: fingerprint, label: row?.title ?? null },
      changes: { project: p.slug },
    });
  });
  keysChanged(p.keys.map((k) => k.publicKey));
}

/**
 * Deletes an issue with its events, comments, activity and rollups (one cascade); with `discard`, its fingerprint's
 * later events are dropped before the quota, counted as filtered (discarded_hash) on the Stats page.
 */
export async function deleteIssue(
  t: ProjectTenant,
  issueId: string,
  opts: { discard: boolean; userId: string | null },
) {
  const p = await projectOf(t);
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId: p.id },
    select: { id: true, fingerprint: true, title: true, eventCount: true },
  });
  if (!issue) throw notFound('Issue');
  if (opts.discard && (await db.discardedFingerprint.count({ where: { projectId: p.id } })) >= MAX_DISCARDED) {
    throw new AppError(
      'BAD_REQUEST',
      `A project can discard at most ${MAX_DISCARDED} issues: undo some in the project's settings first`,
    );
  }
  await db.$transaction(async (tx) => {
    if (opts.discard) {
      await tx.discardedFingerprint.upsert({
        where: { projectId_fingerprint: { projectId: p.id, fingerprint: issue.fingerprint } },
        create: { projectId: p.id, fingerprint: issue.fingerprint, title: issue.title, discardedBy: opts.userId },
        update: {},
      });
      await recordAudit(tx, {
        orgId: t.orgId,
        action: 'issue.discarded',
        target: { type: 'issue', id: issue.id, label: issue.title },
        changes: { project: p.slug, fingerprint: issue.fingerprint, eventsDeleted: issue.eventCount },
      });
    }
    await tx.issue.delete({ where: { id: issue.id } });
  });
  if (opts.discard) keysChanged(p.keys.map((k) => k.publicKey));
  return { id: issue.id, eventsDeleted: issue.eventCount, discarded: opts.discard };
}
