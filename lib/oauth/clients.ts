// #63: dynamic client registration (RFC 7591). Every client is public (no secret: PKCE protects its codes), may only
// use the authorization code and refresh token grants, and names where its codes may go: https addresses, or http
// on the loopback interface (a native app's local listener, RFC 8252 §7.3).
import { db } from '@/lib/db';
import { randomToken } from '@/lib/auth/tokens';
import { controlCharacterIssues } from '@/lib/text/control-characters';
import { registerClientSchema } from '@/lib/zod/oauth';
import { refuse } from './errors';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** Why a redirect URI is refused, or null: absolute, no fragment, https or loopback http. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash || uri.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'must use https, or http on localhost, 127.0.0.1 or [::1]';
}

/**
 * Whether `sent` is one of the client's redirect URIs: the same string, except that a loopback one may name any port
 * (RFC 8252 §7.3: the app listens wherever it could).
 */
export function redirectUriRegistered(registered: readonly string[], sent: string): boolean {
  if (registered.includes(sent)) return true;
  let url: URL;
  try {
    url = new URL(sent);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) return false;
  const portless = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((r) => {
    try {
      return portless(new URL(r)) === portless(url);
    } catch {
      return false;
    }
  });
}

/** Registers a client; refused with invalid_redirect_uri or invalid_client_metadata as RFC 7591 §3.2.2 says. */
export async function registerClient(raw: Record<string, unknown>) {
  if (!Array.isArray(raw.redirect_uris) || raw.redirect_uris.length === 0)
    throw refuse('invalid_redirect_uri', 'redirect_uris is required: at least one redirect URI');
  const parsed = registerClientSchema.safeParse(raw);
  if (!parsed.success || controlCharacterIssues(parsed.data).length > 0) {
    const field = parsed.success ? 'client metadata' : String(parsed.error.issues[0].path[0] ?? 'body');
    const bad = field === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw refuse(bad, `${field} is invalid (strings, at most 10 redirect URIs of 2000 characters)`);
  }
  const input = parsed.data;
  for (const uri of input.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw refuse('invalid_redirect_uri', `The redirect URI ${uri} ${problem}`);
  }
  const method = input.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    throw refuse('invalid_client_metadata', 'token_endpoint_auth_method must be "none": clients are public, with PKCE');
  const grants = input.grant_types ?? ['authorization_code'];
  if (grants.some((g) => !GRANT_TYPES.includes(g)))
    throw refuse('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token');
  if ((input.response_types ?? ['code']).some((t) => t !== 'code'))
    throw refuse('invalid_client_metadata', 'response_types may only be code');
  const client = await db.oAuthClient.create({
    data: {
      id: `mcp_${randomToken(18)}`,
      name: input.client_name?.trim() || 'MCP client',
      redirectUris: [...new Set(input.redirect_uris)],
    },
  });
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: GRANT_TYPES,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** The client a request names; an unknown one is refused as RFC 6749 §5.2 says (invalid_client, 401). */
export async function clientOf(clientId: string | undefined) {
  if (!clientId) throw refuse('invalid_client', 'client_id is required');
  const client = await db.oAuthClient.findUnique({ where: { id: clientId } });
  if (!client) throw refuse('invalid_client', 'Unknown client_id: register the client first');
  return client;
}
