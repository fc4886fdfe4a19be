import { route } from '@/lib/http/route';
import { createPortalSession } from '@/lib/billing/create-portal-session';

export const POST = route({ auth: 'session', scope: 'organization', role: 'OWNER' }, async ({ tenant }) => {
  return { message: 'Billing portal session created', data: await createPortalSession(tenant.orgId) };
});
