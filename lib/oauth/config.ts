// #63: the MCP server's OAuth 2.1 authorization server, in one place: who we are (the issuer is APP_URL), the one
// protected resource (/mcp), how long codes and tokens live, and the metadata documents clients discover us by.
import { env } from '@/lib/env';
import { OAUTH_SCOPES } from '@/lib/zod/oauth';

/** Access tokens and refresh tokens look like API tokens (`trk_`) but say what they are. */
export const ACCESS_TOKEN_PREFIX = 'trk_oat_';
export const REFRESH_TOKEN_PREFIX = 'trk_ort_';

export const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export const issuer = () => env.appUrl;
/** The resource indicator (RFC 8707) of the MCP server, the only audience our access tokens have. */
export const mcpResource = () => `${env.appUrl}/mcp`;
export const resourceMetadataUrl = () => `${env.appOrigin}/.well-known/oauth-protected-resource/mcp`;

/** RFC 9728 protected resource metadata of /mcp. */
export function protectedResourceMetadata() {
  return {
    resource: mcpResource(),
    authorization_servers: [issuer()],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Tracker MCP server',
  };
}

/** RFC 8414 authorization server metadata: public clients with PKCE (S256) only, registered dynamically. */
export function authorizationServerMetadata() {
  const base = issuer();
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
  };
}
