// Erasure requests (#48, docs/erasure.md): the preview, the request (a row, its audit entry, a job), the job that
// runs it with progress, and the request as the API shows it. The identifier lives in the row only while the job
// runs; the audit log and the report name it by its hash.
import { z } from 'zod';
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { logger } from '@/lib/log';
import { recordAudit } from '@/lib/audit/record-audit';
import { getBoss, notifyWorkers } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import type { Prisma } from '@/lib/generated/prisma/client';
import { erasureTarget, hashTarget, type ErasureKind, type ErasureTarget } from './erasure-match';
import {
  countMatches,
  eraseIdentity,
  ERASURE_TABLES,
  identityFor,
  orgProjectIds,
  totalsOf,
  type EraseResult,
  type ProjectCounts,
  type TableCounts,
} from './erasure-run';

export { erasureTarget };
export const erasureParams = z.object({ erasureId: z.string().min(1).max(64) });

type ErasureJob = { erasureId: string };
type Progress = Partial<Record<keyof TableCounts, { done: number; total: number }>>;

async function projectNames(orgId: string): Promise<Map<string, string>> {
  const rows = await db.project.findMany({ where: { orgId }, select: { id: true, name: true } });
  return new Map(rows.map((p) => [p.id, p.name]));
}

/** Per project (by name, largest first) and in total. */
function byProject(counts: ProjectCounts, names: Map<string, string>) {
  return {
    projects: Object.entries(counts)
      .map(([projectId, c]) => ({ projectId, name: names.get(projectId) ?? projectId, counts: c }))
      .sort((a, b) => sum(b.counts) - sum(a.counts) || a.name.localeCompare(b.name)),
    totals: totalsOf(counts),
  };
}
const sum = (c: TableCounts) => Object.values(c).reduce((a, b) => a + b, 0);

/** What references the identifier across the organization's projects, and the identifiers found with it. */
export async function previewErasure(tenant: OrgTenant, target: ErasureTarget) {
  const projectIds = await orgProjectIds(tenant.orgId);
  const identity = await identityFor(projectIds, target);
  const counts = await countMatches(projectIds, identity);
  return {
    kind: target.kind,
    identifiers: { userIds: identity.ids, emails: identity.emails, usernames: identity.usernames, ips: identity.ips },
    ...byProject(counts, await projectNames(tenant.orgId)),
  };
}

/** Records the request and its audit entry together, then queues the job; answers the request as GET does. */
export async function requestErasure(tenant: OrgTenant, target: ErasureTarget) {
  const valueHash = hashTarget(target);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.erasure.create({
      data: { orgId: tenant.orgId, kind: target.kind, value: target.value, valueHash, requestedById: tenant.userId },
    });
    await recordAudit(tx, {
      orgId: tenant.orgId,
      action: 'erasure.requested',
      target: { type: 'erasure', id: created.id, label: labelOf(target.kind, valueHash) },
      changes: { kind: target.kind, valueHash },
    });
    return created;
  });
  const boss = await getBoss();
  await boss.send(QUEUES.erasure, { erasureId: row.id } satisfies ErasureJob);
  notifyWorkers(QUEUES.erasure);
  return serializeErasure(row, await projectNames(tenant.orgId));
}

/** The organization's erasure: another organization's id is not found. */
export async function getErasure(tenant: OrgTenant, erasureId: string) {
  const row = await db.erasure.findFirst({ where: { id: erasureId, orgId: tenant.orgId } });
  if (!row) throw notFound('Erasure');
  return serializeErasure(row, await projectNames(tenant.orgId));
}

/** The organization's erasures, newest first. */
export async function listErasures(tenant: OrgTenant) {
  const rows = await db.erasure.findMany({ where: { orgId: tenant.orgId }, orderBy: { createdAt: 'desc' }, take: 50 });
  const names = await projectNames(tenant.orgId);
  return rows.map((r) => serializeErasure(r, names));
}

const labelOf = (kind: string, hash: string) => `${kind} sha256:${hash.slice(0, 12)}`;

type Row = Prisma.ErasureGetPayload<object>;
type Report = EraseResult;

function serializeErasure(r: Row, names: Map<string, string>) {
  const report = r.report as Report | null;
  return {
    id: r.id,
    kind: r.kind as ErasureKind,
    valueHash: r.valueHash,
    status: r.status as 'queued' | 'running' | 'done' | 'failed',
    progress: r.progress as Progress,
    report: report
      ? {
          ...byProject(report.removed, names),
          issuesDeleted: report.issuesDeleted,
          issuesUpdated: report.issuesUpdated,
          issuesRenamed: report.issuesRenamed ?? 0,
        }
      : null,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
export type ErasureView = ReturnType<typeof serializeErasure>;
export type ErasurePreview = Awaited<ReturnType<typeof previewErasure>>;

/** Runs one erasure: counts what is there, deletes it batch by batch with progress, then reports and forgets the value. */
export async function runErasure(erasureId: string): Promise<void> {
  const row = await db.erasure.findUnique({ where: { id: erasureId } });
  if (!row || row.status === 'done' || row.value === null) return;
  const target = { kind: row.kind as ErasureKind, value: row.value };
  const projectIds = await orgProjectIds(row.orgId);
  const identity = await identityFor(projectIds, target);
  // A retry carries on: what an earlier attempt removed (kept in `removed` after each batch) counts in the report.
  const earlier = (row.removed ?? {}) as ProjectCounts;
  const withEarlier = (done: ProjectCounts) => mergeCounts(earlier, done);
  const remaining = totalsOf(await countMatches(projectIds, identity));
  const before = totalsOf(earlier);
  const progressOf = (done: ProjectCounts): Progress => {
    const d = totalsOf(done);
    // A row written between the count and its batch may make done pass total: the total grows with it.
    return Object.fromEntries(
      ERASURE_TABLES.map((t) => [t, { done: d[t], total: Math.max(before[t] + remaining[t], d[t]) }]),
    ) as Progress;
  };
  await db.erasure.update({
    where: { id: erasureId },
    data: { status: 'running', startedAt: row.startedAt ?? new Date(), error: null, progress: progressOf(earlier) },
  });
  try {
    const erased = await eraseIdentity(projectIds, identity, async (done) => {
      const all = withEarlier(done);
      await db.erasure.update({
        where: { id: erasureId },
        data: { progress: progressOf(all), removed: all as Prisma.InputJsonObject },
      });
    });
    const result = { ...erased, removed: withEarlier(erased.removed) };
    const removed = totalsOf(result.removed);
    await db.$transaction(async (tx) => {
      await tx.erasure.update({
        where: { id: erasureId },
        data: {
          status: 'done',
          value: null,
          finishedAt: new Date(),
          progress: progressOf(result.removed),
          removed: result.removed as Prisma.InputJsonObject,
          report: result as unknown as Prisma.InputJsonObject,
        },
      });
      await recordAudit(tx, {
        orgId: row.orgId,
        action: 'erasure.completed',
        target: { type: 'erasure', id: row.id, label: labelOf(row.kind, row.valueHash) },
        changes: {
          ...removed,
          issuesDeleted: result.issuesDeleted,
          issuesUpdated: result.issuesUpdated,
          issuesRenamed: result.issuesRenamed,
        },
        actor: row.requestedById ? { userId: row.requestedById } : undefined,
      });
    });
  } catch (err) {
    logger.error({ err, erasureId }, '[erasure] failed');
    await db.erasure.update({
      where: { id: erasureId },
      data: { status: 'failed', error: 'The erasure stopped on an error; it is retried automatically.' },
    });
    throw err;
  }
}

function mergeCounts(a: ProjectCounts, b: ProjectCounts): ProjectCounts {
  const out: ProjectCounts = {};
  for (const side of [a, b])
    for (const [p, c] of Object.entries(side)) {
      const t = (out[p] ??= Object.fromEntries(ERASURE_TABLES.map((k) => [k, 0])) as TableCounts);
      for (const k of ERASURE_TABLES) t[k] += c[k] ?? 0;
    }
  return out;
}
