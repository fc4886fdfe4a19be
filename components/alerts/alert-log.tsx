'use client';

import { LoadError, Skeleton } from '@/components/performance/load-states';
import { RelativeTime } from '@/components/performance/relative-time';
import { cn } from '@/components/ui/cn';
import { useAlertLogs } from '@/lib/swr/use-alerts';

/** Every delivery attempt of one rule, newest first; refreshed every few seconds while open. */
export function AlertLog({ projectId, ruleId, id }: { projectId: string; ruleId: string; id: string }) {
  const { data, error, mutate } = useAlertLogs(projectId, ruleId);

  return (
    <div id={id} className="border-t border-neutral-200 pt-4">
      {error ? (
        <LoadError what="the delivery log" error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : data.length === 0 ? (
        <p className="text-sm text-neutral-600">No deliveries yet. Each attempt appears here within seconds of the rule firing.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Delivery attempts, newest first</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-neutral-600 uppercase">
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
            <tbody className="divide-y divide-neutral-100">
              {data.map((log) => (
                <tr key={log.id} data-testid="alert-log-row">
                  <td className="py-2 pr-4 whitespace-nowrap text-neutral-700">
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
                          ? 'bg-green-100 text-green-900 ring-green-300'
                          : 'bg-red-100 text-red-900 ring-red-300',
                      )}
                    >
                      <span aria-hidden="true">{log.success ? '✓' : '✕'}</span>
                      {log.success ? 'Delivered' : 'Failed'}
                    </span>
                  </td>
                  <td className="py-2 text-red-800">{log.error ?? <span className="text-neutral-500">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
