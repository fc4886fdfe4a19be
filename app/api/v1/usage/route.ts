import { requireOrg, route } from '@/lib/http/route';
import { getUsage } from '@/lib/usage/get-usage';

export const GET = route({ auth: 'session' }, async ({ session }) => {
  const data = await getUsage(requireOrg(session));
  return { message: 'Usage fetched', data };
});
