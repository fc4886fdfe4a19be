// Dashboards (#61): what the API takes and stores. A widget is an Explore query (lib/zod/explore.ts) with how it is
// drawn and where it sits on a 12-column grid, or the crash-free rate of a project's sessions (release health has
// no Explore dataset: its rows are rollups). The dashboard's filters (range, environment, release) apply to every
// widget when it runs (lib/dashboards/filters.ts), so a widget keeps its own query as saved.
import { z } from 'zod';
import { exploreQuerySchema } from './explore';

export const GRID_COLUMNS = 12;
export const DASHBOARD_LIMITS = { widgets: 30, rows: 200, dashboards: 500 } as const;
export const WIDGET_DISPLAYS = ['line', 'area', 'bar', 'big_number', 'table'] as const;
export type WidgetDisplay = (typeof WIDGET_DISPLAYS)[number];

const name = (what: string) =>
  z
    .string({ message: `${what} of 1 to 100 characters` })
    .trim()
    .min(1, `${what} of 1 to 100 characters`)
    .max(100, `${what} of 1 to 100 characters`);

const cell = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label}: a whole number from ${min} to ${max}` })
    .int(`${label}: a whole number from ${min} to ${max}`)
    .min(min, `${label}: a whole number from ${min} to ${max}`)
    .max(max, `${label}: a whole number from ${min} to ${max}`);

/** Where a widget sits: column and row of its top left cell, its width and height in cells. */
export const widgetLayout = z
  .object({
    x: cell('x', 0, GRID_COLUMNS - 1),
    y: cell('y', 0, DASHBOARD_LIMITS.rows),
    w: cell('w', 1, GRID_COLUMNS),
    h: cell('h', 1, 12),
  })
  .refine((l) => l.x + l.w <= GRID_COLUMNS, { message: `x + w is at most ${GRID_COLUMNS}`, path: ['w'] });
export type WidgetLayout = z.infer<typeof widgetLayout>;

const widgetId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A widget id: 1 to 40 letters, digits, - or _');

const exploreWidget = z.object({
  id: widgetId.optional(),
  title: name('A title'),
  source: z.literal('explore'),
  display: z.enum(WIDGET_DISPLAYS, { message: 'Display: line, area, bar, big_number or table' }),
  query: exploreQuerySchema,
  layout: widgetLayout,
});
const crashFreeWidget = z.object({
  id: widgetId.optional(),
  title: name('A title'),
  source: z.literal('crash_free'),
  display: z.literal('big_number', { message: 'A crash-free rate is shown as big_number' }),
  projectId: z.string({ message: 'The project whose sessions it reads' }).min(1).max(64),
  layout: widgetLayout,
});

/** A widget without a `source` is an Explore query's. */
export const widgetSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !('source' in v) ? { ...v, source: 'explore' } : v),
  z.discriminatedUnion('source', [exploreWidget, crashFreeWidget], {
    message: 'A widget is an Explore query (source explore) or a crash-free rate (source crash_free)',
  }),
);
export type WidgetInput = z.input<typeof widgetSchema>;
export type Widget = z.output<typeof widgetSchema> & { id: string };

const PERIOD = /^\d{1,3}[hdw]$/;
export const dashboardFilters = z
  .object({
    statsPeriod: z.string().regex(PERIOD, 'A period such as 1h, 24h, 7d or 2w').optional(),
    environment: z.string().trim().min(1).max(64, 'An environment of at most 64 characters').optional(),
    release: z.string().trim().min(1).max(200, 'A release of at most 200 characters').optional(),
  })
  .strict();
export type DashboardFilters = z.infer<typeof dashboardFilters>;

const widgets = z
  .array(widgetSchema)
  .max(DASHBOARD_LIMITS.widgets, `At most ${DASHBOARD_LIMITS.widgets} widgets on a dashboard`);

export const dashboardBody = z.object({
  name: name('A name'),
  filters: dashboardFilters.default({}),
  widgets: widgets.default([]),
});
export const dashboardPatch = z
  .object({ name: name('A name').optional(), filters: dashboardFilters.optional(), widgets: widgets.optional() })
  .refine((b) => b.name !== undefined || b.filters !== undefined || b.widgets !== undefined, 'Nothing to change');
/** One widget added below the others ("Add to dashboard" on the Explore page): its place is picked. */
export const addWidgetBody = z.object({
  title: name('A title'),
  display: z.enum(WIDGET_DISPLAYS, { message: 'Display: line, area, bar, big_number or table' }),
  query: exploreQuerySchema,
  w: cell('w', 1, GRID_COLUMNS).default(6),
  h: cell('h', 1, 12).default(4),
});
export const dashboardParams = z.object({ id: z.string().min(1).max(64) });
