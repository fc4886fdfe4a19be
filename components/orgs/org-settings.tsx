'use client';

import { useMe, useRole } from '@/lib/swr/use-me';
import { leaveOrganization, useMembers } from '@/lib/swr/use-team';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { KeyValueList } from '@/components/ui/key-value-list';
import { LinkCard } from '@/components/ui/link-card';
import { SectionCard } from '@/components/ui/section-card';
import { LoadingState } from '@/components/ui/states';
import { titleCase } from '@/components/issues/badges';
import { ActionFeedback, useAnnouncedActions } from '@/components/ui/action-feedback';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';
import { PageHeader } from '@/components/ui/page-header';
import { RoleNote } from './role-note';
import { DeleteOrganization } from './delete-organization';
import { ApiTokens } from './api-tokens';
import { OrgPrivacy } from './org-privacy';
import { OrgSso } from './org-sso';
import { OrgTwoFactor } from './org-two-factor';

/**
 * The organization's own settings (#60; members, teams, projects, the audit log and billing have pages of their
 * own): API tokens and data-subject erasures (ADMIN), privacy, SSO, two-factor and deletion (OWNER), and leaving.
 */
export function OrgSettings() {
  const { me } = useMe();
  const { role, can } = useRole();
  const { members } = useMembers();
  const { run, announcement, error } = useAnnouncedActions();

  if (!me || !role) return <LoadingState label="Loading the organization" />;
  const organization = me.organization;
  const owners = members?.filter((m) => m.role === 'OWNER').length ?? 0;
  const lastOwner = role === 'OWNER' && members !== undefined && owners <= 1;

  return (
    <div className="space-y-6">
      <PageHeader title="Organization" description="The organization's API tokens, privacy and sign-in rules." />
      <ActionFeedback announcement={announcement} error={error} />
      {organization && (
        <SectionCard title="General">
          <KeyValueList
            tone="text"
            rows={[
              ['Name', organization.name],
              [
                'Slug',
                <span key="s" className="font-mono text-xs">
                  {organization.slug}
                </span>,
              ],
              ['Plan', organization.plan],
              ['Your role', titleCase(role)],
            ]}
          />
        </SectionCard>
      )}
      {!can('ADMIN') && <RoleNote min="ADMIN" what="manage API tokens, privacy, sign-in rules and erasures" />}

      {can('ADMIN') && <ApiTokens />}

      {can('ADMIN') && (
        <LinkCard title="Data-subject requests" href="/settings/organization/erasure" label="Erase a person's data">
          Find and delete everything one of your users left behind in this organization&apos;s projects.
        </LinkCard>
      )}

      {can('OWNER') && <OrgPrivacy />}
      {can('OWNER') && <OrgSso />}
      {can('OWNER') && <OrgTwoFactor />}

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
          disabled={lastOwner || members === undefined}
          onClick={() =>
            run(async () => {
              if (!window.confirm(`Leave ${organization?.name}?`)) return;
              await leaveOrganization();
              enterDashboard();
            }, 'You left the organization')
          }
        >
          Leave organization
        </Button>
      </Card>

      {can('OWNER') && organization && <DeleteOrganization name={organization.name} />}
    </div>
  );
}
