import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/oauth/auth-options';

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth 4 drives the provider redirects and the callback; see lib/auth/oauth.
async function handler(req: Request, ctx: Context) {
  return NextAuth(req as never, ctx as never, authOptions());
}

export { handler as GET, handler as POST };
