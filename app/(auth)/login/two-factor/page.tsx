import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { AuthCard } from '@/components/auth/auth-card';
import { TwoFactorForm } from '@/components/auth/two-factor-form';
import { TextLink } from '@/components/ui/text-link';
import { safeNext, withNext } from '@/lib/auth/safe-next';
import { findPendingSignIn, PENDING_COOKIE } from '@/lib/auth/two-factor/pending-sign-in';
import { secondFactorMethods } from '@/lib/auth/two-factor/factors';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

export const metadata: Metadata = { title: 'Two-factor sign-in' };

type Props = {
  searchParams: Promise<RefusalParams & { next?: string | string[]; method?: string | string[] }>;
};

/** The second step of a sign-in (#48): the pending sign-in's cookie names the person; their factors are offered. */
export default async function TwoFactorPage({ searchParams }: Props) {
  const { next: nextParam, method, ...refusal } = await searchParams;
  const next = safeNext(nextParam);
  const pending = await findPendingSignIn((await cookies()).get(PENDING_COOKIE)?.value);
  if (!pending)
    return (
      <AuthCard title="Two-factor sign-in">
        <p role="alert" className="text-sm">
          Your sign-in expired or was not started. <TextLink href={withNext('/login', next)}>Log in again</TextLink>.
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Two-factor sign-in">
      <p className="mb-4 text-sm text-fg-muted">
        Signing in as <span className="font-medium text-fg">{pending.user.email}</span>.
      </p>
      <TwoFactorForm
        methods={await secondFactorMethods(pending.userId)}
        next={next}
        // Chosen by a link when the page's script has not run (#58).
        initialMethod={method === 'totp' || method === 'webauthn' || method === 'recovery' ? method : undefined}
        notice={formNotice('two-factor', refusal)}
      />
    </AuthCard>
  );
}
