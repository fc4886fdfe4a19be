import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { TextLink } from '@/components/ui/text-link';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

// The token is in the URL: no other origin sees it in a Referer (the sign-in pages' header says the same, #58). Not
// `no-referrer`: a form posted from a page under it says `Origin: null`, which the CSRF check refuses.
export const metadata: Metadata = { title: 'Choose a new password', referrer: 'same-origin' };

type Props = { searchParams: Promise<RefusalParams & { token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token, ...refusal } = await searchParams;
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <>
          Back to <TextLink href="/login">Log in</TextLink>
        </>
      }
    >
      <ResetPasswordForm
        token={typeof token === 'string' ? token : ''}
        notice={formNotice('reset-password', refusal)}
      />
    </AuthCard>
  );
}
