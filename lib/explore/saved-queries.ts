// Saved Explore queries (#61): shared in the organization. Every member lists and opens them; their creator, or an
// ADMIN or OWNER, renames, changes or deletes them; each change is in the audit log. Another organization's query
// is not found, and nothing of it changes.
import type { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { roleAtLeast, roleRequired } from '@/lib/orgs/roles';
import { checkExploreQuery } from './run-explore';
import { exploreQuerySchema, type savedQueryBody, type savedQueryPatch } from '@/lib/zod/explore';

const SELECT = {
  id: true,
  name: true,
  query: true,
  chart: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { id: true, name: true, email: true } },
} as const;

type Stored = Prisma.ExploreSavedQueryGetPayload<{ select: typeof SELECT }>;

function serialize(s: Stored, t: OrgTenant) {
  // Stored after its check; read through it again so an older shape comes back with today's defaults.
  const query = exploreQuerySchema.safeParse(s.query);
  return {
    id: s.id,
    name: s.name,
    query: query.success ? query.data : s.query,
    chart: s.chart,
    createdBy: s.createdBy,
    canEdit: mayEdit(t, s.createdBy?.id ?? null),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

const mayEdit = (t: OrgTenant, creatorId: string | null) =>
  roleAtLeast(t.role, 'ADMIN') || (t.userId !== null && t.userId === creatorId);

export async function listSavedQueries(t: OrgTenant) {
  const rows = await db.exploreSavedQuery.findMany({
    where: { orgId: t.orgId },
    select: SELECT,
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: 500,
  });
  return rows.map((r) => serialize(r, t));
}

export async function getSavedQuery(t: OrgTenant, id: string) {
  const row = await db.exploreSavedQuery.findFirst({ where: { id, orgId: t.orgId }, select: SELECT });
  if (!row) throw notFound('Saved query');
  return serialize(row, t);
}

export async function createSavedQuery(t: OrgTenant, body: z.infer<typeof savedQueryBody>) {
  await checkExploreQuery(t, body.query);
  return db.$transaction(async (tx) => {
    const row = await tx.exploreSavedQuery.create({
      data: { orgId: t.orgId, createdById: t.userId, name: body.name, query: body.query, chart: body.chart },
      select: SELECT,
    });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'explore.query_saved',
      target: { type: 'explore_query', id: row.id, label: row.name },
      changes: { dataset: body.query.dataset, chart: body.chart },
    });
    return serialize(row, t);
  });
}

/** The query, locked, if it is the organization's; editing it needs its creator or an ADMIN (403 naming it). */
async function lockEditable(tx: Tx, t: OrgTenant, id: string) {
  const [row] = await tx.$queryRaw<{ name: string; chart: string; created_by_id: string | null; query: unknown }[]>`
    SELECT name, chart, created_by_id, query FROM explore_saved_queries WHERE id = ${id} AND org_id = ${t.orgId} FOR UPDATE`;
  if (!row) throw notFound('Saved query');
  if (!mayEdit(t, row.created_by_id)) throw roleRequired('ADMIN');
  return row;
}

export async function updateSavedQuery(t: OrgTenant, id: string, patch: z.infer<typeof savedQueryPatch>) {
  return db.$transaction(async (tx) => {
    const before = await lockEditable(tx, t, id);
    if (patch.query) await checkExploreQuery(t, patch.query);
    const changes: Prisma.InputJsonObject = {
      ...(patch.name !== undefined && patch.name !== before.name
        ? { name: { from: before.name, to: patch.name } }
        : {}),
      ...(patch.chart !== undefined && patch.chart !== before.chart
        ? { chart: { from: before.chart, to: patch.chart } }
        : {}),
      ...(patch.query !== undefined && JSON.stringify(patch.query) !== JSON.stringify(before.query)
        ? { query: { from: before.query as Prisma.InputJsonValue, to: patch.query } }
        : {}),
    };
    const row = await tx.exploreSavedQuery.update({
      where: { id },
      data: { name: patch.name, chart: patch.chart, query: patch.query },
      select: SELECT,
    });
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        orgId: t.orgId,
        action: 'explore.query_updated',
        target: { type: 'explore_query', id, label: row.name },
        changes,
      });
    return serialize(row, t);
  });
}

export async function deleteSavedQuery(t: OrgTenant, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await lockEditable(tx, t, id);
    await tx.exploreSavedQuery.delete({ where: { id } });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'explore.query_deleted',
      target: { type: 'explore_query', id, label: before.name },
      changes: { name: before.name },
    });
  });
}
