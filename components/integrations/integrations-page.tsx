'use client';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ActionFeedback, useAnnouncedActions } from '@/components/ui/action-feedback';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useRole } from '@/lib/swr/use-me';
import { useIntegrationProviders, useIntegrations } from '@/lib/swr/use-integrations';
import { AddToSlack } from './add-to-slack';
import { ConnectForm } from './connect-form';
import { IntegrationCard } from './integration-card';

/** Organization settings → Integrations (#64): the issue trackers, each project's settings, secrets and logs. */
export function IntegrationsPage() {
  const { role, can } = useRole();
  const admin = can('ADMIN');
  const { integrations, error, isLoading } = useIntegrations();
  const providers = useIntegrationProviders();
  const { run, announcement, announce: setAnnouncement, error: actionError } = useAnnouncedActions();
  if (!role) return <LoadingState label="Loading integrations" />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Integrations"
        description={
          <>
            Create tickets in GitHub, GitLab, Jira or Linear from an issue (or from an alert rule), close them when the
            issue is resolved and resolve the issue when they are closed; link stack frames and suspect commits to the
            code. Send alerts to Slack (resolve from its buttons), Microsoft Teams, PagerDuty or Opsgenie. Tokens and
            secrets are encrypted and never shown again.
            {!admin && ' Only admins and owners can change integrations.'}
          </>
        }
      />
      <ActionFeedback announcement={announcement} error={actionError} />
      {admin && <AddToSlack />}
      {admin && providers && (
        <ConnectForm providers={providers} onConnected={(i) => setAnnouncement(`${i.name} connected`)} />
      )}
      {error && <ErrorState error={error} title="Could not load the integrations" />}
      {!error && (isLoading || !integrations) && <LoadingState label="Loading integrations" />}
      {integrations && integrations.length === 0 && (
        <Card>
          <p className="text-sm text-fg-secondary" data-testid="integrations-empty">
            No integration yet.{admin ? ' Connect one above.' : ''}
          </p>
        </Card>
      )}
      {integrations && integrations.length > 0 && (
        <ul className="space-y-4" aria-label="Integrations">
          {integrations.map((i) => (
            <IntegrationCard
              key={i.id}
              integration={i}
              provider={providers?.find((p) => p.id === i.provider)}
              admin={admin}
              run={run}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
