'use client';

import type { ReactNode } from 'react';
import { useSearchParams } from 'next/navigation';
import { NavTabs } from '@/components/ui/tabs';
import { PageHeader } from '@/components/ui/page-header';
import { RangeLinks } from '@/components/ui/range-links';
import { INSIGHT_PERIODS } from '@/lib/zod/insights';
import { PERIOD_LABELS, rangeText } from './no-spans';
import { parseInsightPeriod, type InsightPage } from '@/lib/swr/use-insights';
import type { InsightsContext } from '@/lib/insights/explore-links';
import { QueriesPanel } from './queries-panel';
import { HttpPanel } from './http-panel';
import { CachesPanel, QueuesPanel } from './caches-queues-panels';

export const INSIGHT_PAGES: { page: InsightPage; label: string; blurb: string }[] = [
  { page: 'queries', label: 'Queries', blurb: 'The database queries your services run, by normalised statement.' },
  { page: 'http', label: 'Outbound HTTP', blurb: 'The HTTP calls your services make, by host and path.' },
  { page: 'caches', label: 'Caches', blurb: 'Cache reads: how often they hit, how many and how long they take.' },
  { page: 'queues', label: 'Queues', blurb: 'Messages published and processed, by destination.' },
];

const PANELS: Record<InsightPage, (c: InsightsContext) => ReactNode> = {
  queries: (c) => <QueriesPanel c={c} />,
  http: (c) => <HttpPanel c={c} />,
  caches: (c) => <CachesPanel c={c} />,
  queues: (c) => <QueuesPanel c={c} />,
};

/** Insights (#62): the project's spans as Sentry's Insights show them, one sub-page at a time. */
export function InsightsView({ projectId, page }: { projectId: string; page: InsightPage }) {
  const params = useSearchParams();
  const statsPeriod = parseInsightPeriod(params.get('statsPeriod'));
  const environment = params.get('environment');
  const keep = new URLSearchParams();
  if (params.get('statsPeriod')) keep.set('statsPeriod', statsPeriod);
  if (environment) keep.set('environment', environment);
  const base = `/projects/${encodeURIComponent(projectId)}/insights`;
  const current = INSIGHT_PAGES.find((p) => p.page === page)!;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Insights"
        description={
          <>
            {current.blurb} From the spans of {rangeText(statsPeriod)}; every figure opens in Explore.
          </>
        }
        actions={
          <RangeLinks
            param="statsPeriod"
            values={INSIGHT_PERIODS}
            current={statsPeriod}
            labelOf={(p) => PERIOD_LABELS[p]}
          />
        }
      />
      <NavTabs
        label="Insights pages"
        onCanvas
        links={INSIGHT_PAGES.map((p) => ({
          href: `${base}/${p.page}${keep.size ? `?${keep}` : ''}`,
          label: p.label,
          active: p.page === page,
        }))}
      />
      {PANELS[page]({ projectId, statsPeriod, environment })}
    </div>
  );
}
