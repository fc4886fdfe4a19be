// Dashboards (#61): an organization's widgets of Explore queries on a grid. Every member lists, opens, creates and
// edits them (a drag is an edit); deleting one needs its creator or an ADMIN. Every change is in the audit log with
// what changed. Another organization's dashboard is not found, and nothing of it changes.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { AppError, notFound, validationError } from '@/lib/errors';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { roleAtLeast, roleRequired } from '@/lib/orgs/roles';
import { checkExploreQuery } from '@/lib/explore/run-explore';
import {
  DASHBOARD_LIMITS,
  widgetSchema,
  type addWidgetBody,
  type dashboardBody,
  type dashboardPatch,
  type Widget,
} from '@/lib/zod/dashboards';
import { bottomOf, compact } from './layout';
import { same, widgetChanges } from './changes';

const SELECT = {
  id: true,
  name: true,
  filters: true,
  widgets: true,
  starterOf: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { id: true, name: true, email: true } },
} as const;
type Stored = Prisma.DashboardGetPayload<{ select: typeof SELECT }>;

const mayDelete = (t: OrgTenant, creatorId: string | null) =>
  roleAtLeast(t.role, 'ADMIN') || (t.userId !== null && t.userId === creatorId);

function serialize(d: Stored, t: OrgTenant) {
  return {
    id: d.id,
    name: d.name,
    filters: d.filters as Record<string, string>,
    widgets: d.widgets as Widget[],
    starterOf: d.starterOf,
    createdBy: d.createdBy,
    canDelete: mayDelete(t, d.createdBy?.id ?? null),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/**
 * Widgets checked as they will run (an unknown field, another organization's project: refused now, not on the
 * page), each given an id when it has none, laid out without overlaps.
 */
export async function checkWidgets(t: OrgTenant, widgets: z.output<typeof widgetSchema>[]): Promise<Widget[]> {
  const ids = new Set<string>();
  const out: Widget[] = [];
  for (const [i, w] of widgets.entries()) {
    try {
      if (w.source === 'crash_free') {
        const p = await db.project.findFirst({ where: { id: w.projectId, orgId: t.orgId }, select: { id: true } });
        if (!p) throw notFound('Project');
      } else await checkExploreQuery(t, w.query);
    } catch (err) {
      // The query's own refusal, said of this widget.
      if (err instanceof AppError && err.issues)
        throw validationError(err.issues.map((x) => ({ ...x, path: ['widgets', i, ...x.path] })));
      throw err;
    }
    const id = w.id ?? randomUUID().slice(0, 8);
    if (ids.has(id)) throw validationError([{ path: ['widgets', i, 'id'], message: `Two widgets have the id ${id}` }]);
    ids.add(id);
    out.push({ ...w, id });
  }
  return compact(out);
}

export async function listDashboards(t: OrgTenant) {
  const rows = await db.dashboard.findMany({
    where: { orgId: t.orgId },
    select: SELECT,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: DASHBOARD_LIMITS.dashboards,
  });
  return rows.map((r) => serialize(r, t));
}

export async function getDashboard(t: OrgTenant, id: string) {
  const row = await db.dashboard.findFirst({ where: { id, orgId: t.orgId }, select: SELECT });
  if (!row) throw notFound('Dashboard');
  return serialize(row, t);
}

/** Creates a dashboard in a transaction already open (a starter is made inside its project's claim). */
export async function insertDashboard(
  tx: Tx,
  t: OrgTenant,
  d: { name: string; filters: object; widgets: Widget[]; starterOf?: string },
) {
  if ((await tx.dashboard.count({ where: { orgId: t.orgId } })) >= DASHBOARD_LIMITS.dashboards)
    throw new AppError('BAD_REQUEST', `At most ${DASHBOARD_LIMITS.dashboards} dashboards in an organization`);
  const row = await tx.dashboard.create({
    data: {
      orgId: t.orgId,
      createdById: d.starterOf ? null : t.userId,
      starterOf: d.starterOf ?? null,
      name: d.name,
      filters: d.filters as Prisma.InputJsonObject,
      widgets: d.widgets as unknown as Prisma.InputJsonArray,
    },
    select: SELECT,
  });
  await recordAudit(tx, {
    orgId: t.orgId,
    action: 'dashboard.created',
    target: { type: 'dashboard', id: row.id, label: row.name },
    changes: { widgets: d.widgets.map((w) => w.title), ...(d.starterOf ? { starterOf: d.starterOf } : {}) },
  });
  return serialize(row, t);
}

export async function createDashboard(t: OrgTenant, body: z.output<typeof dashboardBody>) {
  const widgets = await checkWidgets(t, body.widgets);
  return db.$transaction((tx) => insertDashboard(tx, t, { ...body, widgets }));
}

async function lockDashboard(tx: Tx, t: OrgTenant, id: string) {
  const [row] = await tx.$queryRaw<
    { name: string; filters: Record<string, string>; widgets: Widget[]; created_by_id: string | null }[]
  >`SELECT name, filters, widgets, created_by_id FROM dashboards WHERE id = ${id} AND org_id = ${t.orgId} FOR UPDATE`;
  if (!row) throw notFound('Dashboard');
  return row;
}

type Contents = { name: string; filters: object; widgets: Widget[] };

/** Writes the dashboard's new contents and, when anything changed, what changed to the audit log. */
async function saveChanges(tx: Tx, t: OrgTenant, id: string, change: { before: Contents; next: Contents }) {
  const { before, next } = change;
  const changes: Prisma.InputJsonObject = {
    ...(next.name !== before.name ? { name: { from: before.name, to: next.name } } : {}),
    ...(!same(next.filters, before.filters)
      ? { filters: { from: before.filters as Prisma.InputJsonObject, to: next.filters as Prisma.InputJsonObject } }
      : {}),
    ...widgetChanges(before.widgets, next.widgets),
  };
  const row = await tx.dashboard.update({
    where: { id },
    data: {
      name: next.name,
      filters: next.filters as Prisma.InputJsonObject,
      widgets: next.widgets as unknown as Prisma.InputJsonArray,
    },
    select: SELECT,
  });
  if (Object.keys(changes).length > 0)
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'dashboard.updated',
      target: { type: 'dashboard', id, label: row.name },
      changes,
    });
  return serialize(row, t);
}

export async function updateDashboard(t: OrgTenant, id: string, patch: z.output<typeof dashboardPatch>) {
  // Found first: another organization's id is a 404 before its widgets are checked.
  const current = await getDashboard(t, id);
  const widgets = patch.widgets ? await checkWidgets(t, patch.widgets) : current.widgets;
  return db.$transaction(async (tx) => {
    const before = await lockDashboard(tx, t, id);
    const next = {
      name: patch.name ?? before.name,
      filters: patch.filters ?? before.filters,
      widgets: patch.widgets ? widgets : before.widgets,
    };
    return saveChanges(tx, t, id, { before, next });
  });
}

/** "Add to dashboard": the widget goes below the others, at the left. */
export async function addWidget(t: OrgTenant, id: string, body: z.output<typeof addWidgetBody>) {
  await getDashboard(t, id);
  const [widget] = await checkWidgets(t, [
    {
      title: body.title,
      source: 'explore',
      display: body.display,
      query: body.query,
      layout: { x: 0, y: 0, w: body.w, h: body.h },
    },
  ]);
  return db.$transaction(async (tx) => {
    const before = await lockDashboard(tx, t, id);
    if (before.widgets.length >= DASHBOARD_LIMITS.widgets)
      throw validationError([
        { path: ['widgets'], message: `At most ${DASHBOARD_LIMITS.widgets} widgets on a dashboard` },
      ]);
    const placed = { ...widget, layout: { ...widget.layout, y: bottomOf(before.widgets) } };
    return saveChanges(tx, t, id, { before, next: { ...before, widgets: [...before.widgets, placed] } });
  });
}

export async function deleteDashboard(t: OrgTenant, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await lockDashboard(tx, t, id);
    if (!mayDelete(t, before.created_by_id)) throw roleRequired('ADMIN');
    await tx.dashboard.delete({ where: { id } });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'dashboard.deleted',
      target: { type: 'dashboard', id, label: before.name },
      changes: { name: before.name, widgets: before.widgets.map((w) => w.title) },
    });
  });
}
