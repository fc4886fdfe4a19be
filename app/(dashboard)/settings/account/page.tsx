import type { Metadata } from 'next';
import { AccountProfile } from '@/components/account/account-profile';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Account' };

/** Your account: who you are and where you belong. Password, sessions and two-factor sign-in are on Security. */
export default function AccountSettingsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Account" description="Your name and email, and the organizations you belong to." />
      <AccountProfile />
    </div>
  );
}
