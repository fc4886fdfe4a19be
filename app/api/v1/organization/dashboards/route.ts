import { route } from '@/lib/http/route';
import { createDashboard, listDashboards } from '@/lib/dashboards/dashboards';
import { ensureStarterDashboards } from '@/lib/dashboards/starters';
import { dashboardBody } from '@/lib/zod/dashboards';

// The organization's dashboards; a project's starter dashboard is made the first time they are listed after it exists.
export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  await ensureStarterDashboards(tenant);
  return { message: 'Dashboards fetched', data: await listDashboards(tenant) };
});

export const POST = route({ auth: 'session', scope: 'organization', body: dashboardBody }, async ({ tenant, body }) => {
  return { status: 201, message: 'Dashboard created', data: await createDashboard(tenant, body) };
});
