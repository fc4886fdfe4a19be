'use client';

import { DataTable } from '@/components/ui/table';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { formatCount, formatMs, formatPercent } from '@/components/performance/format';
import { formatRateAuto } from '@/lib/text/rate';
import { useInsight } from '@/lib/swr/use-insights';
import {
  CACHE_FILTER,
  exploreHref,
  QUEUE_PROCESS,
  QUEUE_PUBLISH,
  term,
  type InsightsContext,
} from '@/lib/insights/explore-links';
import type { CacheStats, QueueRow } from '@/lib/zod/insights';
import { ExploreNumber } from './explore-number';
import { NoSpans, rangeText } from './no-spans';

const none = <span className="text-fg-muted">–</span>;

/** Insights › Caches: cache reads in all and per transaction, with their hit rate. */
export function CachesPanel({ c }: { c: InsightsContext }) {
  const { data, error, mutate } = useInsight('caches', c);
  if (error) return <LoadError what="cache reads" error={error} onRetry={() => mutate()} />;
  if (!data) return <SkeletonRows label="Loading cache reads…" rows={4} />;
  if (data.total.count === 0)
    return (
      <NoSpans title={`No cache reads in ${rangeText(c.statsPeriod)}`}>
        Caches show spans whose op is <code>cache.get</code> or <code>cache.get_item</code>, with <code>cache.hit</code>{' '}
        in their data: Python&apos;s Redis and Django integrations send them (with <code>cache_spans=True</code>), and
        in JavaScript you add them with <code>Sentry.startSpan</code> as Sentry&apos;s custom cache instrumentation
        describes.
      </NoSpans>
    );
  type Row = CacheStats & { transaction: string | null; all?: boolean };
  const filter = (r: Row) => (r.all ? [CACHE_FILTER] : [CACHE_FILTER, term('transaction', r.transaction)]);
  const rows: Row[] = [{ ...data.total, transaction: null, all: true }, ...data.rows];
  return (
    <DataTable
      label="Caches table"
      caption={`Cache reads of ${rangeText(c.statsPeriod)}: in all, then by transaction, the most first`}
      className="min-w-[44rem]"
      cards
      rows={rows}
      rowKey={(r) => (r.all ? '\0all' : (r.transaction ?? ''))}
      columns={[
        {
          name: 'Transaction',
          rowHeader: true,
          cellClassName: (r) => (r.all ? 'font-semibold' : 'max-w-sm truncate font-mono text-[13px]'),
          cell: (r) => (r.all ? 'All transactions' : (r.transaction ?? '(no name)')),
        },
        {
          name: 'Hit rate',
          numeric: true,
          cellProps: () => ({ 'data-testid': 'cache-hit-rate' }),
          cell: (r) =>
            r.hitRate === null ? (
              none
            ) : (
              <ExploreNumber
                href={exploreHref({ ...c, groupBy: ['cache.hit'] }, filter(r), 'count()')}
                value={formatPercent(r.hitRate)}
                what="Reads by cache.hit"
              />
            ),
        },
        {
          name: 'Reads',
          numeric: true,
          cell: (r) => (
            <ExploreNumber href={exploreHref(c, filter(r), 'count()')} value={formatCount(r.count)} what="Reads" />
          ),
        },
        {
          name: 'Throughput',
          numeric: true,
          cell: (r) => (
            <ExploreNumber
              href={exploreHref(c, filter(r), 'spm()')}
              value={formatRateAuto(r.throughput)}
              what="Reads a minute"
            />
          ),
        },
        {
          name: 'Avg',
          numeric: true,
          cell: (r) => (
            <ExploreNumber
              href={exploreHref(c, filter(r), 'avg(span.duration)')}
              value={formatMs(r.avgMs)}
              what="Average"
            />
          ),
        },
      ]}
    />
  );
}

/** Insights › Queues: per destination, messages published and processed, their durations and the wait between. */
export function QueuesPanel({ c }: { c: InsightsContext }) {
  const { data, error, mutate } = useInsight('queues', c);
  if (error) return <LoadError what="queues" error={error} onRetry={() => mutate()} />;
  if (!data) return <SkeletonRows label="Loading queues…" rows={4} />;
  if (data.rows.length === 0)
    return (
      <NoSpans title={`No queue messages in ${rangeText(c.statsPeriod)}`}>
        Queues show spans whose op is <code>queue.publish</code> or <code>queue.process</code>, with{' '}
        <code>messaging.destination.name</code> (and <code>messaging.message.receive.latency</code>) in their data:
        Python&apos;s Celery integration sends them, and in JavaScript you add them with <code>Sentry.startSpan</code>{' '}
        as Sentry&apos;s custom queue instrumentation describes.
      </NoSpans>
    );
  const dest = (r: QueueRow) => term('messaging.destination.name', r.destination);
  const link = (r: QueueRow, op: string, aggregate: string, value: string, what: string) => (
    <ExploreNumber href={exploreHref(c, [op, dest(r)], aggregate)} value={value} what={what} />
  );
  return (
    <DataTable
      label="Queues table"
      caption={`Queue messages of ${rangeText(c.statsPeriod)} by destination, the most first`}
      className="min-w-[60rem]"
      cards
      rows={data.rows}
      rowKey={(r) => r.destination ?? ''}
      columns={[
        {
          name: 'Destination',
          rowHeader: true,
          cellClassName: 'font-mono text-[13px]',
          cell: (r) => r.destination ?? <span className="text-fg-muted">(none)</span>,
        },
        {
          name: 'Published',
          numeric: true,
          cell: (r) => link(r, QUEUE_PUBLISH, 'count()', formatCount(r.published), 'Published'),
        },
        {
          name: 'Processed',
          numeric: true,
          cell: (r) => link(r, QUEUE_PROCESS, 'count()', formatCount(r.processed), 'Processed'),
        },
        {
          name: 'Throughput',
          numeric: true,
          cell: (r) =>
            link(
              r,
              'span.op:[queue.publish,queue.process]',
              'spm()',
              formatRateAuto(r.throughput),
              'Messages a minute',
            ),
        },
        {
          name: 'Avg publish',
          numeric: true,
          cell: (r) =>
            r.publishAvgMs === null
              ? none
              : link(r, QUEUE_PUBLISH, 'avg(span.duration)', formatMs(r.publishAvgMs), 'Average publish'),
        },
        {
          name: 'Avg process',
          numeric: true,
          cell: (r) =>
            r.processAvgMs === null
              ? none
              : link(r, QUEUE_PROCESS, 'avg(span.duration)', formatMs(r.processAvgMs), 'Average process'),
        },
        {
          name: 'Avg time in queue',
          numeric: true,
          cell: (r) =>
            r.receiveLatencyMs === null
              ? none
              : link(
                  r,
                  QUEUE_PROCESS,
                  'avg(messaging.message.receive.latency)',
                  formatMs(r.receiveLatencyMs),
                  'Average messaging.message.receive.latency',
                ),
        },
        {
          name: 'Process errors',
          numeric: true,
          cell: (r) =>
            link(r, QUEUE_PROCESS, 'failure_rate()', formatCount(r.processErrors), 'Failure rate of processing'),
        },
      ]}
    />
  );
}
