import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { env } from '@/lib/env';
import { respond } from '@/lib/http/envelope';
import { enabledProviders } from '@/lib/auth/oauth/provider-settings';
import { clearedNextAuthCookies, startOAuthSession } from '@/lib/auth/oauth/complete-oauth-sign-in';

// The successful provider callback redirects here with next-auth's short-lived token:
// swap it for our session cookie, drop next-auth's cookies and go to the dashboard.
export async function GET(req: NextRequest) {
  // With no provider enabled there is no sign-in to complete: nothing here may mint a session.
  if (enabledProviders().length === 0) return respond(404, 'Not found');
  const token = await getToken({ req, secret: env.sessionSecret, secureCookie: env.secureCookies });
  const session = token?.sub ? await startOAuthSession(token.sub) : null;
  const res = NextResponse.redirect(new URL(session ? '/' : '/login?error=SessionExpired', env.appUrl), 303);
  for (const c of clearedNextAuthCookies(req.cookies.getAll().map((c) => c.name), env.secureCookies)) res.headers.append('set-cookie', c);
  if (session) res.headers.append('set-cookie', session.cookie);
  res.headers.set('cache-control', 'no-store');
  return res;
}
