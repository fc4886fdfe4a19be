'use client';

import { CHART_TYPES, type ChartType } from '@/lib/zod/explore';
import { cn } from '@/components/ui/cn';

const LABELS: Record<ChartType, string> = { line: 'Line', area: 'Area', bar: 'Bar' };

/** Line, area or bar: a change redraws at once (it is in the address, the query is not run again). */
export function ChartTypePicker({ value, onChange }: { value: ChartType; onChange: (v: ChartType) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-fg-secondary">Chart</legend>
      <div className="inline-flex rounded-lg border border-line-strong bg-surface p-0.5">
        {CHART_TYPES.map((t) => (
          <label
            key={t}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
              t === value ? 'bg-inverse text-on-inverse' : 'text-fg-secondary hover:bg-surface-hover',
            )}
          >
            <input
              type="radio"
              name="explore-chart"
              value={t}
              checked={t === value}
              onChange={() => onChange(t)}
              className="sr-only"
            />
            {LABELS[t]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
