import { route } from '@/lib/http/route';
import { revokeGrant } from '@/lib/oauth/grants';
import { grantParams } from '@/lib/zod/oauth';

// Revokes one of the person's OAuth grants: its tokens stop at once (someone else's grant: 404).
export const DELETE = route({ auth: 'session', params: grantParams }, async ({ session, params }) => {
  return { message: 'OAuth grant revoked', data: await revokeGrant(session.user.id, params.grantId) };
});
