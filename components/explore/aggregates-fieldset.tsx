'use client';

import type { DatasetCatalog } from '@/lib/explore/registry';
import { AGGREGATE_FUNCTIONS, EXPLORE_LIMITS, parseAggregate, type ExploreQueryInput } from '@/lib/zod/explore';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { FieldInput } from './field-input';

export type Agg = { fn: string; field: string };
type Takes = (typeof AGGREGATE_FUNCTIONS)[keyof typeof AGGREGATE_FUNCTIONS];
const takesOf = (fn: string): Takes => AGGREGATE_FUNCTIONS[fn as keyof typeof AGGREGATE_FUNCTIONS] ?? 'none';

/** The aggregates of a query as the form edits them (an unreadable one as count()). */
export const aggsOf = (q: ExploreQueryInput): Agg[] =>
  (q.aggregates?.length ? q.aggregates : ['count()']).map((a) => {
    const p = parseAggregate(a);
    return typeof p === 'string' ? { fn: 'count', field: '' } : { fn: p.fn, field: p.field ?? '' };
  });

/** `p95(span.duration)` from the form's function and field (a function of no field drops what was typed). */
export const aggText = (a: Agg) => `${a.fn}(${takesOf(a.fn) === 'none' ? '' : a.field.trim()})`;

/** One row per aggregate: its function (those the dataset answers) and its field; up to five. */
export function AggregatesFieldset({
  dataset,
  aggs,
  onChange,
}: {
  dataset: DatasetCatalog[number];
  aggs: Agg[];
  onChange: (aggs: Agg[]) => void;
}) {
  const functions = Object.keys(AGGREGATE_FUNCTIONS).filter(
    (fn) =>
      (fn !== 'failure_rate' || dataset.failureRate) &&
      ((fn !== 'epm' && fn !== 'spm') || (dataset.rates as string[]).includes(fn)),
  );
  const set = (i: number, patch: Partial<Agg>) => onChange(aggs.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Aggregates</legend>
      {aggs.map((a, i) => {
        const takes = takesOf(a.fn);
        return (
          <div key={i} className="flex flex-wrap items-center gap-2" data-testid="aggregate">
            <Select aria-label={`Function ${i + 1}`} value={a.fn} onChange={(e) => set(i, { fn: e.target.value })}>
              {functions.map((fn) => (
                <option key={fn} value={fn}>
                  {fn}
                </option>
              ))}
            </Select>
            {takes !== 'none' && (
              <FieldInput
                label={`Field of aggregate ${i + 1}`}
                list={takes === 'field' && a.fn !== 'count_unique' ? 'explore-number-fields' : 'explore-fields'}
                value={a.field}
                onChange={(field) => set(i, { field })}
                placeholder={takes === 'optional' ? '(rows)' : 'field'}
              />
            )}
            {aggs.length > 1 && (
              <Button variant="ghost" onClick={() => onChange(aggs.filter((_, j) => j !== i))}>
                Remove
              </Button>
            )}
          </div>
        );
      })}
      {aggs.length < EXPLORE_LIMITS.aggregates && (
        <Button variant="secondary" onClick={() => onChange([...aggs, { fn: 'count', field: '' }])}>
          Add aggregate
        </Button>
      )}
    </fieldset>
  );
}
