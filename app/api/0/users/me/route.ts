import { route } from '@/lib/http/route';
import { personOf } from '@/lib/sentry-api/caller';
import { currentUser } from '@/lib/sentry-api/users';

// Who calls: the signed-in person, or the person who created the token.
export const GET = route(
  { auth: 'session', scope: 'organization', tokens: 'releases', sentryErrors: 'detail-only' },
  async ({ tenant }) => ({ message: 'Success', bare: true, data: await currentUser(await personOf(tenant)) }),
);
