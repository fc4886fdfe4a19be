import { z } from 'zod';
import { env } from '@/lib/env';
import { readCookie, resolveSession, SESSION_COOKIE, type SessionContext } from '@/lib/auth/session';
import { AppError, issuesFromZod, validationError } from '@/lib/errors';
import { respond } from './envelope';
import { controlCharacterIssues } from '@/lib/text/control-characters';
import { readCappedBody } from './read-body';
import { errorToResponse } from './to-response';
import { requestIdFrom } from '@/lib/log';
import { recordRequest } from './request-log';
import { setAuditActor, withRequestActor } from './audit-actor';
import {
  resolveOrgTenant,
  resolveProjectTenant,
  resolveTokenTenant,
  type OrgTenant,
  type ProjectTenant,
} from '@/lib/orgs/resolve-tenant';
import { assertRole, type Role } from '@/lib/orgs/roles';
import { assertTwoFactorSatisfied } from '@/lib/auth/two-factor/org-requirement';
import { bearerToken, resolveApiToken, type ApiTokenContext } from '@/lib/api-tokens/resolve-api-token';
import { scopesAccepted, type TokenEndpointClass } from '@/lib/api-tokens/scopes';
import {
  callerWritePosition,
  noteWrite,
  replicaConfigured,
  withReadContext,
  writePositionCookie,
  WRITE_POSITION_COOKIE,
} from '@/lib/replica';

type AnySchema = z.ZodType;
type Infer<S> = S extends AnySchema ? z.infer<S> : undefined;

/** `organization`: the session's active organization; `project`: also `params.projectId`, which must belong to it. */
export type Scope = 'organization' | 'project';
type TenantOf<S> = S extends 'project' ? ProjectTenant : S extends 'organization' ? OrgTenant : null;

export type RouteSpec<P, Q, B, A extends 'session' | 'none', S extends Scope | undefined = undefined> = {
  auth: A;
  /** Resolves the tenant once, before the handler: not a member / foreign project → 404. */
  scope?: S;
  /**
   * Sentry-compatible endpoint: error bodies also carry `detail`, which sentry-cli prints; `'detail-only'`: the body is
   * Sentry's own `{ "detail": … }` and nothing else (the management API, #63).
   */
  sentryErrors?: boolean | 'detail-only';
  /** Minimum role for the scope (default MEMBER); lower → 403 naming it. */
  role?: Role;
  /**
   * Whether an API token (`Authorization: Bearer`) may call it, and which scope class it needs: scoped
   * routes take tokens (`default`) unless they say `false` (personal actions); unscoped ones never do.
   */
  tokens?: TokenEndpointClass | false;
  params?: P;
  query?: Q;
  /** Query parameters that may repeat (`?id=1&id=2`, Sentry's way): these reach the schema as arrays. */
  queryArrays?: readonly string[];
  body?: B;
};

export type HandlerInput<P, Q, B, A extends 'session' | 'none', S extends Scope | undefined = undefined> = {
  req: Request;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  /** Null on a scoped route called with an API token. */
  session: A extends 'session' ? (S extends Scope ? SessionContext | null : SessionContext) : null;
  tenant: TenantOf<S>;
  requestId: string;
};

export type HandlerResult = {
  status?: number;
  message: string;
  data?: unknown;
  /** Extra Set-Cookie values. */
  cookies?: string[];
  /** Answer `data` itself as the JSON body, not the envelope: Sentry-compatible endpoints (sentry-cli reads its fields). */
  bare?: boolean;
  /** Bytes answered as they are (a download), with these headers. */
  file?: { body: Uint8Array; headers: Record<string, string> };
  /** Headers of the answer (Sentry's `Link` pagination). */
  headers?: Record<string, string>;
};

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const UNAUTHENTICATED = 'You need to be logged in!';
const BAD_TOKEN = 'Invalid or revoked API token';
export const MAX_JSON_BODY = 1024 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one route wrapper: session auth (with the Origin check on writes), zod parsing of params,
 * query and body, and error → status mapping into the response envelope.
 */
export function route<
  A extends 'session' | 'none',
  P extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
  S extends Scope | undefined = undefined,
>(spec: RouteSpec<P, Q, B, A, S>, handler: (input: HandlerInput<P, Q, B, A, S>) => Promise<HandlerResult>) {
  return (req: Request, ctx: RouteContext): Promise<Response> =>
    // Who acts and from where, for the audit log (#48): the address now, the user or token once known.
    withRequestActor(req, () => handle(req, ctx));
  async function handle(req: Request, ctx: RouteContext): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers);
    const headers = new Headers({ 'x-request-id': requestId });
    let userId: string | undefined;
    let tokenId: string | undefined;
    const done = (res: Response) => recordRequest(req, res, { started, requestId, userId, tokenId });
    try {
      let session: SessionContext | null = null;
      const bearer = spec.auth === 'session' ? bearerToken(req.headers.get('authorization')) : undefined;
      const token = bearer === undefined ? null : await authenticateToken(bearer, req.method, spec);
      if (token) {
        tokenId = token.tokenId;
        setAuditActor({ tokenId });
      }
      if (spec.auth === 'session' && !token) {
        session = await resolveSession(readCookie(req.headers.get('cookie'), SESSION_COOKIE));
        if (!session) throw new AppError('UNAUTHORIZED', UNAUTHENTICATED);
        userId = session.user.id;
        setAuditActor({ userId, userEmail: session.user.email });
        if (session.refreshedCookie) headers.append('set-cookie', session.refreshedCookie);
      }
      // Every state-changing request, signed in or not (login CSRF), must come from our own pages.
      // A token is no ambient credential a browser would attach, so the Origin check is for cookies only.
      if (!SAFE_METHODS.has(req.method) && !token) assertSameOrigin(req);
      const params = spec.params ? parse(spec.params, (await ctx.params) ?? {}, 'params') : undefined;
      const tenant = !spec.scope
        ? null
        : token
          ? await resolveTokenTenant({
              tokenId: token.tokenId,
              orgId: token.orgId,
              role: token.role,
              projectId: spec.scope === 'project' ? projectIdOf(params) : undefined,
            })
          : session
            ? await resolveScope(spec.scope, session, params)
            : null;
      if (tenant) {
        // An organization requiring two-factor sign-in: its data stays shut to a member without a factor (#48).
        await assertTwoFactorSatisfied(
          token ? token.createdById : session!.user.id,
          tenant.orgId,
          token ? 'token' : 'session',
        );
        assertRole(tenant.role, spec.role ?? 'MEMBER');
      }
      const query = spec.query
        ? parse(spec.query, queryObject(new URL(req.url).searchParams, spec.queryArrays), 'query')
        : undefined;
      const body = spec.body ? parse(spec.body, await readJson(req), undefined) : undefined;
      const input = { req, params, query, body, session, tenant, requestId } as HandlerInput<P, Q, B, A, S>;
      const result = replicaConfigured()
        ? await withReplicaRouting(req, { userId, tokenId }, headers, () => handler(input))
        : await handler(input);
      for (const c of result.cookies ?? []) headers.append('set-cookie', c);
      for (const [k, v] of Object.entries(result.headers ?? {})) headers.set(k, v);
      if (result.status === 204) return done(new Response(null, { status: 204, headers }));
      if (result.file) {
        for (const [k, v] of Object.entries(result.file.headers)) headers.set(k, v);
        return done(new Response(result.file.body as BodyInit, { status: result.status ?? 200, headers }));
      }
      if (result.bare) return done(Response.json(result.data ?? null, { status: result.status ?? 200, headers }));
      return done(respond({ statusCode: result.status ?? 200, message: result.message, data: result.data, headers }));
    } catch (err) {
      const res = errorToResponse(err, headers, requestId);
      if (!spec.sentryErrors) return done(res);
      const body = (await res.json()) as { message: string; error?: { path: unknown[]; message: string }[] };
      if (spec.sentryErrors === true)
        return done(Response.json({ ...body, detail: body.message }, { status: res.status, headers: res.headers }));
      // What each refused field was, in the one sentence Sentry's clients print.
      const detail = body.error?.length
        ? body.error.map((i) => `${i.path.filter((p) => p !== 'query').join('.') || 'body'}: ${i.message}`).join('; ')
        : body.message;
      return done(Response.json({ detail }, { status: res.status, headers: res.headers }));
    }
  }
}

/**
 * With a read replica: the handler's heavy reads wait for the caller's last write to have replayed there (else
 * they run on the primary), and a successful write records the primary's position for the caller's next reads.
 */
async function withReplicaRouting(
  req: Request,
  caller: { userId?: string; tokenId?: string },
  headers: Headers,
  run: () => Promise<HandlerResult>,
): Promise<HandlerResult> {
  const minLsn = callerWritePosition(readCookie(req.headers.get('cookie'), WRITE_POSITION_COOKIE), caller.tokenId);
  const result = await withReadContext(minLsn, run);
  if ((caller.userId || caller.tokenId) && !SAFE_METHODS.has(req.method) && (result.status ?? 200) < 400) {
    const lsn = await noteWrite(caller.tokenId, minLsn);
    if (caller.userId) headers.append('set-cookie', writePositionCookie(lsn, env.secureCookies));
  }
  return result;
}

function resolveScope(scope: Scope, session: SessionContext, params: unknown): Promise<OrgTenant | ProjectTenant> {
  if (scope === 'organization') return resolveOrgTenant(session.user.id, session.orgId);
  return resolveProjectTenant(session.user.id, session.orgId, projectIdOf(params));
}

function projectIdOf(params: unknown): string {
  const projectId = (params as { projectId?: unknown } | undefined)?.projectId;
  if (typeof projectId !== 'string') throw new Error('A project-scoped route needs a projectId param');
  return projectId;
}

/**
 * A bearer token on a route that takes sessions: unknown or revoked → 401; a route that is personal,
 * OWNER-only or unscoped → 403; a scope missing for this method and endpoint class → 403 naming it. Also the MCP
 * server's (lib/mcp/http.ts), which takes tokens only.
 */
export async function authenticateToken(
  bearer: string,
  method: string,
  spec: {
    scope?: Scope;
    role?: Role;
    tokens?: TokenEndpointClass | false;
    /** How the bearer resolves (default: an API token; the MCP server's OAuth access tokens, #63). */
    resolve?: (bearer: string) => Promise<ApiTokenContext | null>;
  },
): Promise<ApiTokenContext> {
  const token = await (spec.resolve ?? resolveApiToken)(bearer);
  if (!token) throw new AppError('UNAUTHORIZED', BAD_TOKEN);
  const cls = spec.scope ? (spec.tokens ?? 'default') : false;
  if (cls === false)
    throw new AppError('FORBIDDEN', 'This endpoint needs a signed-in session; API tokens are not accepted');
  if (spec.role === 'OWNER')
    throw new AppError('FORBIDDEN', 'API tokens cannot perform actions that require the OWNER role');
  const accepted = scopesAccepted(method, cls);
  if (!accepted.some((s) => token.scopes.includes(s)))
    throw new AppError('FORBIDDEN', `This API token lacks the "${accepted[0]}" scope`);
  return token;
}

/** The query as an object; a key named in `arrays` is always an array of its values, any other keeps its last. */
function queryObject(params: URLSearchParams, arrays: readonly string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.fromEntries(params);
  for (const key of arrays) out[key] = params.getAll(key);
  return out;
}

/** Parses one part of a request; a control character or a schema failure is a 400 naming the field (params: 404). */
export function parse<S extends AnySchema>(
  schema: S,
  value: unknown,
  where: 'params' | 'query' | undefined,
): z.infer<S> {
  // No free-text input reaches the database with a NUL or another control character: a 400 names the field
  // as it was sent (checked before parsing, which may reshape it).
  const control = controlCharacterIssues(value);
  const res = control.length > 0 ? null : schema.safeParse(value);
  if (res?.success) return res.data;
  const issues = res ? issuesFromZod(res.error) : control;
  // A malformed path segment names nothing that exists.
  if (where === 'params') throw new AppError('NOT_FOUND', 'Not found');
  throw validationError(where ? issues.map((i) => ({ ...i, path: [where, ...i.path] })) : issues);
}

/** A JSON body, read with a cap before anything is buffered: 413 past it, 415 for a body that is not JSON. */
export async function readJson(req: Request): Promise<unknown> {
  const json = isJsonContentType(req.headers.get('content-type'));
  const bytes = await readCappedBody(req, MAX_JSON_BODY).catch(() => {
    throw new AppError('BAD_REQUEST', 'Could not read the request body');
  });
  if (bytes === null) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
  const text = bytes.toString('utf8');
  if (text.trim() === '') return {};
  if (!json) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  try {
    return JSON.parse(text);
  } catch {
    throw validationError([{ path: [], message: 'Malformed JSON body' }]);
  }
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * CSRF defence: a browser names the page's origin in `Origin` and says `Sec-Fetch-Site: cross-site` for
 * another site's page. Our own origin is APP_URL's, or the Host the request was sent to.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  if (origin && origin !== env.appOrigin && !sameHost(origin, req.headers.get('host'))) {
    throw new AppError('FORBIDDEN', 'Cross-origin request refused');
  }
  if (req.headers.get('sec-fetch-site') === 'cross-site')
    throw new AppError('FORBIDDEN', 'Cross-origin request refused');
}

function sameHost(origin: string, host: string | null): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The organization of the signed-in user; project routes are scoped to it. */
export function requireOrg(session: SessionContext): string {
  if (!session.orgId) throw new AppError('NOT_FOUND', 'Organization not found');
  return session.orgId;
}

/** The session on a scoped route that refuses tokens (`tokens: false` or OWNER-only), where it is always there. */
export function sessionOf(session: SessionContext | null): SessionContext {
  if (!session) throw new AppError('FORBIDDEN', 'This endpoint needs a signed-in session; API tokens are not accepted');
  return session;
}
