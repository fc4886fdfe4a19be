'use client';

import { useRole } from '@/lib/swr/use-me';
import { useMonitors } from '@/lib/swr/use-monitors';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { PageHeader } from '@/components/ui/page-header';
import { CreateMonitor } from './create-monitor';
import { MonitorRow } from './monitor-row';

/** Cron monitors and uptime checks: status, next expected run, a timeline of recent runs, the issue they opened, muting, and creating one. */
export function MonitorsView({ projectId }: { projectId: string }) {
  const { monitors, error, isLoading } = useMonitors(projectId);
  const { can } = useRole();
  if (error) return <ErrorState error={error} title="Could not load the monitors" />;
  if (isLoading || !monitors) return <LoadingState label="Loading monitors" />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Monitors"
        description={
          <>
            Cron jobs that check in: Sentry SDKs&apos; <code>withMonitor</code> and <code>captureCheckIn</code> (their{' '}
            <code>monitor_config</code> creates the monitor), or a plain request from a shell job:{' '}
            <code>
              curl &quot;$SENTRY_DSN_HOST/api/&lt;project number&gt;/cron/&lt;slug&gt;/&lt;public
              key&gt;/?status=ok&quot;
            </code>
            . A run that does not come within its margin is missed; one that runs past its max runtime times out; either
            opens an issue.
          </>
        }
      >
        <p className="mt-1 text-sm text-fg-secondary">
          Uptime checks request a URL every interval and fail on a timeout, an unexpected status or a missing keyword. A{' '}
          <strong>Monitor</strong> alert rule tells you once when a monitor starts failing and once when it recovers.
        </p>
      </PageHeader>
      {monitors.length === 0 ? (
        <EmptyState
          title="No monitors yet"
          description="Send a check-in with monitor_config from an SDK, or create one below."
        />
      ) : (
        <ul className="space-y-3" data-testid="monitors">
          {monitors.map((m) => (
            <MonitorRow key={m.id} projectId={projectId} m={m} manage={can('ADMIN')} />
          ))}
        </ul>
      )}
      {can('ADMIN') && <CreateMonitor projectId={projectId} />}
    </div>
  );
}
