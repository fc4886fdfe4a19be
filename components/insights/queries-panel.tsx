'use client';

import { DataTable } from '@/components/ui/table';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { TextLink } from '@/components/ui/text-link';
import { formatCount, formatMs, formatPercent } from '@/components/performance/format';
import { formatRateAuto } from '@/lib/text/rate';
import { transactionHref } from '@/lib/swr/use-performance';
import { useInsight } from '@/lib/swr/use-insights';
import { DB_FILTER, exploreHref, type InsightsContext } from '@/lib/insights/explore-links';
import type { QueryRow } from '@/lib/zod/insights';
import { ExploreNumber, traceHref } from './explore-number';
import { NoSpans, rangeText } from './no-spans';

/** Insights › Queries: database spans by normalised statement, slowest total first. */
export function QueriesPanel({ c }: { c: InsightsContext }) {
  const { data, error, isLoading, mutate } = useInsight('queries', c);
  if (error) return <LoadError what="queries" error={error} onRetry={() => mutate()} />;
  if (!data) return <SkeletonRows label="Loading queries…" rows={5} />;
  if (data.rows.length === 0)
    return (
      <NoSpans title={`No database queries in ${rangeText(c.statsPeriod)}`}>
        Queries show spans whose op is <code>db</code> or starts with <code>db.</code>, sent by an SDK&apos;s database
        integrations with tracing on: in <code>@sentry/node</code> the PostgreSQL, MySQL, Prisma, MongoDB and Redis
        integrations (on by default), in Python the Django, SQLAlchemy and asyncpg ones.
      </NoSpans>
    );
  const group = (r: QueryRow) => [DB_FILTER, `span.group:${r.group}`];
  const explore = (r: QueryRow, aggregate: string, groupBy?: string[]) =>
    exploreHref({ ...c, groupBy }, group(r), aggregate);
  return (
    <section aria-busy={isLoading} className="space-y-3">
      <p className="text-sm text-fg-secondary" data-testid="queries-summary">
        <ExploreNumber
          href={exploreHref(c, [DB_FILTER], 'count()')}
          value={formatCount(data.spans)}
          what="Database spans"
          inText
        />{' '}
        database spans taking{' '}
        <ExploreNumber
          href={exploreHref(c, [DB_FILTER], 'sum(span.duration)')}
          value={formatMs(data.totalMs)}
          what="Database time"
          inText
        />{' '}
        in all.
      </p>
      <DataTable
        label="Queries table"
        caption={`Database queries of ${rangeText(c.statsPeriod)} by normalised statement, the most time spent first`}
        className="min-w-[64rem]"
        cards
        rows={data.rows}
        rowKey={(r) => r.group}
        columns={[
          {
            name: 'Query',
            rowHeader: true,
            cellClassName: 'max-w-md font-mono text-[13px]',
            cellProps: (r) => ({ title: r.statement, 'data-testid': 'query-statement' }),
            cell: (r) => <span className="line-clamp-3 break-all">{r.statement}</span>,
          },
          {
            name: 'Count',
            numeric: true,
            cellProps: () => ({ 'data-testid': 'query-count' }),
            cell: (r) => <ExploreNumber href={explore(r, 'count()')} value={formatCount(r.count)} what="Count" />,
          },
          {
            name: 'Throughput',
            numeric: true,
            cell: (r) => (
              <ExploreNumber href={explore(r, 'spm()')} value={formatRateAuto(r.throughput)} what="Spans a minute" />
            ),
          },
          {
            name: 'Avg',
            numeric: true,
            cell: (r) => (
              <ExploreNumber href={explore(r, 'avg(span.duration)')} value={formatMs(r.avgMs)} what="Average" />
            ),
          },
          {
            name: 'p95',
            numeric: true,
            cell: (r) => <ExploreNumber href={explore(r, 'p95(span.duration)')} value={formatMs(r.p95Ms)} what="p95" />,
          },
          {
            name: 'Time spent',
            numeric: true,
            cell: (r) => (
              <ExploreNumber
                href={exploreHref({ ...c, groupBy: ['span.group'] }, [DB_FILTER], 'sum(span.duration)')}
                value={`${formatPercent(r.timeShare)} · ${formatMs(r.totalMs)}`}
                what="Share of database time, by span group"
              />
            ),
          },
          {
            name: 'Transactions',
            cellClassName: 'max-w-xs text-[13px]',
            cell: (r) => (
              <ul className="space-y-0.5">
                {r.transactions.map((t) => (
                  <li key={t.name ?? ''} className="flex gap-2">
                    {t.name ? (
                      <TextLink href={transactionHref(c.projectId, t.name)} className="truncate font-mono font-normal">
                        {t.name}
                      </TextLink>
                    ) : (
                      <span className="text-fg-muted">(no name)</span>
                    )}
                    <ExploreNumber
                      href={explore(r, 'count()', ['transaction'])}
                      value={`×${formatCount(t.count)}`}
                      what="Count by transaction"
                    />
                  </li>
                ))}
              </ul>
            ),
          },
          {
            name: 'Samples',
            cell: (r) => (
              <ul className="space-y-0.5 text-[13px]">
                {r.samples.map((s) => (
                  <li key={s.spanId}>
                    <TextLink href={traceHref(c.projectId, s)} title={`Trace ${s.traceId}`} className="font-normal">
                      {formatMs(s.durationMs)}
                    </TextLink>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </section>
  );
}
