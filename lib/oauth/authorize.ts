// #63: the authorization request (RFC 6749 §4.1, OAuth 2.1): checked when the consent page opens and again when its
// form comes back. A request whose client or redirect URI is wrong is shown to the person and never redirected (it
// could send them anywhere, §4.1.2.1); any other fault goes back to the client's redirect URI with its error code.
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { randomToken, sha256 } from '@/lib/auth/tokens';
import { authorizeRequestSchema, OAUTH_SCOPES, type AuthorizeRequest, type OAuthScope } from '@/lib/zod/oauth';
import { redirectUriRegistered } from './clients';
import { CODE_TTL_MS, issuer, mcpResource } from './config';
import type { OAuthErrorCode } from './errors';

export type ValidAuthorization = {
  clientId: string;
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  /** The scopes asked for; `write` only when the client asked for it. */
  scopes: OAuthScope[];
  resource: string;
};

export type AuthorizationCheck =
  | { ok: true; request: ValidAuthorization }
  /** `redirect`: where to send the browser with the error; null: show `message` and send it nowhere. */
  | { ok: false; redirect: string | null; message: string };

/** The client's redirect URI with these parameters (and `iss`, RFC 9207), keeping its own query. */
export function clientRedirect(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries({ ...params, iss: issuer() })) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

// A S256 challenge is the base64url of a sha256: 43 characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export async function checkAuthorization(raw: Record<string, unknown>): Promise<AuthorizationCheck> {
  const parsed = authorizeRequestSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, redirect: null, message: 'This authorization request is malformed.' };
  const q: AuthorizeRequest = parsed.data;
  const client = q.client_id ? await db.oAuthClient.findUnique({ where: { id: q.client_id } }) : null;
  if (!client) return { ok: false, redirect: null, message: 'This application is not registered with this server.' };
  const redirectUri = q.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !redirectUriRegistered(client.redirectUris, redirectUri))
    return {
      ok: false,
      redirect: null,
      message: 'This application asked to return to an address it did not register.',
    };
  const fail = (error: OAuthErrorCode, description: string): AuthorizationCheck => ({
    ok: false,
    redirect: clientRedirect(redirectUri, { error, error_description: description, state: q.state }),
    message: description,
  });
  if (q.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!q.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (q.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (!S256_CHALLENGE.test(q.code_challenge)) return fail('invalid_request', 'code_challenge is not a S256 challenge');
  if (q.resource !== undefined && q.resource !== mcpResource())
    return fail('invalid_target', `resource must be ${mcpResource()}`);
  const asked = (q.scope ?? '').split(' ').filter(Boolean);
  const unknown = asked.find((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
  if (unknown) return fail('invalid_scope', `Unknown scope ${unknown}: the scopes are read and write`);
  const scopes: OAuthScope[] = asked.includes('write') ? ['read', 'write'] : ['read'];
  return {
    ok: true,
    request: {
      clientId: client.id,
      clientName: client.name,
      redirectUri,
      codeChallenge: q.code_challenge,
      state: q.state,
      scopes,
      resource: mcpResource(),
    },
  };
}

/** A single-use code for what the person allowed, kept as its hash; the redirect that carries it to the client. */
export async function issueCode(
  request: ValidAuthorization,
  grant: { userId: string; orgId: string; scopes: OAuthScope[] },
): Promise<string> {
  const code = randomToken(32);
  await db.oAuthCode.create({
    data: {
      codeHash: sha256(code),
      clientId: request.clientId,
      userId: grant.userId,
      orgId: grant.orgId,
      scopes: grant.scopes,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      resource: request.resource,
      expiresAt: new Date(clock.now().getTime() + CODE_TTL_MS),
    },
  });
  return clientRedirect(request.redirectUri, { code, state: request.state });
}
