import { route } from '@/lib/http/route';
import { listGrants } from '@/lib/oauth/grants';

// The MCP clients the person connected with OAuth (#63), in every organization, for Settings → Security.
export const GET = route({ auth: 'session' }, async ({ session }) => {
  return { message: 'Success', data: await listGrants(session.user.id) };
});
