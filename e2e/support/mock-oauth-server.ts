import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub's and Google's OAuth servers on loopback, for the sign-in specs.
 *
 * GitHub: /github/login/oauth/authorize, /github/login/oauth/access_token, /github-api/user, /github-api/user/emails.
 * Google: /google/.well-known/openid-configuration, /google/authorize, /google/token, /google/userinfo, /google/jwks
 * (the id_token is RS256-signed with a key generated at start-up and served on the JWKS endpoint).
 *
 * `authorize` approves at once: the identity it signs in comes from the `mock_oauth_identity` cookie on the mock's
 * own origin (base64url JSON, see MockIdentity), so each browser context picks its own. `token` checks the client
 * credentials, the redirect_uri and the PKCE code_verifier (S256) against the authorization request.
 * GET /__exchanges?email=… lists the token exchanges made for an identity.
 */
export type MockIdentity = {
  /** The provider's user id (GitHub numeric id, Google `sub`). */
  id: string;
  email: string;
  /** Omit to have the provider report no display name. */
  name?: string;
  /** Whether the provider reports the email as verified. */
  verified: boolean;
  /** Send the browser back with a state that does not match the one it was given. */
  tamperState?: boolean;
};

export const IDENTITY_COOKIE = 'mock_oauth_identity';

export const MOCK_CLIENTS = {
  github: { clientId: 'mock-github-client', clientSecret: 'mock-github-secret' },
  google: { clientId: 'mock-google-client.apps.googleusercontent.com', clientSecret: 'mock-google-secret' },
} as const;

type Provider = keyof typeof MOCK_CLIENTS;
type Grant = {
  provider: Provider;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  nonce: string | null;
  identity: MockIdentity;
};
export type Exchange = { provider: Provider; email: string; pkce: 'S256' | 'plain' | 'none' };

export function encodeIdentity(identity: MockIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString('base64url');
}

function b64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
  res.end(text);
}

/** Client credentials from HTTP Basic (client_secret_basic) or the form (client_secret_post). */
function clientCredentials(
  req: http.IncomingMessage,
  form: URLSearchParams,
): { id: string | null; secret: string | null } {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
}

export async function startMockOAuthServer(opts: { port?: number; host?: string } = {}) {
  const host = opts.host ?? '127.0.0.1';
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto.randomBytes(8).toString('hex');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { provider: Provider; identity: MockIdentity }>();
  const exchanges: Exchange[] = [];
  let base = '';

  const signIdToken = (claims: Record<string, unknown>) => {
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
    const payload = b64url(JSON.stringify(claims));
    const signature = crypto.sign('sha256', Buffer.from(`${header}.${payload}`), privateKey);
    return `${header}.${payload}.${b64url(signature)}`;
  };

  const authorize = (provider: Provider, req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const q = url.searchParams;
    const clientId = q.get('client_id');
    const redirectUri = q.get('redirect_uri');
    const state = q.get('state');
    if (clientId !== MOCK_CLIENTS[provider].clientId || !redirectUri)
      return send(res, 400, 'unknown client_id or missing redirect_uri');
    const raw = readCookie(req.headers.cookie, IDENTITY_COOKIE);
    if (!raw) return send(res, 400, `no ${IDENTITY_COOKIE} cookie: the spec must choose who signs in`);
    const identity = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as MockIdentity;
    const code = crypto.randomBytes(16).toString('hex');
    grants.set(code, {
      provider,
      clientId,
      redirectUri,
      codeChallenge: q.get('code_challenge'),
      codeChallengeMethod: q.get('code_challenge_method'),
      nonce: q.get('nonce'),
      identity,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (state) back.searchParams.set('state', identity.tamperState ? `${state}-forged` : state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const token = async (provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) => {
    const form = await readForm(req);
    const creds = clientCredentials(req, form);
    const client = MOCK_CLIENTS[provider];
    if (creds.id !== client.clientId || creds.secret !== client.clientSecret)
      return send(res, 401, { error: 'invalid_client' });
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code); // codes are single-use
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.provider !== provider ||
      grant.clientId !== creds.id
    ) {
      return send(res, 400, { error: 'invalid_grant', error_description: 'unknown or used code' });
    }
    if (form.get('redirect_uri') !== grant.redirectUri)
      return send(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
    const verifier = form.get('code_verifier');
    let pkce: Exchange['pkce'] = 'none';
    if (grant.codeChallenge) {
      if (!verifier) return send(res, 400, { error: 'invalid_grant', error_description: 'code_verifier required' });
      const expected =
        grant.codeChallengeMethod === 'S256' ? b64url(crypto.createHash('sha256').update(verifier).digest()) : verifier;
      if (expected !== grant.codeChallenge)
        return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      pkce = grant.codeChallengeMethod === 'S256' ? 'S256' : 'plain';
    }
    exchanges.push({ provider, email: grant.identity.email, pkce });
    const accessToken = crypto.randomBytes(20).toString('hex');
    tokens.set(accessToken, { provider, identity: grant.identity });
    if (provider === 'github')
      return send(res, 200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
    const now = Math.floor(Date.now() / 1000);
    const idToken = signIdToken({
      iss: `${base}/google`,
      aud: client.clientId,
      sub: grant.identity.id,
      email: grant.identity.email,
      email_verified: grant.identity.verified,
      ...(grant.identity.name ? { name: grant.identity.name } : {}),
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      iat: now,
      exp: now + 3600,
    });
    send(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'openid email profile',
      id_token: idToken,
    });
  };

  const bearer = (req: http.IncomingMessage, provider: Provider) => {
    const auth = req.headers.authorization ?? '';
    const t = tokens.get(auth.replace(/^(Bearer|token) /i, ''));
    return t?.provider === provider ? t.identity : null;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      switch (route) {
        case 'GET /health':
          return send(res, 200, 'ok');
        case 'GET /__exchanges':
          return send(
            res,
            200,
            exchanges.filter((e) => e.email.toLowerCase() === (url.searchParams.get('email') ?? '').toLowerCase()),
          );
        case 'GET /github/login/oauth/authorize':
          return authorize('github', req, res, url);
        case 'POST /github/login/oauth/access_token':
          return token('github', req, res);
        case 'GET /github-api/user': {
          const id = bearer(req, 'github');
          if (!id) return send(res, 401, { message: 'Bad credentials' });
          const login = id.email.split('@')[0].replace(/[^a-zA-Z0-9-]/g, '-');
          // Like many GitHub users, no public email on the profile: the address comes from /user/emails.
          return send(res, 200, {
            id: Number(id.id),
            login,
            name: id.name ?? null,
            email: null,
            avatar_url: `${base}/avatars/${id.id}`,
          });
        }
        case 'GET /github-api/user/emails': {
          const id = bearer(req, 'github');
          if (!id) return send(res, 401, { message: 'Bad credentials' });
          return send(res, 200, [
            { email: `${id.id}+noreply@users.noreply.github.com`, primary: false, verified: true, visibility: null },
            { email: id.email, primary: true, verified: id.verified, visibility: 'private' },
          ]);
        }
        case 'GET /google/.well-known/openid-configuration':
          return send(res, 200, {
            issuer: `${base}/google`,
            authorization_endpoint: `${base}/google/authorize`,
            token_endpoint: `${base}/google/token`,
            userinfo_endpoint: `${base}/google/userinfo`,
            jwks_uri: `${base}/google/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['plain', 'S256'],
            token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
            scopes_supported: ['openid', 'email', 'profile'],
          });
        case 'GET /google/authorize':
          return authorize('google', req, res, url);
        case 'POST /google/token':
          return token('google', req, res);
        case 'GET /google/userinfo': {
          const id = bearer(req, 'google');
          if (!id) return send(res, 401, { error: 'invalid_token' });
          return send(res, 200, {
            sub: id.id,
            email: id.email,
            email_verified: id.verified,
            ...(id.name ? { name: id.name } : {}),
          });
        }
        case 'GET /google/jwks':
          return send(res, 200, { keys: [jwk] });
        default:
          return send(res, 404, 'not found');
      }
    };
    handle().catch((err) => send(res, 500, String(err)));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
