import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { env } from '@/lib/env';
import { respond } from '@/lib/http/envelope';
import { enabledProviders } from '@/lib/auth/oauth/provider-settings';
import { clearedNextAuthCookies, startOAuthSession } from '@/lib/auth/oauth/complete-oauth-sign-in';
import { acceptInviteAfterOAuth, clearedInviteCookie, INVITE_COOKIE } from '@/lib/invites/oauth-invite';
import { NEXT_COOKIE, safeNext, withNext } from '@/lib/auth/safe-next';
import { signInClient } from '@/lib/auth/client-address';

// The successful provider callback redirects here with next-auth's short-lived token:
// swap it for our session cookie, drop next-auth's cookies and go to the page sign-in started from.
export async function GET(req: NextRequest) {
  // With no provider enabled there is no sign-in to complete: nothing here may mint a session.
  if (enabledProviders().length === 0) return respond({ statusCode: 404, message: 'Not found' });
  const token = await getToken({ req, secret: env.sessionSecret, secureCookie: env.secureCookies });
  const session = token?.sub
    ? await startOAuthSession(token.sub, signInClient(req), {
        provider: typeof token.provider === 'string' ? token.provider : undefined,
        amr: token.amr,
      })
    : null;
  // Sign-in started from an invite page: join that organization, or go back to the page to say why not.
  const invite = req.cookies.get(INVITE_COOKIE)?.value;
  const nextCookie = req.cookies.get(NEXT_COOKIE)?.value;
  let target = session ? (safeNext(nextCookie) ?? '/') : '/login?error=SessionExpired';
  // A second factor is on: the pending sign-in's page asks for it, then goes on to the page sign-in started from.
  if (session?.secondFactor) target = withNext('/login/two-factor', safeNext(nextCookie));
  else if (session && invite && token?.sub && !(await acceptInviteAfterOAuth(token.sub, invite)))
    target = `/invite/${encodeURIComponent(invite)}`;
  const res = NextResponse.redirect(new URL(target, env.appUrl), 303);
  for (const c of clearedNextAuthCookies(
    req.cookies.getAll().map((c) => c.name),
    env.secureCookies,
  ))
    res.headers.append('set-cookie', c);
  if (invite) res.headers.append('set-cookie', clearedInviteCookie());
  if (nextCookie !== undefined) res.headers.append('set-cookie', `${NEXT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`);
  if (session) res.headers.append('set-cookie', session.cookie);
  res.headers.set('cache-control', 'no-store');
  return res;
}
