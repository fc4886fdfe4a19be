import { route } from '@/lib/http/route';
import { getBillingSummary } from '@/lib/billing/get-billing-summary';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  return { message: 'Success', data: await getBillingSummary(tenant.orgId) };
});
