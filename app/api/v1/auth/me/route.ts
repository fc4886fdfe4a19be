import { route } from '@/lib/http/route';
import { serializeUser } from '@/lib/auth/serialize-user';
import { getOrganizationSummary } from '@/lib/orgs/get-organization';

export const GET = route({ auth: 'session' }, async ({ session }) => {
  const organization = session.orgId ? await getOrganizationSummary(session.orgId) : null;
  return { message: 'Success', data: { ...serializeUser(session.user), organization } };
});
