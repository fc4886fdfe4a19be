import { route } from '@/lib/http/route';
import { createProject, listProjects } from '@/lib/projects/projects';
import { serializeProject } from '@/lib/projects/serialize';
import { createProjectSchema } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  const projects = await listProjects(tenant.orgId);
  return { message: 'Projects fetched', data: projects.map(serializeProject) };
});

export const POST = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', body: createProjectSchema },
  async ({ tenant, body }) => {
    const project = await createProject(tenant.orgId, body);
    return { status: 201, message: 'Project created', data: serializeProject(project) };
  },
);
