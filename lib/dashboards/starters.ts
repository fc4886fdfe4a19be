// Making each project's starter dashboard once (#61): on the first listing of the organization's dashboards after
// the project exists. The claim (a row of dashboard_starters) and the dashboard are one transaction, so two first
// visits at once make one, and a starter someone deleted is not made again.
import { randomUUID } from 'node:crypto';
import { db } from '@/lib/db';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { DASHBOARD_LIMITS, widgetSchema, type Widget } from '@/lib/zod/dashboards';
import { insertDashboard } from './dashboards';
import { starterWidgets } from './starter';

export async function ensureStarterDashboards(t: OrgTenant): Promise<void> {
  const projects = await db.project.findMany({
    where: { orgId: t.orgId, dashboardStarter: null },
    select: { id: true, name: true },
    orderBy: { createdAt: 'asc' },
    take: 20,
  });
  for (const p of projects) {
    await db.$transaction(async (tx) => {
      const claimed = await tx.$executeRaw`
        INSERT INTO dashboard_starters (project_id) VALUES (${p.id}) ON CONFLICT DO NOTHING`;
      if (claimed === 0) return;
      // An organization at its limit gets no more starters (the claim stays: it is not tried again).
      if ((await tx.dashboard.count({ where: { orgId: t.orgId } })) >= DASHBOARD_LIMITS.dashboards) return;
      const widgets = starterWidgets(p.id).map((w) => ({ ...widgetSchema.parse(w), id: randomUUID().slice(0, 8) }));
      await insertDashboard(tx, t, {
        name: `${p.name} overview`,
        filters: {},
        widgets: widgets as Widget[],
        starterOf: p.id,
      });
    });
  }
}
