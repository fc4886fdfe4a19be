'use client';

import { DataTable, type Column } from '@/components/ui/table';
import { RelativeTime } from '@/components/ui/relative-time';
import { useDeliveries, type Deliveries } from '@/lib/swr/use-integrations';

const ACTIONS: Record<string, string> = {
  create_ticket: 'Create ticket',
  link_ticket: 'Link ticket',
  close_ticket: 'Close ticket',
  reopen_ticket: 'Reopen ticket',
};

type Delivery = Deliveries['deliveries'][number];

const COLUMNS: Column<Delivery>[] = [
  { name: 'When', cellClassName: 'whitespace-nowrap align-top', cell: (d) => <RelativeTime iso={d.createdAt} /> },
  {
    name: 'What',
    cellClassName: 'align-top',
    cell: (d) => (
      <>
        {ACTIONS[d.action] ?? d.action}
        {d.target && <span className="block font-mono text-xs text-fg-muted">{d.target}</span>}
      </>
    ),
  },
  {
    name: 'Answer',
    cellClassName: 'align-top',
    cell: (d) => (
      <>
        <span className={d.success ? 'text-success-fg' : 'text-danger-fg'}>
          {d.responseStatus ?? 'no answer'} {d.success ? 'OK' : 'failed'}
        </span>
        {d.error && <span className="block max-w-sm text-xs break-words text-danger-fg">{d.error}</span>}
      </>
    ),
  },
  { name: 'Attempt', numeric: true, cellClassName: 'align-top', cell: (d) => d.attempt + 1 },
  {
    name: 'Sent',
    cellClassName: 'align-top',
    cell: (d) => (
      <details>
        <summary className="cursor-pointer text-xs text-link">Request</summary>
        <pre className="mt-1 max-h-64 max-w-md overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">
          {JSON.stringify(d.request, null, 2)}
        </pre>
      </details>
    ),
  },
];

/** Each call to the provider (#64): when, what, the answer's status, the attempt, the error, and what was sent. */
export function DeliveryLog({ integrationId }: { integrationId: string }) {
  const { deliveries, error } = useDeliveries(integrationId);
  if (error) return <p className="text-sm text-danger-fg">Could not load the delivery log.</p>;
  if (!deliveries) return <p className="text-sm text-fg-muted">Loading the delivery log…</p>;
  if (!deliveries.deliveries.length) return <p className="text-sm text-fg-muted">Nothing sent yet.</p>;
  return (
    <DataTable
      label="Delivery log"
      caption="Calls to the provider, newest first"
      columns={COLUMNS}
      rows={deliveries.deliveries}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ 'data-testid': 'delivery', 'data-success': String(d.success) })}
      testId="delivery-log"
    />
  );
}
