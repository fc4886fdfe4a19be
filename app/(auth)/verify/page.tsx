import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { VerifyForm } from '@/components/auth/verify-form';
import { TextLink } from '@/components/ui/text-link';

export const metadata: Metadata = { title: 'Verify your email' };

type Props = { searchParams: Promise<{ email?: string | string[] }> };

export default async function VerifyPage({ searchParams }: Props) {
  const { email } = await searchParams;
  return (
    <AuthCard
      title="Check your email"
      description="Enter the passcode we sent to confirm your address."
      footer={
        <>
          Already verified? <TextLink href="/login">Log in</TextLink>
        </>
      }
    >
      <VerifyForm initialEmail={typeof email === 'string' ? email : ''} />
    </AuthCard>
  );
}
