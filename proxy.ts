import { NextResponse, type NextRequest } from 'next/server';

// Only checks that a session cookie is present; the dashboard layout validates it against the database.
export function proxy(request: NextRequest) {
  if (request.cookies.has('session')) return NextResponse.next();
  return NextResponse.redirect(new URL('/login', request.url));
}

export const config = {
  // Dashboard pages only: not the API, the SDK bundle, Next's assets, the sign-in and invite pages or files with an extension.
  matcher: ['/((?!api/|api$|sdk/|_next/|login|signup|verify|forgot-password|reset-password|invite/|.*\\.[^/]+$).*)'],
};
