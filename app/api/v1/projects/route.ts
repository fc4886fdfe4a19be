import { requireOrg, route } from '@/lib/http/route';
import { createProject, listProjects } from '@/lib/projects/projects';
import { serializeProject } from '@/lib/projects/serialize';
import { createProjectSchema } from '@/lib/zod/projects';

export const GET = route({ auth: 'session' }, async ({ session }) => {
  const projects = await listProjects(requireOrg(session));
  return { message: 'Projects fetched', data: projects.map(serializeProject) };
});

export const POST = route({ auth: 'session', body: createProjectSchema }, async ({ session, body }) => {
  const project = await createProject(requireOrg(session), body);
  return { status: 201, message: 'Project created', data: serializeProject(project) };
});
