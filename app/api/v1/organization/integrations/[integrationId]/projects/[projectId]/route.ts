import { route } from '@/lib/http/route';
import { configureProject, unconfigureProject } from '@/lib/integrations/manage-integrations';
import { integrationProjectParams, projectConfigSchema } from '@/lib/zod/integrations';

export const PUT = route(
  {
    auth: 'session',
    scope: 'organization',
    role: 'ADMIN',
    params: integrationProjectParams,
    body: projectConfigSchema,
  },
  async ({ tenant, params, body }) => {
    const data = await configureProject(tenant, {
      id: params.integrationId,
      projectId: params.projectId,
      config: body.config,
    });
    return { message: 'Project settings saved', data };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: integrationProjectParams },
  async ({ tenant, params }) => {
    const data = await unconfigureProject(tenant, { id: params.integrationId, projectId: params.projectId });
    return { message: 'Project settings removed', data };
  },
);
