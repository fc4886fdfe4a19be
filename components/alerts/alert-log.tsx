'use client';

import { LoadError, Skeleton } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import { cn } from '@/components/ui/cn';
import { useAlertLogs } from '@/lib/swr/use-alerts';

/** Every delivery attempt of one rule, newest first; refreshed every few seconds while open. */
export function AlertLog({ projectId, ruleId, id }: { projectId: string; ruleId: string; id: string }) {
  const { data, error, mutate } = useAlertLogs(projectId, ruleId);

  return (
    <div id={id} className="border-t border-line pt-4">
      {error ? (
        <LoadError what="the delivery log" error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : data.length === 0 ? (
        <p className="text-sm text-fg-muted">
          No deliveries yet. Each attempt appears here within seconds of the rule firing.
        </p>
      ) : (
        <div
          tabIndex={0}
          role="region"
          aria-label="Delivery log"
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-focus"
        >
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Delivery attempts, newest first</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-fg-muted uppercase">
                <th scope="col" className="py-2 pr-4">
                  Time
                </th>
                <th scope="col" className="py-2 pr-4">
                  Channel
                </th>
                <th scope="col" className="py-2 pr-4">
                  Target
                </th>
                <th scope="col" className="py-2 pr-4">
                  Result
                </th>
                <th scope="col" className="py-2">
                  Error
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line-subtle">
              {data.map((log) => (
                <tr key={log.id} data-testid="alert-log-row">
                  <td className="py-2 pr-4 whitespace-nowrap text-fg-secondary">
                    <RelativeTime iso={log.triggeredAt} />
                  </td>
                  <td className="py-2 pr-4 capitalize">{log.channel}</td>
                  <td className="max-w-[16rem] truncate py-2 pr-4 font-mono text-[13px]" title={log.target}>
                    {log.target}
                  </td>
                  <td className="py-2 pr-4">
                    <span
                      className={cn(
                        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                        log.success
                          ? 'bg-success-soft text-success-fg ring-success-line'
                          : 'bg-danger-soft text-danger-fg ring-danger-line',
                      )}
                    >
                      <span aria-hidden="true">{log.success ? '✓' : '✕'}</span>
                      {log.success ? 'Delivered' : 'Failed'}
                    </span>
                  </td>
                  <td className="py-2 text-danger-fg">{log.error ?? <span className="text-fg-muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
