import { route } from '@/lib/http/route';
import { deleteProject, getProject, updateProject } from '@/lib/projects/projects';
import { serializeProject } from '@/lib/projects/serialize';
import { projectParams, updateProjectSchema } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant, params }) => {
  const project = await getProject(tenant.orgId, params.projectId);
  return { message: 'Success', data: serializeProject(project) };
});

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: updateProjectSchema },
  async ({ tenant, params, body }) => {
    const project = await updateProject(tenant.orgId, params.projectId, body);
    return { message: 'Project updated', data: serializeProject(project) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams },
  async ({ tenant, params }) => {
    await deleteProject(tenant.orgId, params.projectId);
    return { message: 'Project deleted' };
  },
);
