import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { env } from '@/lib/env';
import { clearedNextAuthCookies, startOAuthSession } from '@/lib/auth/oauth/complete-oauth-sign-in';

// The successful provider callback redirects here with next-auth's short-lived token:
// swap it for our session cookie, drop next-auth's cookies and go to the dashboard.
export async function GET(req: NextRequest) {
  const token = await getToken({ req, secret: env.sessionSecret, secureCookie: env.secureCookies });
  const session = token?.sub ? await startOAuthSession(token.sub) : null;
  const res = NextResponse.redirect(new URL(session ? '/' : '/login?error=SessionExpired', env.appUrl), 303);
  for (const c of clearedNextAuthCookies(req.cookies.getAll().map((c) => c.name), env.secureCookies)) res.headers.append('set-cookie', c);
  if (session) res.headers.append('set-cookie', session.cookie);
  res.headers.set('cache-control', 'no-store');
  return res;
}
