'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { formatCount, formatMs } from '@/components/performance/format';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { DayRangeLinks } from '@/components/performance/day-range-links';
import { PageHeader } from '@/components/ui/page-header';
import { RelativeTime } from '@/components/ui/relative-time';
import { Card } from '@/components/ui/card';
import { CodeBlock } from '@/components/ui/code-block';
import { DataTable } from '@/components/ui/table';
import { parseDays, transactionHref } from '@/lib/swr/use-performance';
import { profileHref, useProfiles, type ProfileSummary } from '@/lib/swr/use-profiles';
import { useProject } from '@/lib/swr/use-projects';
import { PageSection } from '@/components/ui/page-section';
import { Pagination } from '@/components/dashboard/pagination';
import { usePageParam } from '@/components/dashboard/use-page-param';
import { SlowestFunctions } from './slowest-functions';

/** Recent profiles a page: the page stays a few screens long (#60). */
const PROFILES_PAGE = 10;

const inlineCode = 'rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px]';

const nodeInit = (dsn: string) => `import * as Sentry from '@sentry/node';
import { nodeProfilingIntegration } from '@sentry/profiling-node';

Sentry.init({
  dsn: '${dsn}',
  integrations: [nodeProfilingIntegration()],
  tracesSampleRate: 1.0,
  // Profile the code while a traced request or job runs.
  profileSessionSampleRate: 1.0,
  profileLifecycle: 'trace',
});`;

const pythonInit = (dsn: string) => `import sentry_sdk

sentry_sdk.init(
    dsn="${dsn}",
    traces_sample_rate=1.0,
    profiles_sample_rate=1.0,
)`;

/** The project's profiles: which functions took the time, and the most recent profiles, each with its flame graph. */
export function ProfilingView({ projectId }: { projectId: string }) {
  const days = parseDays(useSearchParams().get('days'));
  const range = days === 1 ? 'the last 24 hours' : `the last ${days} days`;
  const pages = usePageParam('profilesPage');
  const profiles = useProfiles(projectId, { days, page: pages.page, limit: PROFILES_PAGE });
  const none = profiles.data?.pagination.total === 0;

  return (
    <div className="min-w-0 space-y-8">
      <PageHeader
        title="Profiling"
        description={<>Which functions took the time, from the profiles of {range}.</>}
        actions={<DayRangeLinks current={days} />}
      />

      {none ? (
        <NoProfiles projectId={projectId} range={range} />
      ) : (
        <>
          <section aria-labelledby="functions-heading">
            <h2 id="functions-heading" className="mb-1 text-lg font-semibold">
              Slowest functions
            </h2>
            <p className="mb-3 text-sm text-fg-muted">
              Self: time with the function at the top of the stack. Total: time with it anywhere on the stack. p75: of
              one call&apos;s duration.
            </p>
            <SlowestFunctions projectId={projectId} days={days} />
          </section>

          <PageSection title="Recent profiles" busy={profiles.isLoading}>
            {profiles.error ? (
              <LoadError what="the profiles" error={profiles.error} onRetry={() => profiles.mutate()} />
            ) : !profiles.data ? (
              <SkeletonRows label="Loading the profiles…" rows={3} />
            ) : (
              <>
                <ProfilesTable projectId={projectId} profiles={profiles.data.profiles} />
                {profiles.data.pagination.pages > 1 && (
                  <Pagination
                    label="Profile pages"
                    {...profiles.data.pagination}
                    noun="profiles"
                    hrefFor={pages.hrefFor}
                  />
                )}
              </>
            )}
          </PageSection>
        </>
      )}
    </div>
  );
}

const link =
  'text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus';
const none = <span className="text-fg-muted">—</span>;

function ProfilesTable({ projectId, profiles }: { projectId: string; profiles: ProfileSummary[] }) {
  return (
    <DataTable
      label="Recent profiles"
      caption="The most recent profiles, newest first; each opens its flame graph"
      className="min-w-[48rem]"
      cards
      testId="profiles"
      rows={profiles}
      rowKey={(p) => p.id}
      rowProps={() => ({ 'data-testid': 'profile-row' })}
      columns={[
        {
          name: 'Profile',
          rowHeader: true,
          cellClassName: 'font-normal whitespace-nowrap',
          cell: (p) => (
            <>
              <Link href={profileHref(projectId, p.id)} className={link} aria-label={`Profile ${p.id}`}>
                <RelativeTime iso={p.start} />
              </Link>
              <span className="ml-2 text-xs text-fg-muted">
                {p.kind === 'continuous' ? 'continuous' : 'transaction'}
              </span>
            </>
          ),
        },
        {
          name: 'Transaction',
          cellClassName: 'max-w-xs truncate font-mono text-[13px]',
          cellProps: (p) => ({ title: p.transaction ?? undefined }),
          cell: (p) =>
            p.transaction ? (
              <>
                <Link
                  href={`${transactionHref(projectId, p.transaction)}#profile`}
                  className={link}
                  title={`The merged profile of ${p.transaction}`}
                >
                  {p.transaction}
                </Link>
                {p.transactionCount > 1 && (
                  <span className="ml-1 font-sans text-xs text-fg-muted">+{p.transactionCount - 1} more</span>
                )}
              </>
            ) : (
              none
            ),
        },
        { name: 'Duration', numeric: true, cellClassName: 'whitespace-nowrap', cell: (p) => formatMs(p.durationMs) },
        { name: 'Samples', numeric: true, cell: (p) => formatCount(p.sampleCount) },
        {
          name: 'Release',
          cellClassName: 'max-w-[12rem] truncate font-mono text-xs',
          cellProps: (p) => ({ title: p.release ?? undefined }),
          cell: (p) => p.release ?? '—',
        },
        {
          name: 'Trace',
          cell: (p) =>
            p.traceId ? (
              <Link href={`/traces/${encodeURIComponent(p.traceId)}`} className={`${link} text-xs`}>
                View trace
              </Link>
            ) : (
              none
            ),
        },
      ]}
    />
  );
}

/** No profile in the range: how to turn profiling on, with this project's DSN. */
function NoProfiles({ projectId, range }: { projectId: string; range: string }) {
  const { project } = useProject(projectId);
  const dsn = project?.keys[0]?.sentryDsn ?? '<your project DSN>';
  return (
    <Card data-testid="profiles-none">
      <h2 className="text-lg font-semibold">No profiles in {range}</h2>
      <p className="mt-2 max-w-2xl text-sm text-fg-secondary">
        A profile samples the call stack many times a second while a traced request or job runs, so each span shows
        which functions took its time. Turn it on beside tracing.
      </p>
      <h3 className="mt-5 text-sm font-semibold">Node.js</h3>
      <p className="mt-1 text-sm text-fg-secondary">
        Install <code className={inlineCode}>@sentry/node</code> and{' '}
        <code className={inlineCode}>@sentry/profiling-node</code>, then in the file loaded first:
      </p>
      <div className="mt-2">
        <CodeBlock code={nodeInit(dsn)} label="Node.js init" />
      </div>
      <h3 className="mt-5 text-sm font-semibold">Python</h3>
      <p className="mt-1 text-sm text-fg-secondary">
        <code className={inlineCode}>sentry-sdk</code> profiles a share of its transactions with{' '}
        <code className={inlineCode}>profiles_sample_rate</code>:
      </p>
      <div className="mt-2">
        <CodeBlock code={pythonInit(dsn)} label="Python init" />
      </div>
    </Card>
  );
}
