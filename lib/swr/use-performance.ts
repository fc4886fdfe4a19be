'use client';

import useSWR from 'swr';
import {
  TRANSACTION_PERIODS,
  type TransactionDetail,
  type TransactionGroup,
  type TransactionPeriod,
  type WebVitals,
} from '@/lib/zod/performance';
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
  return useSWR<TransactionGroup[], ApiError>(
    `${base(projectId)}/transactions?${windowQuery(days, environment)}`,
    fetcher,
    { keepPreviousData: true },
  );
}

/** p75 and rating of each web vital over the same window. */
export function useWebVitals(projectId: string, days: number, environment?: string | null) {
  return useSWR<WebVitals, ApiError>(`${base(projectId)}/vitals?${windowQuery(days, environment)}`, fetcher, {
    keepPreviousData: true,
  });
}

export const PERIOD_LABELS: Record<TransactionPeriod, string> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
  '14d': '14 days',
  '30d': '30 days',
};
export const DEFAULT_PERIOD: TransactionPeriod = '24h';

/** The `?period=` search param as one of the ranges; anything else is the default. */
export function parsePeriod(raw: string | null): TransactionPeriod {
  return (TRANSACTION_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as TransactionPeriod) : DEFAULT_PERIOD;
}

/** The list's range as the transaction page's, so following a row keeps the range in view. */
export const periodOfDays = (days: DayRange): TransactionPeriod => (days === 1 ? '24h' : `${days}d`);

/** The transaction page: the name is one URL-encoded segment (it may hold slashes, spaces, `?` or `#`). */
export function transactionHref(projectId: string, name: string, period?: TransactionPeriod): string {
  const path = `/projects/${encodeURIComponent(projectId)}/performance/${encodeURIComponent(name)}`;
  return period && period !== DEFAULT_PERIOD ? `${path}?period=${period}` : path;
}

/** One transaction over a range: counts, failure rate, throughput, percentiles over time, slowest samples, vitals. */
export function useTransaction({
  projectId,
  name,
  period,
  environment,
}: {
  projectId: string;
  name: string;
  period: TransactionPeriod;
  environment?: string;
}) {
  const params = new URLSearchParams({ period });
  if (environment) params.set('environment', environment);
  return useSWR<TransactionDetail, ApiError>(
    `${base(projectId)}/transactions/${encodeURIComponent(name)}?${params}`,
    fetcher,
    { keepPreviousData: true },
  );
}
