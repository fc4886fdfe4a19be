import type { Metadata } from 'next';
import { currentSession } from '@/lib/auth/current-session';
import { enrolmentRequiredFor } from '@/lib/auth/two-factor/org-requirement';
import { PasswordSection } from '@/components/account/password-section';
import { SessionsSection } from '@/components/account/sessions-section';
import { OAuthGrantsSection } from '@/components/account/oauth-grants-section';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Security' };

type Props = { searchParams: Promise<RefusalParams & { done?: string | string[] }> };

/**
 * How you sign in (#60): password, two-factor sign-in, the sessions signed in and the MCP clients connected (#63). When the organization requires
 * two-factor sign-in and you have none, that comes first.
 */
export default async function SecurityPage({ searchParams }: Props) {
  const { done, ...refusal } = await searchParams;
  const session = await currentSession();
  const requiredBy = session?.orgId != null ? await enrolmentRequiredFor(session.user.id, session.orgId) : null;
  const twoFactor = <TwoFactorSettings notice={formNotice('totp', refusal)} totpAdded={done === 'totp'} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Security"
        description="Your password, two-factor sign-in, where your account is signed in, and the MCP clients you connected."
      />
      {requiredBy && (
        <p role="alert" className="rounded-md bg-warning-soft p-3 text-sm text-warning-fg">
          <span className="font-medium">{requiredBy}</span> requires two-factor sign-in. Set up an authenticator app or
          a security key to continue to the organization.
        </p>
      )}
      {requiredBy && twoFactor}
      <PasswordSection notice={formNotice('password', refusal)} changed={done === 'password'} />
      {!requiredBy && twoFactor}
      <SessionsSection />
      <OAuthGrantsSection />
    </div>
  );
}
