import { route } from '@/lib/http/route';
import { deleteSavedQuery, getSavedQuery, updateSavedQuery } from '@/lib/explore/saved-queries';
import { savedQueryParams, savedQueryPatch } from '@/lib/zod/explore';

export const GET = route(
  { auth: 'session', scope: 'organization', params: savedQueryParams },
  async ({ tenant, params }) => {
    return { message: 'Saved query fetched', data: await getSavedQuery(tenant, params.id) };
  },
);

// Its creator, or an ADMIN or OWNER (403 otherwise).
export const PATCH = route(
  { auth: 'session', scope: 'organization', params: savedQueryParams, body: savedQueryPatch },
  async ({ tenant, params, body }) => {
    return { message: 'Saved query updated', data: await updateSavedQuery(tenant, params.id, body) };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'organization', params: savedQueryParams },
  async ({ tenant, params }) => {
    await deleteSavedQuery(tenant, params.id);
    return { message: 'Saved query deleted' };
  },
);
