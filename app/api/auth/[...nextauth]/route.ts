import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/oauth/auth-options';
import { respond } from '@/lib/http/envelope';
import { readCappedBody } from '@/lib/http/read-body';

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth's own forms (sign-in, CSRF token) are tiny: its body is read here under a cap, not by next-auth.
const MAX_AUTH_FORM = 16 * 1024;

// next-auth 4 drives the provider redirects and the callback; see lib/auth/oauth.
async function handler(req: NextRequest, ctx: Context) {
  if (req.method === 'POST') {
    const body = await readCappedBody(req, MAX_AUTH_FORM).catch(() => null);
    if (body === null) return respond({ statusCode: 413, message: 'Request body too large' });
    req = new NextRequest(req.url, { method: req.method, headers: req.headers, body: new Uint8Array(body) });
  }
  return NextAuth(req as never, ctx as never, authOptions());
}

export { handler as GET, handler as POST };
