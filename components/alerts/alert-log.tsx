'use client';

import { LoadError, SkeletonRows } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import { cn } from '@/components/ui/cn';
import { DataTable } from '@/components/ui/table';
import { useAlertLogs } from '@/lib/swr/use-alerts';

/** Every delivery attempt of one rule, newest first; refreshed every few seconds while open. */
export function AlertLog({ projectId, ruleId, id }: { projectId: string; ruleId: string; id: string }) {
  const { data, error, mutate } = useAlertLogs(projectId, ruleId);

  return (
    <div id={id} className="border-t border-line pt-4">
      {error ? (
        <LoadError what="the delivery log" error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <SkeletonRows label="Loading the delivery log…" rows={2} rowClassName="h-6" card={false} />
      ) : data.length === 0 ? (
        <p className="text-sm text-fg-muted">
          No deliveries yet. Each attempt appears here within seconds of the rule firing.
        </p>
      ) : (
        <DataTable
          label="Delivery log"
          caption="Delivery attempts, newest first"
          className="min-w-[36rem]"
          rows={data}
          rowKey={(log) => log.id}
          rowProps={() => ({ 'data-testid': 'alert-log-row' })}
          columns={[
            {
              name: 'Time',
              cellClassName: 'whitespace-nowrap text-fg-secondary',
              cell: (log) => <RelativeTime iso={log.triggeredAt} />,
            },
            { name: 'Channel', cellClassName: 'capitalize', cell: (log) => log.channel },
            {
              name: 'Target',
              cellClassName: 'max-w-[16rem] truncate font-mono text-[13px]',
              cellProps: (log) => ({ title: log.target }),
              cell: (log) => log.target,
            },
            {
              name: 'Result',
              cell: (log) => (
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
              ),
            },
            {
              name: 'Error',
              cellClassName: 'text-danger-fg',
              cell: (log) => log.error ?? <span className="text-fg-muted">—</span>,
            },
          ]}
        />
      )}
    </div>
  );
}
