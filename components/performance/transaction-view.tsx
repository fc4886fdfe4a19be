'use client';

import { useSearchParams } from 'next/navigation';
import { Card } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { PERIOD_LABELS, parsePeriod, useTransaction } from '@/lib/swr/use-performance';
import { TRANSACTION_PERIODS, type TransactionDetail } from '@/lib/zod/performance';
import { formatCount, formatMs, formatPercent, formatThroughput } from './format';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { RangeLinks } from '@/components/ui/range-links';
import { SlowestSamples } from './slowest-samples';
import { SpanGroups } from '@/components/traces/span-groups';
import { BUCKET_NOUN, DurationChart, ThroughputChart } from './transaction-charts';
import { NoVitals, VitalsCards, withoutVitals } from './vitals-cards';
import { useProject } from '@/lib/swr/use-projects';
import { TransactionProfile } from '@/components/profiling/transaction-profile';
import { PageSection } from '@/components/ui/page-section';
import { endpointName } from '@/lib/text/endpoint-name';

/** The profile's range in whole days: the last hour and day both read a day of profiles. */
const PERIOD_DAYS = { '1h': 1, '24h': 1, '7d': 7, '14d': 14, '30d': 30 } as const;

function Stat({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4 shadow-sm">
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail && <dd className="mt-0.5 text-xs text-fg-muted">{detail}</dd>}
    </div>
  );
}

function Stats({ data }: { data: TransactionDetail }) {
  const unit = data.bucket === 'minute' ? 'minute' : 'hour';
  const p = data.percentiles;
  const ms = (v: number | undefined) => (v === undefined ? '—' : formatMs(v));
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7" aria-label="Summary">
      <Stat label="Transactions" value={formatCount(data.count)} testId="stat-count" />
      <Stat
        label="Throughput"
        value={formatThroughput(data.throughput, unit)}
        detail={`per ${unit}, whole range`}
        testId="stat-throughput"
      />
      <Stat
        label="Failure rate"
        value={formatPercent(data.failureRate)}
        detail={`${formatCount(data.failures)} with status not ok`}
        testId="stat-failure-rate"
      />
      <Stat label="p50" value={ms(p?.p50)} testId="stat-p50" />
      <Stat label="p75" value={ms(p?.p75)} testId="stat-p75" />
      <Stat label="p95" value={ms(p?.p95)} testId="stat-p95" />
      <Stat label="p99" value={ms(p?.p99)} testId="stat-p99" />
    </dl>
  );
}

export function TransactionView({ projectId, name }: { projectId: string; name: string }) {
  const searchParams = useSearchParams();
  const period = parsePeriod(searchParams.get('period'));
  const environment = searchParams.get('environment') || undefined;
  const { data, error, mutate, isLoading } = useTransaction({ projectId, name, period, environment });
  const { project } = useProject(projectId);
  const range = `the last ${PERIOD_LABELS[period]}`;
  const spansDays = period !== '1h' && period !== '24h';
  const listHref = `/projects/${encodeURIComponent(projectId)}/performance`;

  return (
    <div className="min-w-0 space-y-8">
      <div className="space-y-3">
        <TextLink href={listHref} className="text-sm">
          ← Performance
        </TextLink>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="font-mono text-xl font-semibold tracking-tight break-all sm:text-2xl" title={name}>
              {endpointName(name)}
            </h1>
            <p className="mt-1 text-sm text-fg-muted">
              Transactions of {range}
              {environment ? (
                <>
                  {' '}
                  in <span className="font-medium text-fg-secondary">{environment}</span>
                </>
              ) : null}
              . Percentiles over the most recent 5,000; times in UTC.
            </p>
          </div>
          <RangeLinks param="period" values={TRANSACTION_PERIODS} current={period} labelOf={(p) => PERIOD_LABELS[p]} />
        </div>
      </div>

      {error ? (
        <LoadError what="this transaction" error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <SkeletonRows label="Loading the transaction…" rows={2} rowClassName="h-40" card={false} />
      ) : (
        <>
          <section aria-labelledby="summary-heading" aria-busy={isLoading}>
            <h2 id="summary-heading" className="sr-only">
              Summary
            </h2>
            <Stats data={data} />
            {data.count === 0 && (
              <Card className="mt-4">
                <p className="text-sm text-fg-secondary">
                  No transactions named this in {range}. Pick a longer range above.
                </p>
              </Card>
            )}
          </section>

          <PageSection title="Duration over time" note={<>(ms, percentiles per {BUCKET_NOUN[data.bucket]})</>}>
            <Card>
              <DurationChart series={data.series} bucket={data.bucket} spansDays={spansDays} />
            </Card>
          </PageSection>

          <PageSection title="Throughput" note={<>(transactions per {BUCKET_NOUN[data.bucket]})</>}>
            <Card>
              <ThroughputChart series={data.series} bucket={data.bucket} spansDays={spansDays} />
            </Card>
          </PageSection>

          <PageSection title="Slowest transactions">
            {data.slowest.length === 0 ? (
              <p className="text-sm text-fg-muted">None in {range}.</p>
            ) : (
              <SlowestSamples samples={data.slowest} />
            )}
          </PageSection>

          <PageSection title="Where the time goes" note="(span groups, last 7 days)">
            <SpanGroups projectId={projectId} name={name} />
          </PageSection>

          <TransactionProfile projectId={projectId} name={name} days={PERIOD_DAYS[period]} />

          <PageSection title="Web vitals of this page" note="(75th percentile)">
            {withoutVitals(data.vitals) ? (
              <NoVitals platform={project?.platform} range={range} />
            ) : (
              <VitalsCards data={data.vitals} />
            )}
          </PageSection>
        </>
      )}
    </div>
  );
}
