'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { useRole } from '@/lib/swr/use-me';
import { createMonitor, setMonitorMuted, useMonitors, type Monitor } from '@/lib/swr/use-monitors';
import { intervalPhrase } from '@/lib/monitors/schedule-phrase';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Select } from '@/components/ui/select';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/components/ui/page-header';
import { issueHref } from '@/lib/swr/use-issues';

const RUN_COLORS: Record<string, string> = {
  ok: 'bg-success',
  in_progress: 'bg-fg-muted',
  error: 'bg-danger-solid',
  missed: 'bg-warning-solid',
  timeout: 'bg-danger-solid',
};

const RUN_TEXT: Record<string, string> = {
  ok: 'OK',
  in_progress: 'In progress',
  error: 'Failed',
  missed: 'Missed',
  timeout: 'Timed out',
};

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for a first run',
  ok: 'OK',
  error: 'Failing',
  missed: 'Missed',
  timeout: 'Timed out',
};

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

/** A run's duration: milliseconds for an uptime check, seconds for a job. */
const runtime = (m: Monitor, ms: number) => (m.kind === 'uptime' ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

function MonitorRow({ projectId, m, manage }: { projectId: string; m: Monitor; manage: boolean }) {
  const runs = [...m.runs].reverse();
  // Runs come newest first, by when each started (not when its check-ins arrived).
  const latest = m.runs[0];
  return (
    <li>
      <Card className="space-y-2" data-testid="monitor" data-slug={m.slug}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-mono text-base font-semibold">{m.slug}</h2>
          <span
            className={cn(
              'text-sm font-medium',
              m.status === 'ok' ? 'text-success-fg' : m.status === 'pending' ? 'text-fg-muted' : 'text-danger-fg',
            )}
            data-testid="monitor-status"
          >
            {STATUS_TEXT[m.status] ?? m.status}
            {m.muted && ' (muted)'}
          </span>
        </div>
        {m.kind === 'uptime' && (
          <p className="truncate text-sm">
            Uptime check of <code className="break-all">{m.url}</code>
            {m.expectedStatus ? ` · expects HTTP ${m.expectedStatus}` : ' · expects 2xx'}
            {m.keyword ? ` · containing “${m.keyword}”` : ''}
          </p>
        )}
        <p className="text-sm text-fg-secondary">
          {m.scheduleType === 'unscheduled' ? (
            'No schedule yet (its SDK sends it with the next run)'
          ) : m.scheduleType === 'crontab' ? (
            <code>{m.schedule}</code>
          ) : (
            intervalPhrase(m.schedule)
          )}
          {m.scheduleType === 'crontab' && ` (${m.timezone})`}
          {m.nextExpectedAt && (
            <>
              {' '}
              · next run expected <RelativeTime iso={m.nextExpectedAt} />
            </>
          )}
          {m.lastCheckinAt && (
            <>
              {' '}
              · last check-in <RelativeTime iso={m.lastCheckinAt} />
            </>
          )}
        </p>
        <ol className="flex flex-wrap gap-1" aria-label={`Recent runs of ${m.slug}, oldest first`}>
          {runs.map((r) => (
            <li
              key={r.id}
              title={`${r.status} · ${new Date(r.startedAt).toLocaleString()}${r.durationMs !== null ? ` · ${runtime(m, r.durationMs)}` : ''}${r.detail ? ` · ${r.detail}` : ''}`}
              className={cn('size-3 rounded-sm', RUN_COLORS[r.status] ?? 'bg-fg-muted')}
              data-status={r.status}
            >
              <span className="sr-only">
                {r.status}
                {r.detail ? `: ${r.detail}` : ''}
              </span>
            </li>
          ))}
        </ol>
        {latest && (
          <p className="text-sm text-fg-secondary" data-testid="monitor-latest-run">
            Latest run:{' '}
            <span
              className={cn(
                'font-medium',
                latest.status === 'ok'
                  ? 'text-success-fg'
                  : latest.status === 'in_progress'
                    ? 'text-fg'
                    : 'text-danger-fg',
              )}
            >
              {RUN_TEXT[latest.status] ?? latest.status}
            </span>
            , started <RelativeTime iso={latest.startedAt} />
            {latest.durationMs !== null &&
              latest.status !== 'in_progress' &&
              ` · took ${runtime(m, latest.durationMs)}`}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {m.runs[0]?.detail && m.status !== 'ok' && (
            <p className="text-sm text-danger-fg" data-testid="monitor-detail">
              Last run: {m.runs[0].detail}
            </p>
          )}
          {m.issueId && (
            <Link className="text-link underline" href={issueHref(projectId, m.issueId)}>
              Its issue
            </Link>
          )}
          {manage && (
            <Button
              variant="ghost"
              className="h-8 px-3"
              onClick={() => void setMonitorMuted(projectId, m.id, !m.muted)}
            >
              {m.muted ? `Unmute ${m.slug}` : `Mute ${m.slug}`}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

function CreateMonitor({ projectId }: { projectId: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [kind, setKind] = useState<'cron' | 'uptime'>('cron');
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const target = e.currentTarget;
    const form = new FormData(target);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setPending(true);
    setError(undefined);
    try {
      await createMonitor(
        projectId,
        kind === 'uptime'
          ? {
              kind,
              slug: text('slug'),
              url: text('url'),
              schedule: `${Number(text('interval')) || 1} minute`,
              expectedStatus: text('expectedStatus') ? Number(text('expectedStatus')) : null,
              keyword: text('keyword') || null,
            }
          : {
              kind,
              slug: text('slug'),
              scheduleType: text('scheduleType') || 'crontab',
              schedule: text('schedule'),
              timezone: text('timezone') || 'UTC',
            },
      );
      target.reset();
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (Object.values(err.fieldErrors())[0] ?? err.summary())
          : 'Could not reach the server.',
      );
    } finally {
      setPending(false);
    }
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">New monitor</h2>
      <form onSubmit={onSubmit} className="mt-3 grid max-w-2xl gap-3 sm:grid-cols-2" noValidate>
        <div className="space-y-1.5">
          <label htmlFor="kind" className="text-sm font-medium">
            Kind
          </label>
          <Select
            id="kind"
            name="kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'cron' | 'uptime')}
            className="w-full"
          >
            <option value="cron">Cron job (check-ins)</option>
            <option value="uptime">Uptime check (URL)</option>
          </Select>
        </div>
        <Field name="slug" label="Slug" placeholder={kind === 'uptime' ? 'api-health' : 'nightly-backup'} required />
        {kind === 'uptime' ? (
          <>
            <div className="sm:col-span-2">
              <Field name="url" label="URL" placeholder="https://example.com/health" required />
            </div>
            <Field name="interval" label="Every (minutes)" type="number" min={1} defaultValue="1" />
            <Field name="expectedStatus" label="Expected status (empty: any 2xx)" type="number" placeholder="200" />
            <Field name="keyword" label="Keyword in the answer (optional)" placeholder="ok" />
          </>
        ) : (
          <>
            <div className="space-y-1.5">
              <label htmlFor="scheduleType" className="text-sm font-medium">
                Schedule
              </label>
              <Select id="scheduleType" name="scheduleType" defaultValue="crontab" className="w-full">
                <option value="crontab">crontab</option>
                <option value="interval">interval</option>
              </Select>
            </div>
            <Field name="schedule" label="Crontab or interval" placeholder="0 3 * * *  or  10 minute" required />
            <Field name="timezone" label="Time zone" placeholder="UTC" />
          </>
        )}
        <div className="sm:col-span-2">
          <FormError message={error} />
          <Button type="submit" loading={pending}>
            Create monitor
          </Button>
        </div>
      </form>
    </Card>
  );
}
