import { route } from '@/lib/http/route';
import { addWidget } from '@/lib/dashboards/dashboards';
import { addWidgetBody, dashboardParams } from '@/lib/zod/dashboards';

// "Add to dashboard": an Explore query as a widget below the others.
export const POST = route(
  { auth: 'session', scope: 'organization', params: dashboardParams, body: addWidgetBody },
  async ({ tenant, params, body }) => {
    return { status: 201, message: 'Widget added', data: await addWidget(tenant, params.id, body) };
  },
);
