'use client';

import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { Button } from '@/components/ui/button';
import { PROVIDER_NAMES, type OAuthProviderId } from '@/lib/auth/oauth/provider-settings';
import { signInErrorMessage } from '@/lib/auth/oauth/sign-in-errors';
import { NEXT_COOKIE } from '@/lib/auth/safe-next';

type Props = { providers: { id: OAuthProviderId; name: string }[]; inviteToken?: string; next?: string };

/** Cookies the completion route reads once the provider has signed the user in. */
function rememberForCompletion(inviteToken: string | undefined, next: string | undefined) {
  // The completion route accepts this invite…
  if (inviteToken)
    document.cookie = `invite_token=${encodeURIComponent(inviteToken)}; Path=/; Max-Age=900; SameSite=Lax`;
  // …and returns to this page (checked again there); an old value must not outlive this sign-in.
  document.cookie = next
    ? `${NEXT_COOKIE}=${encodeURIComponent(next)}; Path=/; Max-Age=900; SameSite=Lax`
    : `${NEXT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function OAuthSignIn({ providers, inviteToken, next }: Props) {
  const params = useSearchParams();
  const [pending, setPending] = useState<OAuthProviderId | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const providerParam = params.get('provider');
  const providerName =
    providers.find((p) => p.id === providerParam)?.name ??
    (providerParam && providerParam in PROVIDER_NAMES ? PROVIDER_NAMES[providerParam as OAuthProviderId] : null);
  const error = startError ?? signInErrorMessage(params.get('error'), providerName);

  if (providers.length === 0 && !error) return null;

  async function start(id: OAuthProviderId) {
    setPending(id);
    setStartError(null);
    try {
      rememberForCompletion(inviteToken, next);
      // next-auth fetches its CSRF token, then sends the browser to the provider.
      await signIn(id);
    } catch {
      setPending(null);
      setStartError(signInErrorMessage('OAuthSignin'));
    }
  }

  return (
    <div className="mt-6 space-y-3" data-testid="oauth-sign-in">
      {error && (
        <div role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
          {error}
        </div>
      )}
      {providers.length > 0 && (
        <>
          <p className="flex items-center gap-3 text-xs text-fg-muted before:h-px before:flex-1 before:bg-track after:h-px after:flex-1 after:bg-track">
            or
          </p>
          {providers.map((p) => (
            <Button
              key={p.id}
              variant="secondary"
              className="w-full"
              loading={pending === p.id}
              disabled={pending !== null}
              onClick={() => start(p.id)}
            >
              Continue with {p.name}
            </Button>
          ))}
        </>
      )}
    </div>
  );
}
