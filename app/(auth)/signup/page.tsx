import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignupForm } from '@/components/auth/signup-form';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { PasswordGate } from '@/components/auth/password-gate';
import { TextLink } from '@/components/ui/text-link';
import { safeNext, withNext } from '@/lib/auth/safe-next';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

export const metadata: Metadata = { title: 'Sign up' };

type Props = { searchParams: Promise<RefusalParams & { next?: string | string[] }> };

export default async function SignupPage({ searchParams }: Props) {
  const { next: nextParam, ...refusal } = await searchParams;
  const next = safeNext(nextParam);
  return (
    <AuthCard
      title="Create your account"
      description="Start tracking errors in minutes."
      footer={
        <>
          Already have an account? <TextLink href={withNext('/login', next)}>Log in</TextLink>
        </>
      }
    >
      <PasswordGate signup>
        <SignupForm next={next} notice={formNotice('signup', refusal)} />
      </PasswordGate>
      <OAuthButtons next={next} />
    </AuthCard>
  );
}
