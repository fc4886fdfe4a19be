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
import { formNotice, type RefusalParams } from '@/lib/auth/form-errors';

export const metadata: Metadata = { title: 'Invitation' };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<RefusalParams> };

export default async function InvitePage({ params, searchParams }: Props) {
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
  // Which of the page's forms a refusal sent without the page's script came back from (#58).
  const form = session ? 'invite-accept' : invite.accountExists ? 'invite-login' : 'invite-signup';
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
        notice={formNotice(form, await searchParams)}
      />
      {!session && <OAuthButtons inviteToken={token} />}
    </AuthCard>
  );
}
