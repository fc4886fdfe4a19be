// Sentry's events endpoint (`GET /organizations/{org}/events/?dataset=…&field=…&query=…`) for the datasets we keep:
// `logs`, `errors` and `spans`. The fields and search keys each answers are listed in lib/sentry-api/datasets.ts
// (docs/api-compat.md); one it does not know is a 400 naming it, never a column of nulls. Rows are paged by offset
// (Sentry's `0:<offset>:0` cursors) and answered as `{ data, meta }` with each field's type.
import { AppError } from '@/lib/errors';
import { clock } from '@/lib/clock';
import { periodMs } from '@/lib/zod/sentry-api';
import { offsetCursors, parseCursor } from './cursor';
import { DATASETS, type DatasetName, type Term } from './datasets';

const refuse = (detail: string): never => {
  throw new AppError('BAD_REQUEST', detail);
};

const TOKEN = /(!?)([A-Za-z0-9_.\-:]+?):("(?:[^"\\]|\\.)*"|\S+)|("(?:[^"\\]|\\.)*")|(\S+)/g;
const unquote = (v: string) => (v.startsWith('"') ? (JSON.parse(v) as string) : v);

/** The query's terms: `key:value` (negated with `!`, quoted when it holds spaces) and free text. */
export function discoverTerms(query: string): Term[] {
  const out: Term[] = [];
  for (const m of query.matchAll(TOKEN)) {
    if (m[2] !== undefined) {
      const value = unquote(m[3]);
      if (value.startsWith('[')) refuse(`Lists of values ("${m[2]}:[…]") are not supported: one term per value`);
      out.push({ key: m[2], value, negated: m[1] === '!' });
    } else out.push({ key: null, value: unquote(m[4] ?? m[5]), negated: false });
  }
  return out;
}

export type DiscoverRequest = {
  dataset: string | undefined;
  fields: string[];
  query: string;
  sort: string | undefined;
  perPage: number;
  cursor: string | undefined;
  statsPeriod: string | undefined;
  start: Date | undefined;
  end: Date | undefined;
  /** The organization's projects the request may read: id, number and slug. */
  projects: { id: string; number: number; slug: string }[];
};

/** One page of a dataset's rows with the fields asked for, and its cursors. */
export async function discover(req: DiscoverRequest) {
  const name = (req.dataset === 'ourlogs' ? 'logs' : (req.dataset ?? 'errors')) as DatasetName;
  const dataset = DATASETS[name];
  if (!dataset) refuse(`Unsupported dataset "${req.dataset}": this server answers logs, errors and spans`);
  if (req.fields.length === 0) refuse('No columns selected: give at least one field');
  const unknown = req.fields.filter((f) => !dataset.knows(f));
  if (unknown.length > 0)
    refuse(`Unknown field ${unknown.map((f) => `"${f}"`).join(', ')} for the ${name} dataset (docs/api-compat.md)`);
  const now = clock.nowMs();
  const ms = req.statsPeriod ? periodMs(req.statsPeriod) : null;
  if (req.statsPeriod && ms === null) refuse(`Invalid statsPeriod "${req.statsPeriod}"`);
  const start = ms !== null ? new Date(now - ms) : (req.start ?? new Date(now - dataset.defaultWindowMs));
  const end = ms !== null ? null : (req.end ?? null);
  const terms = discoverTerms(req.query);
  // `project:<slug>` narrows the projects; one that is not the organization's matches nothing.
  const named = terms.filter((t) => t.key === 'project' && !t.negated).map((t) => t.value);
  const projects = named.length ? req.projects.filter((p) => named.includes(p.slug)) : req.projects;
  const sort = req.sort ?? '-timestamp';
  if (!dataset.sorts.includes(sort)) refuse(`Invalid sort "${sort}": use ${dataset.sorts.join(', ')}`);
  const offset = parseCursor(req.cursor)?.offset ?? 0;
  const rows =
    projects.length === 0
      ? []
      : await dataset.rows({
          projects,
          terms: terms.filter((t) => t.key !== 'project'),
          start,
          end,
          sort,
          offset,
          limit: req.perPage + 1,
        });
  const data = rows
    .slice(0, req.perPage)
    .map((r) => Object.fromEntries(req.fields.map((f) => [f, dataset.value(r, f)])));
  return {
    body: {
      data,
      meta: {
        fields: Object.fromEntries(req.fields.map((f) => [f, dataset.type(f)])),
        units: Object.fromEntries(req.fields.map((f) => [f, f.endsWith('duration') ? 'millisecond' : null])),
        isMetricsData: false,
        isMetricsExtractedData: false,
        tips: {},
        datasetReason: 'unchanged',
        dataset: name,
      },
    },
    links: offsetCursors(offset, req.perPage, rows.length > req.perPage),
  };
}
