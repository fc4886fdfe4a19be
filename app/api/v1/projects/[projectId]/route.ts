import { requireOrg, route } from '@/lib/http/route';
import { deleteProject, getProject, updateProject } from '@/lib/projects/projects';
import { serializeProject } from '@/lib/projects/serialize';
import { projectParams, updateProjectSchema } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', params: projectParams }, async ({ session, params }) => {
  const project = await getProject(requireOrg(session), params.projectId);
  return { message: 'Success', data: serializeProject(project) };
});

export const PATCH = route({ auth: 'session', params: projectParams, body: updateProjectSchema }, async ({ session, params, body }) => {
  const project = await updateProject(requireOrg(session), params.projectId, body);
  return { message: 'Project updated', data: serializeProject(project) };
});

export const DELETE = route({ auth: 'session', params: projectParams }, async ({ session, params }) => {
  await deleteProject(requireOrg(session), params.projectId);
  return { message: 'Project deleted' };
});
