'use client';

import { useState } from 'react';
import type { DatasetCatalog } from '@/lib/explore/registry';
import type { ExploreQueryInput } from '@/lib/zod/explore';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { ChartTypePicker } from './chart-type-picker';
import { AggregatesFieldset, aggsOf, aggText, type Agg } from './aggregates-fieldset';
import { FieldsDatalist } from './field-input';
import { GroupByFieldset } from './group-by-fieldset';
import type { PageState } from './url-state';

/** The ranges offered (Explore's and the dashboards' filters). */
export const PERIODS = [
  ['1h', 'Last hour'],
  ['24h', 'Last 24 hours'],
  ['7d', 'Last 7 days'],
  ['14d', 'Last 14 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
] as const;
const INTERVALS = ['1m', '5m', '10m', '15m', '30m', '1h', '2h', '3h', '6h', '12h', '1d'];
const PLACEHOLDER: Record<string, string> = {
  spans: 'span.op:db span.duration:>100ms !span.status:ok',
  transactions: 'transaction:"GET /checkout" transaction.duration:>1s',
  logs: 'severity:[error,fatal] user.id:42 "payment failed"',
  errors: 'level:error release:1.2.* browser.name:Safari',
};

/** The query being written; Run (or Enter) puts it in the address, which runs it. */
export function QueryBuilder({
  catalog,
  state,
  onRun,
}: {
  catalog: DatasetCatalog;
  state: PageState;
  onRun: (s: PageState) => void;
}) {
  const q = state.query;
  const [dataset, setDataset] = useState(q.dataset);
  const [filter, setFilter] = useState(q.query ?? '');
  const [aggs, setAggs] = useState<Agg[]>(aggsOf(q));
  const [groupBy, setGroupBy] = useState<string[]>(q.groupBy ?? []);
  const [period, setPeriod] = useState(q.start ? 'custom' : (q.statsPeriod ?? '24h'));
  const [interval, setIntervalText] = useState(q.interval ?? '');
  const d = catalog.find((x) => x.name === dataset) ?? catalog[0];

  const query = (): ExploreQueryInput => ({
    dataset,
    query: filter.trim(),
    aggregates: aggs.map(aggText),
    groupBy: groupBy.map((g) => g.trim()).filter(Boolean),
    projects: q.projects,
    ...(period === 'custom' ? { start: q.start, end: q.end } : { statsPeriod: period }),
    interval: interval || undefined,
    topN: q.topN,
    limit: q.limit,
  });
  return (
    <form
      aria-label="Query"
      className="space-y-4 rounded-xl border border-line bg-surface p-4"
      onSubmit={(e) => {
        e.preventDefault();
        onRun({ ...state, query: query(), samples: null });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <SelectField
          name="dataset"
          id="explore-dataset"
          label="Dataset"
          className="w-full"
          value={dataset}
          onChange={(e) => {
            setDataset(e.target.value);
            setAggs([{ fn: 'count', field: '' }]);
            setGroupBy([]);
            setFilter('');
          }}
        >
          {catalog.map((x) => (
            <option key={x.name} value={x.name}>
              {x.label}
            </option>
          ))}
        </SelectField>
        <Field
          name="query"
          id="explore-query"
          label="Filter"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={PLACEHOLDER[dataset] ?? 'key:value'}
          spellCheck={false}
        />
      </div>
      <FieldsDatalist id="explore-fields" fields={d.fields} />
      <FieldsDatalist id="explore-number-fields" fields={d.fields.filter((f) => f.type !== 'string')} />
      <AggregatesFieldset dataset={d} aggs={aggs} onChange={setAggs} />
      <GroupByFieldset groupBy={groupBy} attributes={d.attributes} onChange={setGroupBy} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          name="period"
          id="explore-period"
          label="Time range"
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
        >
          {PERIODS.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
          {q.start && <option value="custom">{`${q.start} – ${q.end}`}</option>}
        </SelectField>
        <SelectField
          name="interval"
          id="explore-interval"
          label="Interval"
          value={interval}
          onChange={(e) => setIntervalText(e.target.value)}
        >
          <option value="">Automatic</option>
          {INTERVALS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </SelectField>
        <ChartTypePicker value={state.chart} onChange={(chart) => onRun({ ...state, chart })} />
        <Button type="submit" className="ml-auto">
          Run query
        </Button>
      </div>
    </form>
  );
}
