import { throttleRules } from '@/lib/auth/throttle';
import { registerClient } from '@/lib/oauth/clients';
import { oauthEndpoint, oauthPreflight, readOAuthBody } from '@/lib/oauth/http';

// RFC 7591 dynamic client registration of MCP clients: unauthenticated, so throttled per address (docs/mcp.md).
export const POST = oauthEndpoint(
  async (req) => ({ status: 201, body: await registerClient(await readOAuthBody(req, 'json')) }),
  throttleRules.oauthRegister,
);
export const OPTIONS = oauthPreflight;
