'use client';

import useSWR from 'swr';
import type { TransactionGroup, WebVitals } from '@/lib/zod/performance';
import { fetcher, type ApiError } from './fetcher';

export const DAY_RANGES = [1, 7, 14, 30] as const;
export type DayRange = (typeof DAY_RANGES)[number];
export const DEFAULT_DAYS: DayRange = 7;

/** The `?days=` search param as one of the picker's ranges; anything else is the default. */
export function parseDays(raw: string | null): DayRange {
  const n = Number(raw);
  return (DAY_RANGES as readonly number[]).includes(n) ? (n as DayRange) : DEFAULT_DAYS;
}

const base = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}/performance`;

/** `days`, and the project-wide environment when one is picked. */
export function windowQuery(days: number, environment?: string | null) {
  const q = new URLSearchParams({ days: String(days) });
  if (environment) q.set('environment', environment);
  return q.toString();
}

/** Transaction groups of the last `days` days, by count. */
export function useTransactions(projectId: string, days: number, environment?: string | null) {
  return useSWR<TransactionGroup[], ApiError>(`${base(projectId)}/transactions?${windowQuery(days, environment)}`, fetcher, { keepPreviousData: true });
}

/** p75 and rating of each web vital over the same window. */
export function useWebVitals(projectId: string, days: number, environment?: string | null) {
  return useSWR<WebVitals, ApiError>(`${base(projectId)}/vitals?${windowQuery(days, environment)}`, fetcher, { keepPreviousData: true });
}
