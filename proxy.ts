import { NextResponse, type NextRequest } from 'next/server';
import { withNext } from '@/lib/auth/safe-next';
import { PATH_HEADER } from '@/lib/auth/request-path';

// Only checks that a session cookie is present; the dashboard layout validates it against the database.
export function proxy(request: NextRequest) {
  const url = request.nextUrl.clone();
  // Next's own cache-busting parameter of client navigations is no part of the page's address.
  url.searchParams.delete('_rsc');
  const here = `${url.pathname}${url.search}`;
  // Sign-in returns to the page that asked for it (an issue link from an alert email, say).
  if (!request.cookies.has('session')) return NextResponse.redirect(new URL(withNext('/login', here), request.url));
  // The layout cannot see the URL: it reads it from here when an expired session sends it to /login.
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, here);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Dashboard pages only: not the API, the metrics, the SDK bundle, Next's assets, the icons, the sign-in and invite pages or files with an extension.
  matcher: [
    '/((?!api/|api$|metrics$|sdk/|_next/|icon|apple-icon|login|signup|verify|forgot-password|reset-password|invite/|.*\\.[^/]+$).*)',
  ],
};
