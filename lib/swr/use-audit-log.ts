'use client';

import useSWRInfinite from 'swr/infinite';
import type { listAuditLog } from '@/lib/audit/audit-api';
import { fetcher } from './fetcher';

type AuditPage = Awaited<ReturnType<typeof listAuditLog>>;
export type AuditLogEntry = AuditPage['entries'][number];
export type AuditFilters = { action: string; actor: string; since: string; until: string };

const AUDIT_LOG = '/api/v1/organization/audit-log';

/** The organization's audit log, newest first, filtered; `loadMore` fetches the next page by its cursor. Off when `enabled` is false. */
export function useAuditLog(filters: AuditFilters, enabled: boolean) {
  const base = Object.entries(filters).filter(([, v]) => v !== '');
  const { data, error, isLoading, isValidating, size, setSize } = useSWRInfinite<AuditPage>(
    (index, previous: AuditPage | null) => {
      if (!enabled || (previous && !previous.nextCursor)) return null;
      const params = new URLSearchParams(previous?.nextCursor ? [...base, ['cursor', previous.nextCursor]] : base);
      return `${AUDIT_LOG}?${params}`;
    },
    fetcher,
    { revalidateFirstPage: false },
  );
  const loadingMore = isValidating && data !== undefined && data.length < size;
  return {
    entries: data?.flatMap((p) => p.entries),
    hasMore: Boolean(data?.at(-1)?.nextCursor),
    loadMore: () => setSize(size + 1),
    loadingMore,
    error,
    isLoading,
  };
}
