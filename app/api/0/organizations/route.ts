import { route } from '@/lib/http/route';
import { sentrySpec } from '@/lib/sentry-api/caller';
import { listSentryOrganizations } from '@/lib/sentry-api/org';

// The organizations the caller may read: a token's own; a person's, each they are a member of.
export const GET = route({ ...sentrySpec, params: undefined }, async ({ tenant }) => ({
  message: 'Success',
  bare: true,
  data: await listSentryOrganizations(tenant),
}));
