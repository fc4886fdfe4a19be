import { route } from '@/lib/http/route';
import { erasureTarget, previewErasure } from '@/lib/privacy/erasure-job';

// What an erasure would remove (#48): counts per project and table, and the identifiers found with the one asked for.
export const GET = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', query: erasureTarget },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await previewErasure(tenant, query) };
  },
);
