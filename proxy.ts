import { NextResponse, type NextRequest } from 'next/server';
import { withNext } from '@/lib/auth/safe-next';
import { PATH_HEADER } from '@/lib/auth/request-path';
import { secretParams } from '@/lib/auth/secret-params';

// The sign-in and invite pages: open to everyone (the same list as the sign-in pages' headers in next.config.mjs).
const PUBLIC_PAGE = /^\/(?:login|signup|verify|forgot-password|reset-password)(?:\/|$)|^\/invite\//;

// Pages only. A secret in a page's address is taken out first (#58); then the dashboard pages check that a session
// cookie is present, which the dashboard layout validates against the database.
export function proxy(request: NextRequest) {
  const url = request.nextUrl.clone();
  // Next's own cache-busting parameter of client navigations is no part of the page's address.
  url.searchParams.delete('_rsc');
  const secrets = secretParams(url);
  if (secrets.length > 0) {
    for (const name of secrets) url.searchParams.delete(name);
    const res = NextResponse.redirect(url, 303);
    res.headers.set('cache-control', 'no-store');
    res.headers.set('referrer-policy', 'no-referrer');
    return res;
  }
  if (PUBLIC_PAGE.test(url.pathname)) return NextResponse.next();
  const here = `${url.pathname}${url.search}`;
  // Sign-in returns to the page that asked for it (an issue link from an alert email, say).
  if (!request.cookies.has('session')) return NextResponse.redirect(new URL(withNext('/login', here), request.url));
  // The layout cannot see the URL: it reads it from here when an expired session sends it to /login.
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, here);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the API, the metrics, the MCP server and its OAuth endpoints (the consent page is a page), the SDK
  // bundle, Next's assets, the icons or files with an extension.
  matcher: [
    '/((?!api/|api$|metrics$|mcp$|\\.well-known/|oauth/register$|oauth/token$|sdk/|_next/|icon|apple-icon|.*\\.[^/]+$).*)',
  ],
};
