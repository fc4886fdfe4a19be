'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export type QueryProblem = { message: string; position?: number };

/** The search text; Enter (or Search) applies it. A query the API refused shows its reason under the box. */
export function IssueSearchBox({
  query,
  problem,
  onSearch,
}: {
  query: string;
  problem?: QueryProblem;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(query);
  // The URL is the source of truth: back/forward and filter picks rewrite the box (during render, not in an effect).
  const [shown, setShown] = useState(query);
  if (query !== shown) {
    setShown(query);
    setText(query);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch(text);
  }

  return (
    <form role="search" aria-label="Issues" onSubmit={submit} className="space-y-1">
      <label htmlFor="issue-search" className="text-sm font-medium">
        Search issues
      </label>
      <div className="flex gap-2">
        <Input
          id="issue-search"
          name="query"
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="is:unresolved level:error environment:production browser:Chrome checkout"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'issue-search-error issue-search-help' : 'issue-search-help'}
          className="font-mono"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
      {problem && (
        <p id="issue-search-error" className="text-sm text-danger-fg" data-testid="issue-search-error">
          {problem.message}
          {problem.position !== undefined && ` (at character ${problem.position + 1})`}
        </p>
      )}
      <p id="issue-search-help" className="text-xs text-fg-muted">
        Words match the title and culprit. Filters: <code>is:</code>, <code>level:</code>, <code>environment:</code>,{' '}
        <code>release:</code>, <code>assigned:me</code>, <code>user:</code>, <code>firstSeen:-24h</code>,{' '}
        <code>lastSeen:-7d</code>, any tag <code>key:value</code> (<code>*</code> for any text); <code>!</code> negates.
      </p>
    </form>
  );
}
