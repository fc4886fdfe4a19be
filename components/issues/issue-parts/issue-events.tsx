'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEvents, type TrackedEvent } from '@/lib/swr/use-events';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { DataTable, type Column } from '@/components/ui/table';
import { RelativeTime } from '@/components/ui/relative-time';
import { Pagination } from '@/components/dashboard/pagination';
import { readEvent } from '../event-shape';
import { eventHref } from '@/lib/swr/use-issues';
import { formatDateTime } from '@/lib/text/date-format';

/** Every event of the issue, newest first and paged (`?eventsPage=`); more columns as the section widens. */
export function IssueEvents({ projectId, issueId }: { projectId: string; issueId: string }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('eventsPage'))) || 1);
  const { list, error, isLoading } = useEvents({ projectId, issueId, page });
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(params.toString());
    if (p > 1) q.set('eventsPage', String(p));
    else q.delete('eventsPage');
    const s = q.toString();
    return s ? `${pathname}?${s}` : pathname;
  };

  return (
    <section aria-labelledby="events-heading" className="@container space-y-3">
      <h2 id="events-heading" className="text-lg font-semibold">
        All events
      </h2>
      {error && !list ? (
        <ErrorState error={error} title="Could not load the events" />
      ) : isLoading || !list ? (
        <LoadingState label="Loading events" />
      ) : list.events.length === 0 ? (
        <Card>
          <p className="text-sm text-fg-muted">No events on this page.</p>
        </Card>
      ) : (
        <DataTable
          label="Events of this issue"
          caption="Events of this issue, most recent first"
          rows={list.events}
          rowKey={(e) => e.id}
          rowProps={() => ({ 'data-testid': 'event-row' })}
          columns={eventColumns(projectId, issueId)}
        />
      )}
      {list && list.pagination.total > 0 && (
        <Pagination
          label="Event pages"
          page={list.pagination.page}
          pages={list.pagination.pages}
          total={list.pagination.total}
          noun="events"
          hrefFor={hrefFor}
        />
      )}
    </section>
  );
}

const whoOf = (e: TrackedEvent) => {
  const { user } = readEvent(e);
  return user?.email ?? user?.id;
};

const platformOf = (e: TrackedEvent) => {
  const { contexts } = readEvent(e);
  return [contexts?.browser?.name, contexts?.os?.name].filter(Boolean).join(' / ');
};

const eventColumns = (projectId: string, issueId: string): Column<TrackedEvent>[] => [
  { name: 'Occurred', cellClassName: 'whitespace-nowrap', cell: (e) => <RelativeTime iso={e.timestamp} /> },
  {
    name: 'Message',
    cellClassName: 'max-w-0 min-w-48 truncate font-mono text-xs',
    cellProps: (e) => ({ title: e.message }),
    cell: (e) => e.message,
  },
  {
    name: 'User',
    className: 'hidden @lg:table-cell',
    cellClassName: 'max-w-48 truncate text-fg-secondary',
    cellProps: (e) => ({ title: whoOf(e), 'data-testid': 'event-user' }),
    cell: (e) => whoOf(e) ?? '—',
  },
  {
    name: 'Release',
    className: 'hidden @2xl:table-cell',
    cellClassName: 'max-w-40 truncate font-mono text-xs text-fg-secondary',
    cellProps: (e) => ({ title: e.release ?? undefined, 'data-testid': 'event-release' }),
    cell: (e) => e.release ?? '—',
  },
  {
    name: 'Environment',
    className: 'hidden @2xl:table-cell',
    cellClassName: 'max-w-32 truncate text-fg-secondary',
    cellProps: () => ({ 'data-testid': 'event-environment' }),
    cell: (e) => e.environment ?? '—',
  },
  {
    name: 'Browser / OS',
    className: 'hidden @4xl:table-cell',
    cellClassName: 'text-fg-secondary',
    cell: (e) => platformOf(e) || '—',
  },
  {
    name: 'Open',
    header: <span className="sr-only">Open</span>,
    align: 'right',
    cell: (e) => (
      <Link
        href={eventHref(projectId, issueId, e.id)}
        className="font-medium text-link hover:underline"
        aria-label={`Open event of ${formatDateTime(e.timestamp, { precision: 'second' })}`}
      >
        Open
      </Link>
    ),
  },
];
