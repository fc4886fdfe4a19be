'use client';

import { useSearchParams } from 'next/navigation';
import { Card } from '@/components/ui/card';
import { CodeBlock } from '@/components/ui/code-block';
import { parseDays, useTransactions, useWebVitals } from '@/lib/swr/use-performance';
import { useProject } from '@/lib/swr/use-projects';
import { platformOf } from '@/lib/projects/platforms';
import { DayRangeLinks } from '@/components/performance/day-range-links';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { TransactionsTable } from './transactions-table';
import { browserPlatform, NoVitals, VitalsCards, withoutVitals } from './vitals-cards';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';

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
    <PageSection title="Web vitals" note="(75th percentile)" busy={vitals.isLoading}>
      {vitals.error ? (
        <LoadError what="web vitals" error={vitals.error} onRetry={() => vitals.mutate()} />
      ) : noVitals ? (
        <NoVitals platform={project?.platform} range={range} />
      ) : (
        <VitalsCards data={vitals.data} />
      )}
    </PageSection>
  );
  const transactionsSection = (
    <PageSection title="Transactions" busy={transactions.isLoading}>
      {transactions.error ? (
        <LoadError what="transactions" error={transactions.error} onRetry={() => transactions.mutate()} />
      ) : !transactions.data ? (
        <SkeletonRows label="Loading transactions…" rows={4} />
      ) : transactions.data.length === 0 && server && server.group !== 'Browser' && server.init && dsn ? (
        <Card data-testid="transactions-none">
          <h3 className="font-semibold">No transactions in {range}</h3>
          <p className="mt-2 max-w-2xl text-sm text-fg-secondary">
            {server.sdk} reports each request or job it traces as a transaction, with its spans, when its traces sample
            rate is above 0. {server.init.label}:
          </p>
          <div className="mt-4">
            <CodeBlock code={server.init.code(dsn)} label={`${server.label} init`} />
          </div>
        </Card>
      ) : transactions.data.length === 0 ? (
        <Card data-testid="transactions-none">
          <h3 className="font-semibold">No transactions in {range}</h3>
          <p className="mt-2 max-w-2xl text-sm text-fg-secondary">
            The browser library reports each page load as a transaction, with its LCP, FCP, TTFB and CLS, when{' '}
            <code className="rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px]">tracesSampleRate</code> is
            above 0. Use the DSN from the project settings:
          </p>
          <div className="mt-4">
            <CodeBlock code={snippet(window.location.origin)} label="Browser snippet" />
          </div>
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
    </PageSection>
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title="Performance"
        description={<>Transactions and web vitals from {range}.</>}
        actions={<DayRangeLinks current={days} />}
      />

      {vitalsFirst ? vitalsSection : transactionsSection}
      {vitalsFirst ? transactionsSection : vitalsSection}
    </div>
  );
}
