import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { PasswordGate } from '@/components/auth/password-gate';
import { TextLink } from '@/components/ui/text-link';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

export const metadata: Metadata = { title: 'Reset your password' };

type Props = { searchParams: Promise<RefusalParams & { sent?: string | string[]; email?: string | string[] }> };

export default async function ForgotPasswordPage({ searchParams }: Props) {
  const { sent, email, ...refusal } = await searchParams;
  // Sent without the page's script (#58): the form's handler came back here. Only an address is shown from the URL.
  const to = typeof email === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(email) ? email : 'that address';
  return (
    <AuthCard
      title="Reset your password"
      description="We will email you a link to choose a new one."
      footer={
        <>
          Remembered it? <TextLink href="/login">Log in</TextLink>
        </>
      }
    >
      <PasswordGate>
        <ForgotPasswordForm notice={formNotice('forgot-password', refusal)} sent={sent === '1' ? { to } : undefined} />
      </PasswordGate>
    </AuthCard>
  );
}
