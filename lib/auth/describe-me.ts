import { serializeUser } from '@/lib/auth/serialize-user';
import type { SessionUser } from '@/lib/auth/session';
import { getOrganizationSummary } from '@/lib/orgs/get-organization';
import { listUserOrganizations } from '@/lib/orgs/list-user-organizations';

/** The /auth/me body: the spec's user fields and active `organization`, plus every membership in `organizations`. */
export async function describeMe(user: SessionUser, orgId: string | null) {
  const [organization, organizations] = await Promise.all([
    orgId ? getOrganizationSummary(orgId) : null,
    listUserOrganizations(user.id),
  ]);
  return { ...serializeUser(user), organization, organizations };
}
