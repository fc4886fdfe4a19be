'use client';

import Link from 'next/link';
import { useMe, useRole } from '@/lib/swr/use-me';
import { changeMemberRole, removeMember, useInvites, useMembers } from '@/lib/swr/use-team';
import { ROLES } from '@/lib/orgs/roles';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { titleCase } from '@/components/issues/badges';
import { ActionFeedback, useAnnouncedActions } from '@/components/ui/action-feedback';
import { PageHeader } from '@/components/ui/page-header';
import { InviteForm } from './invite-form';
import { PendingInvites } from './pending-invites';
import { MemberRow } from './members/member-row';

/** Members with roles, the invite form and pending invites; controls the caller's role cannot use are not shown or are disabled. */
export function MembersPage() {
  const { me } = useMe();
  const { can } = useRole();
  const { members, error, isLoading } = useMembers();
  const { invites } = useInvites();
  const { run, announcement, error: actionError, setError: setActionError } = useAnnouncedActions();

  if (error) return <ErrorState error={error} title="Could not load the members" />;
  if (isLoading || !members || !me) return <LoadingState label="Loading members" />;

  const owners = members.filter((m) => m.role === 'OWNER').length;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Members"
        description={
          <>
            Members of <span className="font-medium text-fg">{me.organization?.name}</span> and their roles. Members
            triage issues; admins also manage projects, keys, alerts and members; owners also billing and other owners.
            {can('ADMIN') && (
              <>
                {' '}
                <Link href="/settings/audit-log" className="text-link underline underline-offset-4">
                  See the audit log
                </Link>{' '}
                for who changed what.
              </>
            )}
          </>
        }
      />
      <ActionFeedback announcement={announcement} error={actionError} />

      <section className="rounded-xl border border-line bg-surface shadow-sm">
        <h2 className="border-b border-line px-4 py-3 text-base font-semibold sm:px-6">Members ({members.length})</h2>
        <ul className="divide-y divide-line-subtle" aria-label="Members">
          {members.map((m) => (
            <MemberRow
              key={m.userId}
              member={m}
              isMe={m.userId === me.id}
              // ADMINs manage roles below OWNER; only OWNERs touch an OWNER or make one; the last owner stays.
              canEdit={can('ADMIN') && (m.role !== 'OWNER' || can('OWNER')) && !(m.role === 'OWNER' && owners <= 1)}
              roleChoices={ROLES.filter((r) => r !== 'OWNER' || can('OWNER'))}
              onRole={(role) => run(() => changeMemberRole(m.userId, role), `${m.name} is now ${titleCase(role)}`)}
              onRemove={() => run(() => removeMember(m.userId), `${m.name} was removed`)}
            />
          ))}
        </ul>
      </section>

      {can('ADMIN') ? (
        <InviteForm allowOwner={can('OWNER')} />
      ) : (
        <Card>
          <h2 className="text-base font-semibold">Invite people</h2>
          <p className="mt-1 text-sm text-fg-secondary">
            Only admins and owners can invite people. Ask one of them to send you a link.
          </p>
        </Card>
      )}

      <PendingInvites invites={invites ?? []} canRevoke={can('ADMIN')} onError={setActionError} />
    </div>
  );
}
