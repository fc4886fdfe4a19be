import type { Metadata } from 'next';
import { PasswordSection } from '@/components/account/password-section';
import { SessionsSection } from '@/components/account/sessions-section';

export const metadata: Metadata = { title: 'Account' };

export default function AccountSettingsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="mt-1 text-sm text-fg-secondary">Your sign-in: where you are signed in and your password.</p>
      </div>
      <SessionsSection />
      <PasswordSection />
    </div>
  );
}
