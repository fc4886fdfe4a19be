import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { SignupForm } from '@/components/auth/signup-form';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { TextLink } from '@/components/ui/text-link';

export const metadata: Metadata = { title: 'Sign up' };

export default function SignupPage() {
  return (
    <AuthCard
      title="Create your account"
      description="Start tracking errors in minutes."
      footer={
        <>
          Already have an account? <TextLink href="/login">Log in</TextLink>
        </>
      }
    >
      <SignupForm />
      <OAuthButtons />
    </AuthCard>
  );
}
