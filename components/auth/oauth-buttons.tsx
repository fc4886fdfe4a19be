import { Suspense } from 'react';
import { connection } from 'next/server';
import { enabledProviders } from '@/lib/auth/oauth/provider-settings';
import { OAuthSignIn } from './oauth-sign-in';

/** "Continue with GitHub/Google" for the providers that are configured, plus the error a failed sign-in came back with. */
export async function OAuthButtons({ inviteToken, next }: { inviteToken?: string; next?: string | null } = {}) {
  // Providers follow the server's environment at run time, not the build's.
  await connection();
  return (
    <Suspense fallback={null}>
      <OAuthSignIn providers={enabledProviders()} inviteToken={inviteToken} next={next ?? undefined} />
    </Suspense>
  );
}
