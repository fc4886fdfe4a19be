'use client';

import { useRouter } from 'next/navigation';
import useSWR from 'swr';
import { widgetQuery } from '@/lib/dashboards/filters';
import { fetcher } from '@/lib/swr/fetcher';
import { useExplore } from '@/lib/swr/use-explore';
import type { DashboardFilters, Widget } from '@/lib/zod/dashboards';
import { ExploreChart } from '@/components/explore/explore-chart';
import { ExploreTable } from '@/components/explore/explore-table';
import { formatValue } from '@/components/explore/format';
import { hrefOf, type PageState } from '@/components/explore/url-state';
import { ErrorState, LoadingState } from '@/components/ui/states';

type ExploreWidget = Extract<Widget, { source: 'explore' }>;
type CrashFreeWidget = Extract<Widget, { source: 'crash_free' }>;

/** A number the size of the widget, with what it is of. */
function BigNumber({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex h-full flex-col justify-center" data-testid="big-number">
      <p className="text-4xl font-semibold tabular-nums" data-value={value}>
        {value}
      </p>
      <p className="text-sm text-fg-secondary">{label}</p>
    </div>
  );
}

/** An Explore query with the dashboard's filters, drawn as the widget says; a big number reads it ungrouped. */
function ExploreBody({ widget, filters }: { widget: ExploreWidget; filters: DashboardFilters }) {
  const router = useRouter();
  const base = widgetQuery(widget.query, filters);
  const query = widget.display === 'big_number' ? { ...base, groupBy: [] } : base;
  const { result, error, isLoading } = useExplore(query);
  const state: PageState = {
    query,
    chart: widget.display === 'area' || widget.display === 'bar' ? widget.display : 'line',
    samples: null,
    saved: null,
  };
  if (error) return <ErrorState error={error} title="Could not run this widget's query" />;
  if (isLoading || !result) return <LoadingState label="Running the query" />;
  if (widget.display === 'big_number') {
    const a = result.meta.aggregates[0];
    const v = (result.table[0]?.[a] as number | null | undefined) ?? null;
    return <BigNumber value={formatValue(v, result.meta.units[a])} label={a} />;
  }
  if (widget.display === 'table')
    return (
      <ExploreTable
        result={result}
        state={state}
        onSamples={(group) => router.push(hrefOf({ ...state, samples: group }))}
      />
    );
  return <ExploreChart result={result} chart={state.chart} />;
}

type Health = { releases: { version: string | null; sessions: number; crashed: number }[] };

/** 1 − crashed / sessions over the dashboard's range in days (14 without one), from the project's release health. */
function CrashFreeBody({ widget, filters }: { widget: CrashFreeWidget; filters: DashboardFilters }) {
  const m = /^(\d+)([hdw])$/.exec(filters.statsPeriod ?? '14d')!;
  const days = Math.min(90, Math.max(1, Math.ceil(Number(m[1]) * (m[2] === 'w' ? 7 : m[2] === 'd' ? 1 : 1 / 24))));
  const params = new URLSearchParams({ days: String(days) });
  if (filters.environment) params.set('environment', filters.environment);
  const { data, error } = useSWR<Health>(
    `/api/v1/projects/${encodeURIComponent(widget.projectId)}/release-health?${params}`,
    fetcher,
  );
  if (error) return <ErrorState error={error} title="Could not read the sessions" />;
  if (!data) return <LoadingState label="Reading the sessions" />;
  const releases = filters.release ? data.releases.filter((r) => r.version === filters.release) : data.releases;
  const sessions = releases.reduce((n, r) => n + r.sessions, 0);
  const crashed = releases.reduce((n, r) => n + r.crashed, 0);
  const value = sessions ? `${(Math.floor((1 - crashed / sessions) * 10_000) / 100).toFixed(2)}%` : '—';
  const label = sessions
    ? `of ${sessions.toLocaleString('en-US')} sessions over ${days} day${days === 1 ? '' : 's'}`
    : 'No sessions in this range';
  return <BigNumber value={value} label={label} />;
}

export function WidgetBody({ widget, filters }: { widget: Widget; filters: DashboardFilters }) {
  return widget.source === 'crash_free' ? (
    <CrashFreeBody widget={widget} filters={filters} />
  ) : (
    <ExploreBody widget={widget} filters={filters} />
  );
}
