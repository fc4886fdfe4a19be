import { route } from '@/lib/http/route';
import { erasureParams, getErasure } from '@/lib/privacy/erasure-job';

// One erasure (#48): its status, progress per table and, once done, the report of what was removed.
export const GET = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', params: erasureParams },
  async ({ tenant, params }) => {
    return { message: 'Success', data: await getErasure(tenant, params.erasureId) };
  },
);
