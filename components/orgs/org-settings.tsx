'use client';

import Link from 'next/link';
import { useMe, useRole } from '@/lib/swr/use-me';
import { changeMemberRole, leaveOrganization, removeMember, useInvites, useMembers } from '@/lib/swr/use-team';
import { ROLES } from '@/lib/orgs/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkCard } from '@/components/ui/link-card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { titleCase } from '@/components/issues/badges';
import { InviteForm } from './invite-form';
import { PendingInvites } from './pending-invites';
import { DeleteOrganization } from './delete-organization';
import { ApiTokens } from './api-tokens';
import { OrgPrivacy } from './org-privacy';
import { OrgSso } from './org-sso';
import { OrgTwoFactor } from './org-two-factor';
import { ActionFeedback, useAnnouncedActions } from '@/components/ui/action-feedback';
import { MemberRow } from './members/member-row';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';
import { PageHeader } from '@/components/ui/page-header';

/** Members with roles, pending invites, the invite form and leaving; controls the caller's role cannot use are not shown or are disabled. */
export function OrgSettings() {
  const { me } = useMe();
  const { can } = useRole();
  const { members, error, isLoading } = useMembers();
  const { invites } = useInvites();
  const { run, announcement, error: actionError, setError: setActionError } = useAnnouncedActions();

  if (error) return <ErrorState error={error} title="Could not load the members" />;
  if (isLoading || !members || !me) return <LoadingState label="Loading members" />;

  const owners = members.filter((m) => m.role === 'OWNER').length;
  const meMember = members.find((m) => m.userId === me.id);
  const lastOwner = meMember?.role === 'OWNER' && owners <= 1;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Team"
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

      <LinkCard title="Teams" href="/settings/organization/teams" label="Manage teams">
        Group members into teams with the projects they look after; issues can be assigned to a team.
      </LinkCard>

      <LinkCard title="Integrations" href="/settings/organization/integrations" label="Manage integrations">
        GitHub, GitLab, Jira and Linear: tickets from issues, kept in step both ways, and links to the code.
      </LinkCard>

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

      <Card tone="danger-outline">
        <h2 className="text-base font-semibold">Leave the organization</h2>
        <p className="mt-1 text-sm text-fg-secondary">
          {lastOwner
            ? 'You are the last owner: make someone else an owner before you leave.'
            : 'You lose access to its projects and issues; issues assigned to you become unassigned.'}
        </p>
        <Button
          variant="danger"
          className="mt-4"
          disabled={lastOwner}
          onClick={() =>
            run(async () => {
              if (!window.confirm(`Leave ${me.organization?.name}?`)) return;
              await leaveOrganization();
              enterDashboard();
            }, 'You left the organization')
          }
        >
          Leave organization
        </Button>
      </Card>

      {can('ADMIN') && <ApiTokens />}

      {can('ADMIN') && (
        <LinkCard title="Data-subject requests" href="/settings/organization/erasure" label="Erase a person's data">
          Find and delete everything one of your users left behind in this organization&apos;s projects.
        </LinkCard>
      )}

      {can('OWNER') && <OrgPrivacy />}
      {can('OWNER') && <OrgSso />}
      {can('OWNER') && <OrgTwoFactor />}
      {can('OWNER') && me.organization && <DeleteOrganization name={me.organization.name} />}
    </div>
  );
}
