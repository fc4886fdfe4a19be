// #63: what the OAuth endpoints of the MCP server take. Fields are checked one by one in lib/oauth so each refusal
// names the OAuth error RFC 6749 / RFC 7591 give it; these schemas only shape and cap what was sent.
import { z } from 'zod';

/** The scopes a grant may hold: the API tokens' `read` and `write` (write implies read). */
export const OAUTH_SCOPES = ['read', 'write'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const MAX_REDIRECT_URIS = 10;
export const MAX_URI_LENGTH = 2000;

const short = (max: number) => z.string().max(max).optional();

/** RFC 7591 §2 client metadata, the fields we use (others are ignored, as §3.1 allows). */
export const registerClientSchema = z.object({
  redirect_uris: z.array(z.string().max(MAX_URI_LENGTH)).min(1).max(MAX_REDIRECT_URIS),
  client_name: short(200),
  token_endpoint_auth_method: short(100),
  grant_types: z.array(z.string().max(100)).max(10).optional(),
  response_types: z.array(z.string().max(100)).max(10).optional(),
  scope: short(1000),
});
export type RegisterClientInput = z.infer<typeof registerClientSchema>;

/** The authorization request's parameters (RFC 6749 §4.1.1, RFC 7636, RFC 8707), each optional to name what lacks. */
export const authorizeRequestSchema = z.object({
  client_id: short(200),
  redirect_uri: short(MAX_URI_LENGTH),
  response_type: short(100),
  code_challenge: short(200),
  code_challenge_method: short(100),
  state: short(1000),
  scope: short(1000),
  resource: short(MAX_URI_LENGTH),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

/** The consent form: the authorization request again, the organization and scope picked, and the decision. */
export const consentFormSchema = authorizeRequestSchema.extend({
  orgId: z.string().min(1).max(64),
  access: z.enum(OAUTH_SCOPES),
  decision: z.enum(['allow', 'deny']),
});

/** The token request (RFC 6749 §4.1.3 and §6). */
export const tokenRequestSchema = z.object({
  grant_type: short(100),
  code: short(200),
  redirect_uri: short(MAX_URI_LENGTH),
  client_id: short(200),
  code_verifier: short(200),
  refresh_token: short(200),
  resource: short(MAX_URI_LENGTH),
  scope: short(1000),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const grantParams = z.object({ grantId: z.string().min(1).max(64) });
