import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { PasswordGate } from '@/components/auth/password-gate';
import { TextLink } from '@/components/ui/text-link';

export const metadata: Metadata = { title: 'Reset your password' };

export default async function ForgotPasswordPage() {
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
        <ForgotPasswordForm />
      </PasswordGate>
    </AuthCard>
  );
}
