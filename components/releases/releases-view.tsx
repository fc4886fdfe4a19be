'use client';

import Link from 'next/link';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/table';
import {
  useRelease,
  useReleaseHealth,
  useReleaseHealthDetail,
  useReleases,
  releaseHref,
  type ReleaseListItem,
  type ReleaseHealthRow,
} from '@/lib/swr/use-releases';
import { Select } from '@/components/ui/select';
import { issueHref } from '@/lib/swr/use-issues';
import { HealthSparkline, pct, ReleaseHealthSection } from './release-health';
import { useState } from 'react';
import { plural } from '@/lib/text/plural';
import { ReleaseSections } from './release-sections';
import { ReleaseVersion } from './release-version';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';

/** The project's releases, newest first: created by the first event naming them or by CI. */
export function ReleasesView({ projectId }: { projectId: string }) {
  const { data, error, isLoading } = useReleases(projectId);
  const [environment, setEnvironment] = useState<string | null>(null);
  const { health } = useReleaseHealth(projectId, environment);
  const healthOf = new Map((health?.releases ?? []).map((r) => [r.version, r]));
  if (error) return <ErrorState error={error} title="Could not load the releases" />;
  if (isLoading || !data) return <LoadingState label="Loading releases" />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Releases"
        description={
          <>
            Each version your events name (the client library&apos;s <code>release</code>), and those your CI created
            with source maps.
          </>
        }
      />
      {health && health.environments.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="health-environment" className="text-fg-secondary">
            Health in
          </label>
          <Select
            id="health-environment"
            value={environment ?? ''}
            onChange={(e) => setEnvironment(e.target.value || null)}
          >
            <option value="">every environment</option>
            {health.environments.map((env) => (
              <option key={env} value={env}>
                {env}
              </option>
            ))}
          </Select>
          <span className="text-fg-muted">
            over the last {health.days} days (sessions from the SDKs&apos; release health)
          </span>
        </div>
      )}
      {data.releases.length === 0 ? (
        <EmptyState
          title="No releases yet"
          description="Set release in the client library's init, or create one from CI with sentry-cli."
        />
      ) : (
        <DataTable
          label="Releases"
          cards
          cellPadding="px-4 py-2"
          rows={data.releases}
          rowKey={(r) => r.id}
          columns={releaseColumns(projectId, (r) => healthOf.get(r.version))}
        />
      )}
    </div>
  );
}

const since = (iso: string | null) => (iso ? <RelativeTime iso={iso} /> : '—');

/** The list's columns: the version, its health (dashes without sessions), its new issues, commits and deploys, and its times. */
function releaseColumns(
  projectId: string,
  health: (r: ReleaseListItem) => ReleaseHealthRow | undefined,
): Column<ReleaseListItem>[] {
  return [
    {
      name: 'Version',
      cellClassName: 'font-medium',
      cell: (r) => (
        <Link className="block max-w-80 underline-offset-2 hover:underline" href={releaseHref(projectId, r.version)}>
          <ReleaseVersion version={r.version} />
        </Link>
      ),
    },
    {
      name: 'Crash-free sessions',
      cellClassName: 'tabular-nums',
      cellProps: () => ({ 'data-testid': 'crash-free-sessions' }),
      cell: (r) => pct(health(r)?.crashFreeSessions),
    },
    {
      name: 'Crash-free users',
      cellClassName: 'tabular-nums',
      cellProps: () => ({ 'data-testid': 'crash-free-users' }),
      cell: (r) => pct(health(r)?.crashFreeUsers),
    },
    { name: 'Adoption (24 h)', cellClassName: 'tabular-nums', cell: (r) => pct(health(r)?.adoption) },
    {
      name: 'Sessions',
      cell: (r) => {
        const row = health(r);
        return row ? (
          <span className="flex items-center gap-2">
            <span className="tabular-nums" data-testid="release-sessions">
              {row.sessions.toLocaleString('en-US')}
            </span>
            <HealthSparkline row={row} />
          </span>
        ) : (
          '—'
        );
      },
    },
    {
      name: 'New issues',
      numeric: true,
      cellProps: () => ({ 'data-testid': 'release-new-issues' }),
      cell: (r) =>
        r.newIssues > 0 ? (
          <Link className="text-link hover:underline" href={releaseHref(projectId, r.version)}>
            {r.newIssues.toLocaleString('en-US')}
          </Link>
        ) : (
          '0'
        ),
    },
    {
      name: 'Commits',
      numeric: true,
      cellProps: () => ({ 'data-testid': 'release-commits-count' }),
      cell: (r) => r.commits.toLocaleString('en-US'),
    },
    {
      name: 'Deploys',
      cellProps: () => ({ 'data-testid': 'release-deploys-count' }),
      cell: (r) =>
        r.lastDeploy ? (
          <span className="whitespace-nowrap">
            <span className="tabular-nums">{r.deploys.toLocaleString('en-US')}</span>
            <span className="text-fg-muted"> · last to {r.lastDeploy.environment} </span>
            <RelativeTime iso={r.lastDeploy.finishedAt} className="text-fg-muted" />
          </span>
        ) : (
          '0'
        ),
    },
    { name: 'First event', cell: (r) => since(r.firstEventAt) },
    { name: 'Last event', cell: (r) => since(r.lastEventAt) },
    { name: 'Created', cell: (r) => since(r.createdAt) },
  ];
}

/** One release: its event times and the issues first seen in it. */
export function ReleaseDetailView({ projectId, version }: { projectId: string; version: string }) {
  const { release, error, isLoading } = useRelease(projectId, version);
  const { detail } = useReleaseHealthDetail(projectId, version);
  if (error) return <ErrorState error={error} title="Could not load the release" />;
  if (isLoading || !release) return <LoadingState label="Loading release" />;
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: `/projects/${encodeURIComponent(projectId)}/releases`, label: 'Releases' }}
        title={<ReleaseVersion version={release.version} wrap />}
        description={
          <>
            First event {since(release.firstEventAt)}, last event {since(release.lastEventAt)}
            {release.dateReleased && (
              <>
                , finalized <RelativeTime iso={release.dateReleased} />
              </>
            )}
          </>
        }
      />
      {detail && <ReleaseHealthSection release={detail.release} previous={detail.previous} />}
      <PageSection title="New issues in this release">
        {release.newIssues.length === 0 ? (
          <p className="text-sm text-fg-muted">No issue was first seen in this release.</p>
        ) : (
          <ul className="space-y-2">
            {release.newIssues.map((i) => (
              <li key={i.id}>
                <Card className="p-3">
                  <Link className="font-medium hover:underline" href={issueHref(projectId, i.id)}>
                    {i.title}
                  </Link>
                  <p className="text-xs text-fg-muted">
                    {i.culprit} · {plural(i.eventCount, 'event')}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </PageSection>
      <ReleaseSections release={release} />
    </div>
  );
}
