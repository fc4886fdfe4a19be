import { route } from '@/lib/http/route';
import { describeTwoFactor } from '@/lib/auth/two-factor/factors';

// The caller's second factors: what is enrolled, how many recovery codes are left (never a secret).
export const GET = route({ auth: 'session' }, async ({ session }) => {
  return { message: 'Success', data: await describeTwoFactor(session.user.id) };
});
