'use client';

import { useSearchParams } from 'next/navigation';
import { Card } from '@/components/ui/card';
import { DAY_RANGES, parseDays, useTransactions, useWebVitals } from '@/lib/swr/use-performance';
import { useProject } from '@/lib/swr/use-projects';
import { platformOf } from '@/lib/projects/platforms';
import { RangeLinks } from '@/components/ui/range-links';
import { LoadError, Skeleton } from '@/components/ui/states';
import { TransactionsTable } from './transactions-table';
import { browserPlatform, NoVitals, VitalsCards, withoutVitals } from './vitals-cards';
import { PageHeader } from '@/components/ui/page-header';

const snippet = (origin: string) => `<script src="${origin}/sdk/browser.js"></script>
<script>
  Tracker.init({
    dsn: '<your project DSN>',
    // Share of page loads that report a transaction and web vitals (1.0 = all).
    tracesSampleRate: 1.0,
  });
</script>`;

export function PerformanceView({ projectId }: { projectId: string }) {
  const params = useSearchParams();
  const days = parseDays(params.get('days'));
  const environment = params.get('environment');
  const transactions = useTransactions(projectId, days, environment);
  const vitals = useWebVitals(projectId, days, environment);
  const range = days === 1 ? 'the last 24 hours' : `the last ${days} days`;

  const { project } = useProject(projectId);
  const noVitals = withoutVitals(vitals.data);
  // A page without Web Vitals leads with its transactions; a browser project's page leads with its vitals.
  const vitalsFirst = vitals.data ? !noVitals : browserPlatform(project?.platform) === true;
  const server = project ? platformOf(project.platform) : undefined;
  const dsn = project?.keys[0]?.sentryDsn;

  const vitalsSection = (
    <section aria-labelledby="vitals-heading" aria-busy={vitals.isLoading}>
      <h2 id="vitals-heading" className="mb-3 text-lg font-semibold">
        Web vitals <span className="text-sm font-normal text-fg-muted">(75th percentile)</span>
      </h2>
      {vitals.error ? (
        <LoadError what="web vitals" error={vitals.error} onRetry={() => vitals.mutate()} />
      ) : noVitals ? (
        <NoVitals platform={project?.platform} range={range} />
      ) : (
        <VitalsCards data={vitals.data} />
      )}
    </section>
  );
  const transactionsSection = (
    <section aria-labelledby="transactions-heading" aria-busy={transactions.isLoading}>
      <h2 id="transactions-heading" className="mb-3 text-lg font-semibold">
        Transactions
      </h2>
      {transactions.error ? (
        <LoadError what="transactions" error={transactions.error} onRetry={() => transactions.mutate()} />
      ) : !transactions.data ? (
        <div className="space-y-2 rounded-xl border border-line bg-surface p-4">
          <span className="sr-only" role="status">
            Loading transactions…
          </span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : transactions.data.length === 0 && server && server.group !== 'Browser' && server.init && dsn ? (
        <Card data-testid="transactions-none">
          <h3 className="font-semibold">No transactions in {range}</h3>
          <p className="mt-2 max-w-2xl text-sm text-fg-secondary">
            {server.sdk} reports each request or job it traces as a transaction, with its spans, when its traces sample
            rate is above 0. {server.init.label}:
          </p>
          <pre
            tabIndex={0}
            className="mt-4 overflow-x-auto rounded-lg border border-code-line bg-code p-4 font-mono text-[13px] leading-relaxed text-code-fg"
          >
            <code>{server.init.code(dsn)}</code>
          </pre>
        </Card>
      ) : transactions.data.length === 0 ? (
        <Card data-testid="transactions-none">
          <h3 className="font-semibold">No transactions in {range}</h3>
          <p className="mt-2 max-w-2xl text-sm text-fg-secondary">
            The browser library reports each page load as a transaction, with its LCP, FCP, TTFB and CLS, when{' '}
            <code className="rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px]">tracesSampleRate</code> is
            above 0. Use the DSN from the project settings:
          </p>
          <pre
            tabIndex={0}
            className="mt-4 overflow-x-auto rounded-lg border border-code-line bg-code p-4 font-mono text-[13px] leading-relaxed text-code-fg"
          >
            <code>{snippet(window.location.origin)}</code>
          </pre>
          <p className="mt-3 text-sm text-fg-secondary">
            Or send one yourself:{' '}
            <code className="rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px] break-all">
              {`POST /api/v1/ingest/${projectId}/envelope`}
            </code>{' '}
            with header{' '}
            <code className="rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px]">
              X-Ingest-Auth: ingest_key=…
            </code>{' '}
            and body{' '}
            <code className="rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px] break-all">
              {
                '{ "type": "transaction", "name": "/checkout", "duration": 420, "timestamp": <ms>, "vitals": { "lcp": 1800 } }'
              }
            </code>
            .
          </p>
        </Card>
      ) : (
        <TransactionsTable groups={transactions.data} days={days} projectId={projectId} />
      )}
    </section>
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title="Performance"
        description={<>Transactions and web vitals from {range}.</>}
        actions={
          <RangeLinks
            param="days"
            values={DAY_RANGES}
            current={days}
            labelOf={(d) => (d === 1 ? '24 hours' : `${d} days`)}
          />
        }
      />

      {vitalsFirst ? vitalsSection : transactionsSection}
      {vitalsFirst ? transactionsSection : vitalsSection}
    </div>
  );
}
