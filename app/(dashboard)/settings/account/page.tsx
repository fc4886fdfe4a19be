import type { Metadata } from 'next';
import Link from 'next/link';
import { PasswordSection } from '@/components/account/password-section';
import { SessionsSection } from '@/components/account/sessions-section';
import { Card } from '@/components/ui/card';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Account' };

type Props = { searchParams: Promise<RefusalParams & { done?: string | string[] }> };

export default async function AccountSettingsPage({ searchParams }: Props) {
  const { done, ...refusal } = await searchParams;
  return (
    <div className="space-y-6">
      <PageHeader title="Account" description="Your sign-in: where you are signed in and your password." />
      <SessionsSection />
      <PasswordSection notice={formNotice('password', refusal)} changed={done === 'password'} />
      <Card>
        <h2 className="text-base font-semibold">Notifications</h2>
        <p className="mt-1 text-sm text-fg-secondary">
          Which events of the issues you take part in reach you by email, per project if you like.{' '}
          <Link href="/settings/notifications" className="text-link underline underline-offset-4">
            Notification settings
          </Link>
        </p>
      </Card>
      <Card>
        <h2 className="text-base font-semibold">Two-factor sign-in</h2>
        <p className="mt-1 text-sm text-fg-secondary">
          An authenticator app, security keys and passkeys, and recovery codes.{' '}
          <Link href="/settings/security" className="text-link underline underline-offset-4">
            Manage two-factor sign-in
          </Link>
        </p>
      </Card>
    </div>
  );
}
