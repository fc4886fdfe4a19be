// A project's starter dashboard (#61): what a team looks at first, made the first time the organization's
// dashboards are listed after the project exists (dashboard_starters remembers it, so one deleted stays deleted).
import type { WidgetInput } from '@/lib/zod/dashboards';

export function starterWidgets(projectId: string): WidgetInput[] {
  const base = { projects: [projectId], statsPeriod: '24h' };
  return [
    {
      title: 'Errors by issue',
      display: 'table',
      query: { ...base, dataset: 'errors', aggregates: ['count()'], groupBy: ['issue', 'title'], limit: 10 },
      layout: { x: 0, y: 0, w: 6, h: 4 },
    },
    {
      title: 'p95 by transaction',
      display: 'line',
      query: { ...base, dataset: 'transactions', aggregates: ['p95(transaction.duration)'], groupBy: ['transaction'] },
      layout: { x: 6, y: 0, w: 6, h: 4 },
    },
    {
      title: 'Crash-free sessions',
      source: 'crash_free',
      display: 'big_number',
      projectId,
      layout: { x: 0, y: 4, w: 3, h: 4 },
    },
    {
      title: 'Log lines by level',
      display: 'bar',
      query: { ...base, dataset: 'logs', aggregates: ['count()'], groupBy: ['severity'] },
      layout: { x: 3, y: 4, w: 5, h: 4 },
    },
    {
      title: 'Busiest metrics',
      display: 'table',
      query: {
        ...base,
        dataset: 'metrics',
        aggregates: ['count()', 'sum(value)'],
        groupBy: ['metric.name'],
        limit: 10,
      },
      layout: { x: 8, y: 4, w: 4, h: 4 },
    },
  ];
}
