'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import type { DatasetCatalog } from '@/lib/explore/registry';
import { useExplore } from '@/lib/swr/use-explore';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { PageHeader } from '@/components/ui/page-header';
import { QueryBuilder } from './query-builder';
import { ExploreChart } from './explore-chart';
import { ExploreTable } from './explore-table';
import { SamplesPanel } from './samples-panel';
import { SavedQueries } from './saved-queries';
import { AddToDashboard } from './add-to-dashboard';
import { SampledNotice } from './sampled-notice';
import { CreateAlert } from './create-alert';
import { hrefOf, stateOf, type PageState } from './url-state';

/**
 * Explore (#61): any question of the organization's errors, transactions, spans and logs: a filter, aggregates,
 * up to three group-bys, a range and an interval, drawn as a chart and a table whose rows open their samples.
 * Everything is in the address, so a reload, the back button and a shared link all show the same answer.
 */
export function ExploreView({ catalog }: { catalog: DatasetCatalog }) {
  const router = useRouter();
  const state = stateOf(new URLSearchParams(useSearchParams()));
  const { result, error, isLoading, isValidating } = useExplore(state.query);
  const go = (next: PageState) => router.push(hrefOf(next), { scroll: false });
  const dataset = catalog.find((d) => d.name === state.query.dataset) ?? catalog[0];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Explore"
        description={`Ask your own question of every project's ${catalog.map((d) => d.label.toLowerCase()).join(', ')}.`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <SavedQueries state={state} onOpen={go} />
            <AddToDashboard key={hrefOf(state)} state={state} />
          </div>
        }
      />
      <QueryBuilder key={hrefOf({ ...state, samples: null })} catalog={catalog} state={state} onRun={go} />
      {error ? (
        <ErrorState error={error} title="Could not run this query" />
      ) : isLoading || !result ? (
        <LoadingState label="Running the query" />
      ) : (
        <div className="space-y-6" aria-busy={isValidating || undefined}>
          {result.meta.sampled && <SampledNotice rate={result.meta.sampleRate} noun={dataset.noun} />}
          <ExploreChart result={result} chart={state.chart} />
          <CreateAlert query={state.query} />
          <ExploreTable result={result} state={state} onSamples={(group) => go({ ...state, samples: group })} />
          {state.samples && (
            <SamplesPanel state={state} group={state.samples} onClose={() => go({ ...state, samples: null })} />
          )}
        </div>
      )}
    </div>
  );
}
