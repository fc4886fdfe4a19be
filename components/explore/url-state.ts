// The Explore page's whole state lives in its address (#61): the query as lib/zod/explore.ts writes it to a query
// string, plus how it is drawn (`chart`), whose samples are open (`samples`, a group's values as JSON) and which saved
// query it came from (`saved`). A reload or a shared link shows the same page.
import { CHART_TYPES, exploreSearchParams, type ChartType, type ExploreQueryInput } from '@/lib/zod/explore';

export type PageState = {
  query: ExploreQueryInput;
  chart: ChartType;
  samples: (string | null)[] | null;
  /** The saved query this one was opened from (Update and Delete act on it). */
  saved: string | null;
};

const list = (v: string | null) =>
  v
    ? v
        .split(/,(?![^(]*\))/)
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

/** What the address says, as the form shows it: unchecked (the API checks, and says what is wrong). */
export function stateOf(params: URLSearchParams): PageState {
  const chart = params.get('chart');
  let samples: (string | null)[] | null = null;
  try {
    const v: unknown = JSON.parse(params.get('samples') ?? 'null');
    if (Array.isArray(v)) samples = v as (string | null)[];
  } catch {
    samples = null;
  }
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);
  return {
    query: {
      dataset: params.get('dataset') ?? 'spans',
      query: params.get('query') ?? '',
      aggregates: list(params.get('aggregate')),
      groupBy: list(params.get('groupBy')),
      projects: list(params.get('project')),
      statsPeriod: params.get('statsPeriod') ?? undefined,
      start: params.get('start') ?? undefined,
      end: params.get('end') ?? undefined,
      interval: params.get('interval') ?? undefined,
      topN: num('topN'),
      limit: num('limit'),
    },
    chart: (CHART_TYPES as readonly string[]).includes(chart ?? '') ? (chart as ChartType) : 'line',
    samples,
    saved: params.get('saved'),
  };
}

/** The address of a state. */
export function hrefOf(s: PageState): string {
  const p = exploreSearchParams(s.query);
  if (s.chart !== 'line') p.set('chart', s.chart);
  if (s.samples) p.set('samples', JSON.stringify(s.samples));
  if (s.saved) p.set('saved', s.saved);
  return `/explore?${p}`;
}

/** The API's query string of a state: the query alone. */
export const apiParams = (s: PageState) => exploreSearchParams(s.query).toString();
