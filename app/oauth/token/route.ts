import { throttleRules } from '@/lib/auth/throttle';
import { oauthEndpoint, oauthPreflight, readOAuthBody } from '@/lib/oauth/http';
import { tokenRequest } from '@/lib/oauth/token';

// The token endpoint (authorization_code with PKCE, refresh_token with rotation): public clients, throttled per address.
export const POST = oauthEndpoint(
  async (req) => ({ body: await tokenRequest(await readOAuthBody(req, 'form')) }),
  throttleRules.oauthToken,
);
export const OPTIONS = oauthPreflight;
