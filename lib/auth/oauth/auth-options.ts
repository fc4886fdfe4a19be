import type { AuthOptions } from 'next-auth';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import { oauthAdapter } from './adapter';
import { oauthProviders, providerEmailVerified } from './providers';
import { EMAIL_UNVERIFIED, SIGNUP_DOMAIN, SSO_REQUIRED } from './sign-in-errors';
import { db } from '@/lib/db';
import { autoJoin, signupAllowed, ssoRequiredBy } from '@/lib/auth/instance-rules';

/** Where a successful provider callback lands: it swaps next-auth's hand-off token for our session. */
export const COMPLETE_PATH = '/api/auth/complete';
/** next-auth's JWT only lives from the callback to the completion route. */
export const HANDOFF_MAX_AGE_SECONDS = 120;

/** next-auth configuration, built per request so providers follow the environment. */
export function authOptions(): AuthOptions {
  // next-auth 4 reads its public URL from the environment only.
  process.env.NEXTAUTH_URL ??= `${env.appUrl}/api/auth`;
  return {
    secret: env.sessionSecret,
    providers: oauthProviders(),
    adapter: oauthAdapter(),
    session: { strategy: 'jwt', maxAge: HANDOFF_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    callbacks: {
      // Runs before any user is created or account linked.
      async signIn({ account, profile }) {
        if (!account) return false;
        if (!providerEmailVerified(account.provider, profile as Record<string, unknown> | undefined)) {
          logger.info({ provider: account.provider }, 'oauth sign-in refused: email not verified by the provider');
          const url = new URL('/login', env.appUrl);
          url.searchParams.set('error', EMAIL_UNVERIFIED);
          url.searchParams.set('provider', account.provider);
          return url.toString();
        }
        // A new account only at an allowed domain (SIGNUP_ALLOWED_DOMAINS); existing users may always sign in.
        const email = String((profile as { email?: unknown }).email ?? '').toLowerCase();
        const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
        // A member of an organization that requires single sign-on comes in through the OpenID Connect provider only.
        if (existing && account.provider !== 'oidc' && (await ssoRequiredBy(existing.id))) {
          logger.info(
            { provider: account.provider },
            'oauth sign-in refused: the organization requires single sign-on',
          );
          const url = new URL('/login', env.appUrl);
          url.searchParams.set('error', SSO_REQUIRED);
          return url.toString();
        }
        if (!signupAllowed(email) && !existing) {
          logger.info({ provider: account.provider }, 'oauth sign-in refused: sign-up domain not allowed');
          const url = new URL('/login', env.appUrl);
          url.searchParams.set('error', SIGNUP_DOMAIN);
          return url.toString();
        }
        return true;
      },
      // The hand-off token names the provider and, for OpenID Connect, the ID token's `amr` (#48: trusted MFA).
      async jwt({ token, account, profile }) {
        if (account) {
          token.provider = account.provider;
          const amr = (profile as { amr?: unknown } | undefined)?.amr;
          if (Array.isArray(amr)) token.amr = amr.filter((m): m is string => typeof m === 'string').slice(0, 20);
        }
        return token;
      },
      async redirect() {
        return `${env.appUrl}${COMPLETE_PATH}`;
      },
    },
    events: {
      // Through the company's provider, a person at an allowed domain joins SSO_AUTO_JOIN_ORG.
      async signIn({ user, account }) {
        if (account?.provider === 'oidc' && user.email) await autoJoin(user.id, user.email);
      },
    },
    // Only the code and the message: next-auth's metadata can hold provider profiles and tokens.
    logger: {
      error: (code, metadata) =>
        logger.warn(
          { code, err: metadata instanceof Error ? metadata.message : (metadata as { error?: Error }).error?.message },
          'oauth error',
        ),
      warn: (code) => logger.warn({ code }, 'oauth warning'),
      debug: () => {},
    },
  };
}
