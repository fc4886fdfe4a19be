import { route, sessionOf } from '@/lib/http/route';
import { createCheckoutSession } from '@/lib/billing/create-checkout-session';

// The organization is always the session's own; nothing in the request can name another.
export const POST = route({ auth: 'session', scope: 'organization', role: 'OWNER' }, async ({ tenant, session }) => {
  return {
    message: 'Checkout session created',
    data: await createCheckoutSession(tenant.orgId, sessionOf(session).user.email),
  };
});
