'use client';

import { useId } from 'react';
import type { FlameNode } from '@/lib/swr/use-profiles';
import { formatPercent } from '@/components/performance/format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { SearchResult } from '../flame-layout';
import { Legend } from './flame-facts';

/** Above the graph: the search and its matches, the legend, the frame with the most self time, and Reset zoom. */
export function FlameToolbar({
  query,
  onQuery,
  result,
  heaviest,
  rootMs,
  onHeaviest,
  zoomed,
  onReset,
}: {
  query: string;
  onQuery: (query: string) => void;
  result: SearchResult | null;
  /** The frame that spent the most time itself; none when the root is the only frame. */
  heaviest: FlameNode | null;
  rootMs: number;
  onHeaviest: () => void;
  zoomed: boolean;
  onReset: () => void;
}) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <label htmlFor={searchId} className="sr-only">
        Search functions
      </label>
      <Input
        id={searchId}
        type="search"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        placeholder="Search functions"
        className="w-full sm:w-64"
        data-testid="flame-search"
      />
      {result && (
        <p role="status" className="text-sm text-fg-secondary tabular-nums" data-testid="flame-matches">
          {result.count === 0
            ? 'No matches'
            : `${result.count.toLocaleString('en-US')} ${result.count === 1 ? 'match' : 'matches'}, ${formatPercent(result.shareOfTotal)} of time`}
        </p>
      )}
      <Legend searching={result !== null} />
      {heaviest && (
        <p className="min-w-0 text-sm text-fg-secondary">
          Most self time:{' '}
          <button
            type="button"
            onClick={onHeaviest}
            className="max-w-full truncate rounded-sm align-bottom font-mono text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
            data-testid="flame-heaviest"
          >
            {heaviest.name}
          </button>{' '}
          <span className="tabular-nums">({formatPercent(heaviest.selfMs / rootMs)})</span>
        </p>
      )}
      <Button variant="secondary" className="h-8 px-3 sm:ml-auto" disabled={!zoomed} onClick={onReset}>
        Reset zoom
      </Button>
    </div>
  );
}
