// A widget's query as it runs on its dashboard (#61): the dashboard's range replaces the widget's own (the interval
// is picked again for it), its environment and release are added to the filter. Pure: the page calls it, and the
// API's test of a dashboard's widgets reads the same query.
import type { DashboardFilters } from '@/lib/zod/dashboards';
import type { ExploreQuery } from '@/lib/zod/explore';

/** A filter term's value, quoted when it holds what would end or change the term. */
export const termValue = (v: string) => (/^[^\s"*!,[\]]+$/.test(v) ? v : `"${v.replace(/"/g, '')}"`);

export function widgetQuery(query: ExploreQuery, filters: DashboardFilters): ExploreQuery {
  const terms = [
    query.query,
    filters.environment ? `environment:${termValue(filters.environment)}` : '',
    filters.release ? `release:${termValue(filters.release)}` : '',
  ].filter(Boolean);
  const range = filters.statsPeriod
    ? { statsPeriod: filters.statsPeriod, start: undefined, end: undefined, interval: undefined }
    : {};
  return { ...query, ...range, query: terms.join(' ') };
}
