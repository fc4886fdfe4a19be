'use client';

import { useId } from 'react';
import { formatPercent } from '@/components/performance/format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { SearchResult } from '../flame-layout';
import { Legend } from './flame-facts';

/** Above the graph: the search and its matches, the legend, folding the SDK's frames, and Reset zoom. */
export function FlameToolbar({
  query,
  onQuery,
  result,
  folding,
  onFolding,
  zoomed,
  onReset,
}: {
  query: string;
  onQuery: (query: string) => void;
  result: SearchResult | null;
  /** Whether runs of SDK, profiler and runtime frames are folded into one row each. */
  folding: boolean;
  onFolding: (fold: boolean) => void;
  /** Zoomed elsewhere than where the graph opened. */
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
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={!folding}
          onChange={(e) => onFolding(!e.target.checked)}
          className="size-4"
          data-testid="flame-show-sdk"
        />
        Show SDK and runtime frames
      </label>
      <Button variant="secondary" className="h-8 px-3 sm:ml-auto" disabled={!zoomed} onClick={onReset}>
        Reset zoom
      </Button>
    </div>
  );
}
