import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { PasswordGate } from '@/components/auth/password-gate';
import { TextLink } from '@/components/ui/text-link';
import { safeNext, withNext } from '@/lib/auth/safe-next';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

export const metadata: Metadata = { title: 'Log in' };

type Props = {
  searchParams: Promise<
    RefusalParams & {
      verified?: string | string[];
      reset?: string | string[];
      email?: string | string[];
      next?: string | string[];
    }
  >;
};

export default async function LoginPage({ searchParams }: Props) {
  const { verified, reset, email, next: nextParam, ...refusal } = await searchParams;
  const next = safeNext(nextParam);
  return (
    <AuthCard
      title="Log in to Tracker"
      footer={
        <>
          New here? <TextLink href={withNext('/signup', next)}>Create an account</TextLink>
        </>
      }
    >
      {verified === '1' && (
        <p role="status" className="mb-4 rounded-md bg-success-soft p-3 text-sm text-success-fg">
          Your email is verified. Log in to continue.
        </p>
      )}
      {reset === '1' && (
        <p role="status" className="mb-4 rounded-md bg-success-soft p-3 text-sm text-success-fg">
          Your password is changed. Log in with the new one.
        </p>
      )}
      <PasswordGate>
        <LoginForm
          initialEmail={typeof email === 'string' ? email : ''}
          next={next}
          notice={formNotice('login', refusal)}
        />
      </PasswordGate>
      <OAuthButtons next={next} />
    </AuthCard>
  );
}
