import { requireOrg, route } from '@/lib/http/route';
import { createPortalSession } from '@/lib/billing/create-portal-session';

export const POST = route({ auth: 'session' }, async ({ session }) => {
  return { message: 'Billing portal session created', data: await createPortalSession(requireOrg(session)) };
});
