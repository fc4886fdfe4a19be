'use client';

import { useCallback } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { ASSIGNEE_FILTERS, ISSUE_SORTS, ISSUE_STATUSES, LEVELS } from '@/lib/zod/issues';
import type { IssueFilters } from '@/lib/swr/use-issues';

/** Triage starts from what needs attention; `?query=` (empty) in the URL shows every issue. */
export const DEFAULT_QUERY = 'is:unresolved';
export const PAGE_SIZE = 25;

function pick<T extends string>(values: readonly T[], v: string | null): T | undefined {
  return v && (values as readonly string[]).includes(v) ? (v as T) : undefined;
}

/**
 * The issue list's state, all of it in the URL: `query` (absent: the default triage query), `sort`, `page`,
 * `environment`, and the spec's `status`/`level`/`assignee` for links made before the search box.
 */
export function useIssueQuery() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const status = pick(ISSUE_STATUSES, params.get('status'));
  const level = pick(LEVELS, params.get('level'));
  const assignee = pick(ASSIGNEE_FILTERS, params.get('assignee'));
  // Links made before the search box (?status=RESOLVED) become the same terms in the box.
  const legacy = [
    status && `is:${status.toLowerCase()}`,
    level && `level:${level.toLowerCase()}`,
    assignee && (assignee === 'me' ? 'assigned:me' : 'is:unassigned'),
  ]
    .filter(Boolean)
    .join(' ');
  const query = params.get('query') ?? (legacy || DEFAULT_QUERY);
  const sort = pick(ISSUE_SORTS, params.get('sort'));
  const environment = params.get('environment') || undefined;
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const filters: IssueFilters = { page, limit: PAGE_SIZE, query, sort, environment };

  const hrefWith = useCallback(
    (changes: Record<string, string | undefined>) => {
      const q = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(changes)) {
        // An empty query is kept (it means "every issue", not the default).
        if (v === undefined || (v === '' && k !== 'query')) q.delete(k);
        else q.set(k, v);
      }
      const s = q.toString();
      return s ? `${pathname}?${s}` : pathname;
    },
    [params, pathname],
  );

  const navigate = useCallback(
    (changes: Record<string, string | undefined>) =>
      router.push(hrefWith({ status: undefined, level: undefined, assignee: undefined, ...changes, page: undefined }), {
        scroll: false,
      }),
    [hrefWith, router],
  );

  return {
    filters,
    query,
    sort: sort ?? 'lastSeen',
    /** Narrowed by anything beyond the default triage query. */
    filtered: query !== DEFAULT_QUERY || !!environment || page > 1,
    hrefWith,
    // Always written, so the box shows exactly what was asked (an empty query means every issue).
    setQuery: (q: string) => navigate({ query: q.trim() }),
    setSort: (s: string) => navigate({ sort: s === 'lastSeen' ? undefined : s }),
    clearHref: hrefWith({ query: '', status: undefined, level: undefined, assignee: undefined, page: undefined }),
    pathname,
  };
}
