import { route } from '@/lib/http/route';
import { projectParams } from '@/lib/zod/projects';
import { createReleaseSchema, listReleasesQuery } from '@/lib/releases/schemas';
import { createRelease } from '@/lib/releases/create-release';
import { listReleases } from '@/lib/releases/list-releases';

export const GET = route(
  { auth: 'session', scope: 'project', tokens: 'releases', params: projectParams, query: listReleasesQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await listReleases(tenant.projectId, query) };
  },
);

export const POST = route(
  { auth: 'session', scope: 'project', tokens: 'releases', params: projectParams, body: createReleaseSchema },
  async ({ tenant, body }) => {
    const { created, release } = await createRelease(tenant.projectId, body.version);
    return {
      status: created ? 201 : 200,
      message: created ? 'Release created' : 'Release already exists',
      data: release,
    };
  },
);
