import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { AppError } from '@/lib/errors';
import { describeInvite } from '@/lib/invites/find-invite';
import { resolveSession, SESSION_COOKIE } from '@/lib/auth/session';
import { AuthCard } from '@/components/auth/auth-card';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { InviteAccept } from '@/components/invites/invite-accept';
import { TextLink } from '@/components/ui/text-link';
import { titleCase } from '@/components/issues/badges';

export const metadata: Metadata = { title: 'Invitation' };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let invite: Awaited<ReturnType<typeof describeInvite>>;
  try {
    invite = await describeInvite(token);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return (
      <AuthCard title="This invite cannot be used" footer={<TextLink href="/login">Go to log in</TextLink>}>
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg" data-testid="invite-problem">
          {err.code === 'NOT_FOUND' ? 'This invite link is not valid. Check that you copied all of it.' : `${err.message}.`}
        </p>
        <p className="mt-4 text-sm text-fg-secondary">Ask an admin of the organization to send you a new invite.</p>
      </AuthCard>
    );
  }
  const session = await resolveSession((await cookies()).get(SESSION_COOKIE)?.value);
  return (
    <AuthCard
      title={`Join ${invite.organization.name}`}
      description={`${invite.invitedBy ?? 'A teammate'} invited ${invite.email} to join as ${titleCase(invite.role)}.`}
    >
      <InviteAccept
        token={token}
        email={invite.email}
        accountExists={invite.accountExists}
        signedInAs={session ? { name: session.user.name, email: session.user.email } : null}
      />
      {!session && <OAuthButtons inviteToken={token} />}
    </AuthCard>
  );
}
