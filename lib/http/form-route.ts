// The adapter for HTML forms that carry a secret (#58): a sign-in page's form posts here when the page's script has
// not run (a slow load, blocked scripts), so nothing typed ever travels in a URL. Same checks as the JSON routes (the
// Origin check, a capped body, the services' own throttles), a different answer: 303 to the next page, or back to the
// form with a refusal code (lib/auth/form-errors). With the script, the same forms keep posting JSON to /api/v1.
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { requestIdFrom, logger } from '@/lib/log';
import { readCookie, resolveSession, SESSION_COOKIE, type SessionContext } from '@/lib/auth/session';
import { refusalQuery, type FormName } from '@/lib/auth/form-errors';
import { withNext, withQuery } from '@/lib/auth/safe-next';
import { setAuditActor, withRequestActor } from './audit-actor';
import { readCappedBody } from './read-body';
import { recordRequest } from './request-log';
import { assertSameOrigin, parse, type RouteContext } from './route';

/** A sign-in form holds a few short fields: anything larger is no form of ours. */
const MAX_FORM_BODY = 16 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Every answer: never stored by a cache, and its URL (a form page's) never sent to another origin. */
const FORM_ANSWER_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'same-origin' } as const;

type AnySchema = z.ZodType;
type Infer<S> = S extends AnySchema ? z.infer<S> : undefined;

export type FormInput<P, B, A extends 'session' | 'none'> = {
  req: Request;
  params: Infer<P>;
  body: z.infer<B & AnySchema>;
  session: A extends 'session' ? SessionContext : null;
  /** A cookie to set whatever the answer (a session started before a later step was refused). */
  setCookie: (cookie: string) => void;
};

export type FormSpec<P, B, A extends 'session' | 'none'> = {
  form: FormName;
  auth: A;
  params?: P;
  body: B;
  /** The form's page, to return to when refused: built from what was sent (never a secret field of it). */
  back: (fields: Record<string, string>, params: Infer<P>) => string;
};

/**
 * A form's page with what may stay in its URL: the email when it is one (a password typed into the email field by
 * mistake is not kept) and the page to go on to.
 */
export function formPage(path: string, fields: { email?: string; next?: string }): string {
  const email = fields.email?.trim();
  const kept: Record<string, string> =
    email && email.length <= 254 && z.email().safeParse(email).success ? { email } : {};
  return withNext(withQuery(path, kept), fields.next);
}

export function formRoute<P extends AnySchema | undefined, B extends AnySchema, A extends 'session' | 'none'>(
  spec: FormSpec<P, B, A>,
  handler: (input: FormInput<P, B, A>) => Promise<{ redirect: string }>,
) {
  return (req: Request, ctx: RouteContext): Promise<Response> => withRequestActor(req, () => handle(req, ctx));

  async function handle(req: Request, ctx: RouteContext): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers);
    const cookies: string[] = [];
    let userId: string | undefined;
    const done = (res: Response) => recordRequest(req, res, { started, requestId, userId });
    const answer = (status: number, headers: Record<string, string>, body: string | null = null) => {
      const h = new Headers({ ...FORM_ANSWER_HEADERS, ...headers, 'x-request-id': requestId });
      for (const c of cookies) h.append('set-cookie', c);
      return done(new Response(body, { status, headers: h }));
    };
    const see = (location: string) => answer(303, { location });

    let params: Infer<P>;
    try {
      params = (spec.params ? parse(spec.params, (await ctx.params) ?? {}, 'params') : undefined) as Infer<P>;
    } catch {
      return answer(404, HTML, errorPage('Not found', 'This page does not exist.', '/'));
    }
    const page = spec.back({}, params);
    // A form on another site cannot post here, signed in or not (login CSRF included).
    try {
      assertSameOrigin(req);
    } catch {
      return answer(403, HTML, errorPage('Refused', 'This form was sent from another site, so it was refused.', page));
    }
    if (req.headers.get('content-type')?.split(';')[0].trim().toLowerCase() !== FORM_TYPE)
      return answer(415, HTML, errorPage('Refused', 'This form was sent in a format this server does not take.', page));
    const bytes = await readCappedBody(req, MAX_FORM_BODY).catch(() => undefined);
    if (bytes === undefined) return answer(400, HTML, errorPage('Refused', 'The form could not be read.', page));
    if (bytes === null) return answer(413, HTML, errorPage('Refused', 'This form is larger than any of ours.', page));
    const fields = firstValues(new URLSearchParams(bytes.toString('utf8')));
    const back = spec.back(fields, params);

    let session: SessionContext | null = null;
    if (spec.auth === 'session') {
      session = await resolveSession(readCookie(req.headers.get('cookie'), SESSION_COOKIE));
      // Signed out meanwhile: sign in, then back to the form (what was typed is not kept).
      if (!session) return see(withNext('/login', page));
      userId = session.user.id;
      setAuditActor({ userId, userEmail: session.user.email });
      if (session.refreshedCookie) cookies.push(session.refreshedCookie);
    }
    try {
      const body = parse(spec.body, fields, undefined) as z.infer<B>;
      const setCookie = (c: string) => void cookies.push(c);
      // The session is there exactly when the spec asks for one (checked above).
      const input = { req, params, body, session, setCookie } as unknown as FormInput<P, B, A>;
      const { redirect } = await handler(input);
      return see(redirect);
    } catch (err) {
      if (!(err instanceof AppError)) logger.error({ requestId, err }, 'unhandled error');
      const refused = err instanceof AppError ? err : new AppError('INTERNAL', 'Internal server error');
      return see(withQuery(back, refusalQuery(spec.form, refused)));
    }
  }
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

/** The first value of each field (a repeated field is no form of ours), in an object with no prototype to reach. */
function firstValues(params: URLSearchParams): Record<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of params) if (!out.has(k)) out.set(k, v);
  return Object.fromEntries(out);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A refusal before the form was read: a plain page saying why, with the way back to the form. */
function errorPage(title: string, message: string, back: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Tracker</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
    `<p><a href="${escapeHtml(back)}">Back to the form</a></p></body></html>`
  );
}
