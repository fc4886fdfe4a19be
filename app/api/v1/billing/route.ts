import { requireOrg, route } from '@/lib/http/route';
import { getBillingSummary } from '@/lib/billing/get-billing-summary';

export const GET = route({ auth: 'session' }, async ({ session }) => {
  return { message: 'Success', data: await getBillingSummary(requireOrg(session)) };
});
