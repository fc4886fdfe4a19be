import { route } from '@/lib/http/route';
import { regenerateRecoveryCodes } from '@/lib/auth/two-factor/manage-factors';

// Ten new recovery codes, shown this once; the old ones stop working.
export const POST = route({ auth: 'session' }, async ({ session }) => {
  return { status: 201, message: 'New recovery codes', data: await regenerateRecoveryCodes(session.user) };
});
