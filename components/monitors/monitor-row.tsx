'use client';

import Link from 'next/link';
import { setMonitorMuted, type Monitor } from '@/lib/swr/use-monitors';
import { issueHref } from '@/lib/swr/use-issues';
import { intervalPhrase } from '@/lib/monitors/schedule-phrase';
import { RUN_TEXT } from '@/lib/monitors/run-words';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatDateTime } from '@/lib/text/date-format';

const RUN_COLORS: Record<string, string> = {
  ok: 'bg-success',
  in_progress: 'bg-fg-muted',
  error: 'bg-danger-solid',
  missed: 'bg-warning-solid',
  timeout: 'bg-danger-solid',
};

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for a first run',
  ok: 'OK',
  error: 'Failing',
  missed: 'Missed',
  timeout: 'Timed out',
};

/** A run's duration: milliseconds for an uptime check, seconds for a job. */
const runtime = (m: Monitor, ms: number) => (m.kind === 'uptime' ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** One monitor: its status, schedule, recent runs as a strip, the latest run, its issue, and muting. */
export function MonitorRow({ projectId, m, manage }: { projectId: string; m: Monitor; manage: boolean }) {
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
              title={`${r.status} · ${formatDateTime(r.startedAt, { precision: 'second' })}${r.durationMs !== null ? ` · ${runtime(m, r.durationMs)}` : ''}${r.detail ? ` · ${r.detail}` : ''}`}
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
