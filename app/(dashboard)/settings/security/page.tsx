import type { Metadata } from 'next';
import { currentSession } from '@/lib/auth/current-session';
import { enrolmentRequiredFor } from '@/lib/auth/two-factor/org-requirement';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';

export const metadata: Metadata = { title: 'Account security' };

export default async function SecurityPage() {
  const session = await currentSession();
  const requiredBy = session?.orgId != null ? await enrolmentRequiredFor(session.user.id, session.orgId) : null;
  return <TwoFactorSettings requiredBy={requiredBy} />;
}
