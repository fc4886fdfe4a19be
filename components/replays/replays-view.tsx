'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useReplays, type ReplayFilters, type ReplaySummary } from '@/lib/swr/use-replays';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { DataTable, type Column } from '@/components/ui/table';
import { formatOffset } from '@/lib/replays/timeline';
import { PageHeader } from '@/components/ui/page-header';
import { FilterForm } from '@/components/ui/filter-form';
import { pathAndQuery } from '@/lib/text/url-parts';

const EMPTY: ReplayFilters = { user: '', url: '', hasError: '', release: '', environment: '' };

/** The project's session replays, newest first: who, where, how long, how many errors, which browser, when. */
export function ReplaysView({ projectId }: { projectId: string }) {
  const [filters, setFilters] = useState<ReplayFilters>(EMPTY);
  const [cursors, setCursors] = useState<string[]>([]);
  const { page, error, isLoading } = useReplays(projectId, filters, cursors.at(-1) ?? null);
  const set = (k: keyof ReplayFilters) => (e: { target: { value: string } }) => {
    setCursors([]);
    setFilters({ ...filters, [k]: e.target.value });
  };
  const filtered = Object.values(filters).some((v) => v !== '');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Replays"
        description={
          <>
            What users did before an error: recordings from <code>@sentry/browser</code> with{' '}
            <code>replayIntegration()</code>, masked by the SDK and scrubbed with this project&apos;s privacy rules.
          </>
        }
      />
      <FilterForm label="Filter replays" className="sm:grid-cols-2 lg:grid-cols-5">
        <Field name="replay-user" label="User" value={filters.user} onChange={set('user')} placeholder="email or id" />
        <Field
          name="replay-url"
          label="URL visited"
          value={filters.url}
          onChange={set('url')}
          placeholder="https://…"
        />
        <SelectField
          name="replay-errors"
          label="Errors"
          className="w-full"
          value={filters.hasError}
          onChange={set('hasError')}
        >
          <option value="">Any</option>
          <option value="true">With errors</option>
          <option value="false">Without errors</option>
        </SelectField>
        <Field name="replay-release" label="Release" value={filters.release} onChange={set('release')} />
        <Field
          name="replay-environment"
          label="Environment"
          value={filters.environment}
          onChange={set('environment')}
        />
      </FilterForm>
      {error ? (
        <ErrorState error={error} title="Could not load the replays" />
      ) : isLoading || !page ? (
        <LoadingState label="Loading replays" />
      ) : page.replays.length === 0 ? (
        filtered ? (
          <EmptyState title="No replays match" description="Try fewer filters." />
        ) : (
          <EmptyState
            title="No replays yet"
            description={
              <>
                Add <code>Sentry.replayIntegration()</code> to <code>Sentry.init</code> in the browser, with{' '}
                <code>replaysSessionSampleRate</code> and <code>replaysOnErrorSampleRate</code>, and each recorded
                session appears here.
              </>
            }
          />
        )
      ) : (
        <>
          <DataTable
            label="Replays"
            className="min-w-[44rem]"
            cards
            testId="replays"
            rows={page.replays}
            rowKey={(r) => r.id}
            rowProps={() => ({ 'data-testid': 'replay-row' })}
            columns={replayColumns(projectId)}
          />
          <div className="flex gap-3">
            {cursors.length > 0 && (
              <Button variant="secondary" onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer
              </Button>
            )}
            {page.nextCursor && (
              <Button variant="secondary" onClick={() => setCursors([...cursors, page.nextCursor!])}>
                Older
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

const replayColumns = (projectId: string): Column<ReplaySummary>[] => [
  {
    name: 'User',
    cell: (r) => (
      <Link
        href={`/projects/${encodeURIComponent(projectId)}/replays/${r.id}`}
        className="font-medium text-link underline-offset-2 hover:underline"
      >
        {r.userDisplay ?? 'Anonymous user'}
      </Link>
    ),
  },
  {
    name: 'Page',
    cellClassName: 'max-w-64 truncate text-fg-secondary',
    cellProps: (r) => ({ title: r.url ?? undefined }),
    cell: (r) => (r.url ? pathAndQuery(r.url) : '—'),
  },
  { name: 'Duration', numeric: true, cell: (r) => formatOffset(r.durationMs) },
  {
    name: 'Errors',
    numeric: true,
    cell: (r) => (r.countErrors > 0 ? <span className="font-semibold text-danger">{r.countErrors}</span> : 0),
  },
  {
    name: 'Browser',
    cellClassName: 'whitespace-nowrap text-fg-secondary',
    cell: (r) => [r.browser, r.os].filter(Boolean).join(' · ') || '—',
  },
  {
    name: 'Started',
    cellClassName: 'whitespace-nowrap text-fg-secondary',
    cell: (r) => <RelativeTime iso={r.startedAt} />,
  },
];
