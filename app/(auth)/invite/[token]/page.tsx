import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { AppError } from '@/lib/errors';
import { describeInvite } from '@/lib/invites/find-invite';
import { resolveSession, SESSION_COOKIE } from '@/lib/auth/session';
import { AuthCard } from '@/components/auth/auth-card';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { InviteAccept } from '@/components/invites/invite-accept';
import { InviteProblem } from '@/components/invites/invite-problem';
import { titleCase } from '@/components/issues/badges';

export const metadata: Metadata = { title: 'Invitation' };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let invite: Awaited<ReturnType<typeof describeInvite>>;
  try {
    invite = await describeInvite(token);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // An unknown link answers 404; a used, revoked or expired one says which.
    if (err.code === 'NOT_FOUND') notFound();
    return <InviteProblem message={`${err.message}.`} />;
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
