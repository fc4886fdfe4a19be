import { route } from '@/lib/http/route';
import { describeMe } from '@/lib/auth/describe-me';

export const GET = route({ auth: 'session' }, async ({ session }) => {
  return { message: 'Success', data: await describeMe(session.user, session.orgId) };
});
