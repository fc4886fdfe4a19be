import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { listSentryMembers } from '@/lib/sentry-api/members';
import { sentryOrg } from '@/lib/sentry-api/org';

// Members, then pending invitations (`pending: true`), as Sentry lists them.
export const GET = route(sentrySpec, async ({ tenant, params }) => {
  const org = await sentryOrg(tenant, params.org);
  return { message: 'Success', bare: true, data: await listSentryMembers(org.id) };
});
