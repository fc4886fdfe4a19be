import { route } from '@/lib/http/route';
import { personOf, tokenScopesOf } from '@/lib/sentry-api/caller';
import { apiRoot } from '@/lib/sentry-api/users';

// Sentry's API root, which `sentry-cli info` reads: the token's scopes (in Sentry's names) and whom it acts for.
export const GET = route(
  { auth: 'session', scope: 'organization', tokens: 'releases', sentryErrors: 'detail-only' },
  async ({ tenant }) => ({
    message: 'Success',
    bare: true,
    data: await apiRoot({ userId: await personOf(tenant), tokenScopes: await tokenScopesOf(tenant) }),
  }),
);
