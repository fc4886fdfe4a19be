import { route } from '@/lib/http/route';
import { erasureTarget, listErasures, requestErasure } from '@/lib/privacy/erasure-job';

// Erasing one end user's data across the organization's projects (#48): OWNERs and ADMINs. The work runs as a job.
export const POST = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', body: erasureTarget },
  async ({ tenant, body }) => {
    return { status: 202, message: 'Erasure queued', data: await requestErasure(tenant, body) };
  },
);

export const GET = route({ auth: 'session', scope: 'organization', role: 'ADMIN' }, async ({ tenant }) => {
  return { message: 'Success', data: await listErasures(tenant) };
});
