import type { Metadata } from 'next';
import { currentSession } from '@/lib/auth/current-session';
import { enrolmentRequiredFor } from '@/lib/auth/two-factor/org-requirement';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

export const metadata: Metadata = { title: 'Account security' };

type Props = { searchParams: Promise<RefusalParams & { done?: string | string[] }> };

export default async function SecurityPage({ searchParams }: Props) {
  const { done, ...refusal } = await searchParams;
  const session = await currentSession();
  const requiredBy = session?.orgId != null ? await enrolmentRequiredFor(session.user.id, session.orgId) : null;
  return <TwoFactorSettings requiredBy={requiredBy} notice={formNotice('totp', refusal)} totpAdded={done === 'totp'} />;
}
