import { route } from '@/lib/http/route';
import { getUsage } from '@/lib/usage/get-usage';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  const data = await getUsage(tenant.orgId);
  return { message: 'Usage fetched', data };
});
