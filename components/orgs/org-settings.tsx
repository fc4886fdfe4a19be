'use client';

import Link from 'next/link';
import { useState } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { useMe, useRole } from '@/lib/swr/use-me';
import {
  changeMemberRole,
  leaveOrganization,
  removeMember,
  useInvites,
  useMembers,
  type Member,
} from '@/lib/swr/use-team';
import { ROLES, type Role } from '@/lib/orgs/roles';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { titleCase } from '@/components/issues/badges';
import { InviteForm } from './invite-form';
import { PendingInvites } from './pending-invites';
import { DeleteOrganization } from './delete-organization';
import { ApiTokens } from './api-tokens';
import { OrgPrivacy } from './org-privacy';
import { OrgSso } from './org-sso';
import { OrgTwoFactor } from './org-two-factor';
import { ActionFeedback } from '@/components/ui/action-feedback';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';
import { PageHeader } from '@/components/ui/page-header';

const message = (err: unknown) =>
  err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.';

/** Members with roles, pending invites, the invite form and leaving; controls the caller's role cannot use are not shown or are disabled. */
export function OrgSettings() {
  const { me } = useMe();
  const { can } = useRole();
  const { members, error, isLoading } = useMembers();
  const { invites } = useInvites();
  const [actionError, setActionError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');

  if (error) return <ErrorState error={error} title="Could not load the members" />;
  if (isLoading || !members || !me) return <LoadingState label="Loading members" />;

  const owners = members.filter((m) => m.role === 'OWNER').length;
  const run = async (fn: () => Promise<void>, done: string) => {
    setActionError(undefined);
    try {
      await fn();
      setAnnouncement(done);
    } catch (err) {
      setActionError(message(err));
    }
  };
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

      <Card>
        <h2 className="text-base font-semibold">Teams</h2>
        <p className="mt-1 text-sm text-fg-secondary">
          Group members into teams with the projects they look after; issues can be assigned to a team.
        </p>
        <Link href="/settings/organization/teams" className={buttonClasses('secondary', 'mt-4')}>
          Manage teams
        </Link>
      </Card>

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
        <Card>
          <h2 className="text-base font-semibold">Data-subject requests</h2>
          <p className="mt-1 text-sm text-fg-secondary">
            Find and delete everything one of your users left behind in this organization&apos;s projects.
          </p>
          <Link href="/settings/organization/erasure" className={buttonClasses('secondary', 'mt-4')}>
            Erase a person&apos;s data
          </Link>
        </Card>
      )}

      {can('OWNER') && <OrgPrivacy />}
      {can('OWNER') && <OrgSso />}
      {can('OWNER') && <OrgTwoFactor />}
      {can('OWNER') && me.organization && <DeleteOrganization name={me.organization.name} />}
    </div>
  );
}

type RowProps = {
  member: Member;
  isMe: boolean;
  canEdit: boolean;
  roleChoices: Role[];
  onRole: (r: Role) => Promise<void>;
  onRemove: () => Promise<void>;
};

function MemberRow({ member, isMe, canEdit, roleChoices, onRole, onRemove }: RowProps) {
  const [busy, setBusy] = useState(false);
  const wrap = (fn: () => Promise<void>) => async () => {
    setBusy(true);
    await fn();
    setBusy(false);
  };
  const selectId = `role-${member.userId}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6" data-testid="member-row">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {member.name}
          {isMe && <span className="ml-1 text-fg-muted">(you)</span>}
        </p>
        <p className="truncate text-xs text-fg-muted">{member.email}</p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Role of {member.name}
        </label>
        {canEdit ? (
          <Select
            id={selectId}
            value={member.role}
            disabled={busy}
            onChange={(e) => void wrap(() => onRole(e.target.value as Role))()}
            data-testid="member-role"
          >
            {(roleChoices.includes(member.role) ? roleChoices : [member.role, ...roleChoices]).map((r) => (
              <option key={r} value={r}>
                {titleCase(r)}
              </option>
            ))}
          </Select>
        ) : (
          <span
            className="rounded-md bg-surface-hover px-2 py-1 text-xs font-medium text-fg-secondary"
            data-testid="member-role"
          >
            {titleCase(member.role)}
          </span>
        )}
        {canEdit && !isMe && (
          <Button
            variant="danger-ghost"
            className="h-9 px-3"
            disabled={busy}
            aria-label={`Remove ${member.name}`}
            onClick={() => {
              if (window.confirm(`Remove ${member.name} from the organization?`)) void wrap(onRemove)();
            }}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
