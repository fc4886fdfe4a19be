'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useReplays, type ReplayFilters, type ReplaySummary } from '@/lib/swr/use-replays';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ScrollTable, th } from '@/components/ui/scroll-table';
import { formatOffset } from '@/lib/replays/timeline';
import { PageHeader } from '@/components/ui/page-header';

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
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter replays"
      >
        <Filter id="replay-user" label="User" value={filters.user} onChange={set('user')} placeholder="email or id" />
        <Filter id="replay-url" label="URL visited" value={filters.url} onChange={set('url')} placeholder="https://…" />
        <div>
          <label htmlFor="replay-errors" className="text-sm font-medium">
            Errors
          </label>
          <Select id="replay-errors" value={filters.hasError} onChange={set('hasError')} className="mt-1 w-full">
            <option value="">Any</option>
            <option value="true">With errors</option>
            <option value="false">Without errors</option>
          </Select>
        </div>
        <Filter id="replay-release" label="Release" value={filters.release} onChange={set('release')} />
        <Filter id="replay-environment" label="Environment" value={filters.environment} onChange={set('environment')} />
      </form>
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
          <ScrollTable label="Replays">
            <table className="w-full min-w-[44rem] text-left text-sm" data-testid="replays">
              <thead className="border-b border-line">
                <tr>
                  <th className={th}>User</th>
                  <th className={th}>Page</th>
                  <th className={`${th} text-right`}>Duration</th>
                  <th className={`${th} text-right`}>Errors</th>
                  <th className={th}>Browser</th>
                  <th className={th}>Started</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line-subtle">
                {page.replays.map((r) => (
                  <ReplayRow key={r.id} projectId={projectId} r={r} />
                ))}
              </tbody>
            </table>
          </ScrollTable>
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

function Filter({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} className="mt-1" value={value} onChange={onChange} placeholder={placeholder} />
    </div>
  );
}

function ReplayRow({ projectId, r }: { projectId: string; r: ReplaySummary }) {
  return (
    <tr className="hover:bg-surface-hover" data-testid="replay-row">
      <td className="px-4 py-2.5">
        <Link
          href={`/projects/${encodeURIComponent(projectId)}/replays/${r.id}`}
          className="font-medium text-link underline-offset-2 hover:underline"
        >
          {r.userDisplay ?? 'Anonymous user'}
        </Link>
      </td>
      <td className="max-w-64 truncate px-4 py-2.5 text-fg-secondary" title={r.url ?? undefined}>
        {r.url ? pathOf(r.url) : '—'}
      </td>
      <td className="px-4 py-2.5 text-right tabular-nums">{formatOffset(r.durationMs)}</td>
      <td className="px-4 py-2.5 text-right tabular-nums">
        {r.countErrors > 0 ? <span className="font-semibold text-danger">{r.countErrors}</span> : 0}
      </td>
      <td className="px-4 py-2.5 whitespace-nowrap text-fg-secondary">
        {[r.browser, r.os].filter(Boolean).join(' · ') || '—'}
      </td>
      <td className="px-4 py-2.5 whitespace-nowrap text-fg-secondary">
        <RelativeTime iso={r.startedAt} />
      </td>
    </tr>
  );
}

/** "/checkout?step=2" of a full URL (the host is the same for most of a project's replays). */
function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
