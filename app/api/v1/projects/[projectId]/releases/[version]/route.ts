import { route } from '@/lib/http/route';
import { notFound } from '@/lib/errors';
import { releaseParams } from '@/lib/releases/schemas';
import { deleteRelease } from '@/lib/releases/create-release';
import { getRelease } from '@/lib/releases/get-release';

export const GET = route(
  { auth: 'session', scope: 'project', tokens: 'releases', params: releaseParams },
  async ({ tenant, params }) => {
    return { message: 'Success', data: await getRelease(tenant.projectId, params.version) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', tokens: 'releases', params: releaseParams },
  async ({ tenant, params }) => {
    if (!(await deleteRelease(tenant.projectId, params.version))) throw notFound('Release');
    return { message: 'Release deleted' };
  },
);
