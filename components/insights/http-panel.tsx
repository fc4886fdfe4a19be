'use client';

import { DataTable, type Column } from '@/components/ui/table';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { PageSection } from '@/components/ui/page-section';
import { formatCount, formatMs, formatPercent } from '@/components/performance/format';
import { formatRateAuto } from '@/lib/text/rate';
import { useInsight } from '@/lib/swr/use-insights';
import {
  exploreHref,
  hostFilter,
  HTTP_ERRORS,
  requestFilter,
  type InsightsContext,
} from '@/lib/insights/explore-links';
import type { HttpRow, HttpStats } from '@/lib/zod/insights';
import { ExploreNumber } from './explore-number';
import { NoSpans, rangeText } from './no-spans';

/** Throughput, error rate (its failures: status ≥ 500, or a failed span without one), p95 and average. */
function statColumns<T extends HttpStats>(c: InsightsContext, filter: (r: T) => string[]): Column<T>[] {
  const href = (r: T, aggregate: string) => exploreHref(c, filter(r), aggregate);
  return [
    {
      name: 'Count',
      numeric: true,
      cell: (r) => <ExploreNumber href={href(r, 'count()')} value={formatCount(r.count)} what="Count" />,
    },
    {
      name: 'Throughput',
      numeric: true,
      cell: (r) => <ExploreNumber href={href(r, 'spm()')} value={formatRateAuto(r.throughput)} what="Calls a minute" />,
    },
    {
      name: 'Error rate',
      numeric: true,
      cellClassName: (r) => r.errors > 0 && 'text-danger-fg',
      cellProps: () => ({ 'data-testid': 'http-error-rate' }),
      cell: (r) => (
        <ExploreNumber
          href={exploreHref(c, [...filter(r), HTTP_ERRORS], 'count()')}
          value={formatPercent(r.errorRate)}
          what={`${formatCount(r.errors)} responses of 500 or more`}
        />
      ),
    },
    {
      name: 'Avg',
      numeric: true,
      cell: (r) => <ExploreNumber href={href(r, 'avg(span.duration)')} value={formatMs(r.avgMs)} what="Average" />,
    },
    {
      name: 'p95',
      numeric: true,
      cell: (r) => <ExploreNumber href={href(r, 'p95(span.duration)')} value={formatMs(r.p95Ms)} what="p95" />,
    },
  ];
}

/** Insights › Outbound HTTP: http.client spans by host, then by method and path. */
export function HttpPanel({ c }: { c: InsightsContext }) {
  const { data, error, isLoading, mutate } = useInsight('http', c);
  if (error) return <LoadError what="outbound HTTP calls" error={error} onRetry={() => mutate()} />;
  if (!data) return <SkeletonRows label="Loading outbound calls…" rows={5} />;
  if (data.hosts.length === 0)
    return (
      <NoSpans title={`No outbound HTTP calls in ${rangeText(c.statsPeriod)}`}>
        Outbound HTTP shows spans whose op is <code>http.client</code>: in <code>@sentry/node</code> the HTTP and fetch
        integrations (on by default) send one for every request your code makes, in the browser the fetch and XHR
        instrumentation, in Python the stdlib, requests and httpx integrations.
      </NoSpans>
    );
  return (
    <div className="space-y-8" aria-busy={isLoading}>
      <PageSection title="Hosts">
        <DataTable
          label="Hosts table"
          caption={`Outbound HTTP calls of ${rangeText(c.statsPeriod)} by host, the most first`}
          className="min-w-[48rem]"
          cards
          rows={data.hosts}
          rowKey={(h) => h.host}
          columns={[
            {
              name: 'Host',
              rowHeader: true,
              cellClassName: 'font-mono text-[13px]',
              cell: (h) => h.host || <span className="text-fg-muted">(relative URLs)</span>,
            },
            ...statColumns<(typeof data.hosts)[number]>(c, (h) => hostFilter(h.host)),
          ]}
        />
      </PageSection>
      <PageSection title="Requests" note="(ids in paths as *)">
        <DataTable
          label="Requests table"
          caption={`Outbound HTTP calls of ${rangeText(c.statsPeriod)} by method, host and path, the most first`}
          className="min-w-[60rem]"
          cards
          rows={data.rows}
          rowKey={(r) => `${r.method} ${r.host}${r.path}`}
          columns={[
            {
              name: 'Request',
              rowHeader: true,
              cellClassName: 'max-w-md font-mono text-[13px] break-all',
              cellProps: () => ({ 'data-testid': 'http-request' }),
              cell: (r) => `${r.method} ${r.host}${r.path}`.trim(),
            },
            ...statColumns(c, (r: HttpRow) => requestFilter(r)),
          ]}
        />
      </PageSection>
    </div>
  );
}
