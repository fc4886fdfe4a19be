import { route } from '@/lib/http/route';
import { deleteDashboard, getDashboard, updateDashboard } from '@/lib/dashboards/dashboards';
import { dashboardParams, dashboardPatch } from '@/lib/zod/dashboards';

export const GET = route(
  { auth: 'session', scope: 'organization', params: dashboardParams },
  async ({ tenant, params }) => {
    return { message: 'Dashboard fetched', data: await getDashboard(tenant, params.id) };
  },
);

// Any member edits (name, filters, widgets and where they sit); the widgets given replace the dashboard's.
export const PATCH = route(
  { auth: 'session', scope: 'organization', params: dashboardParams, body: dashboardPatch },
  async ({ tenant, params, body }) => {
    return { message: 'Dashboard updated', data: await updateDashboard(tenant, params.id, body) };
  },
);

// Its creator, or an ADMIN or OWNER (403 otherwise).
export const DELETE = route(
  { auth: 'session', scope: 'organization', params: dashboardParams },
  async ({ tenant, params }) => {
    await deleteDashboard(tenant, params.id);
    return { message: 'Dashboard deleted' };
  },
);
