import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { VerifyForm } from '@/components/auth/verify-form';
import { TextLink } from '@/components/ui/text-link';
import { safeNext, withNext } from '@/lib/auth/safe-next';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

export const metadata: Metadata = { title: 'Verify your email' };

type Props = { searchParams: Promise<RefusalParams & { email?: string | string[]; next?: string | string[] }> };

export default async function VerifyPage({ searchParams }: Props) {
  const { email, next: nextParam, ...refusal } = await searchParams;
  const next = safeNext(nextParam);
  return (
    <AuthCard
      title="Check your email"
      description="Enter the passcode we sent to confirm your address."
      footer={
        <>
          Already verified?{' '}
          <TextLink
            href={withNext(typeof email === 'string' ? `/login?email=${encodeURIComponent(email)}` : '/login', next)}
          >
            Log in
          </TextLink>
        </>
      }
    >
      <VerifyForm
        initialEmail={typeof email === 'string' ? email : ''}
        next={next}
        notice={formNotice('verify', refusal)}
      />
    </AuthCard>
  );
}
