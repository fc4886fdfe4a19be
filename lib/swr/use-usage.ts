'use client';

import useSWR from 'swr';
import type { getUsage } from '@/lib/usage/get-usage';
import { fetcher, type ApiError } from './fetcher';

export type Usage = Awaited<ReturnType<typeof getUsage>>;

/** How often an open page re-reads the usage meter; it also refreshes when the tab regains focus. */
export const USAGE_REFRESH_MS = 15_000;

/** This month's event counts of the organization against its plan's quota. */
export function useUsage(opts: { refreshInterval?: number } = {}) {
  return useSWR<Usage, ApiError>('/api/v1/usage', fetcher, {
    refreshInterval: opts.refreshInterval ?? USAGE_REFRESH_MS,
    revalidateOnFocus: true,
  });
}
