import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { TextLink } from '@/components/ui/text-link';

// The token is in the URL: never send it on in a Referer.
export const metadata: Metadata = { title: 'Choose a new password', referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <>
          Back to <TextLink href="/login">Log in</TextLink>
        </>
      }
    >
      <ResetPasswordForm token={typeof token === 'string' ? token : ''} />
    </AuthCard>
  );
}
