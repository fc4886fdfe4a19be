'use client';

import useSWR from 'swr';
import {
  INSIGHT_PERIODS,
  type CacheAnswer,
  type HttpAnswer,
  type InsightPeriod,
  type QueriesAnswer,
  type QueueAnswer,
} from '@/lib/zod/insights';
import { fetcher, type ApiError } from './fetcher';

/** The Insights pages (#62), each a route under /api/v1/projects/:id/insights and a page under …/insights. */
export type InsightPage = 'queries' | 'http' | 'caches' | 'queues';
type Answers = { queries: QueriesAnswer; http: HttpAnswer; caches: CacheAnswer; queues: QueueAnswer };

export const DEFAULT_INSIGHT_PERIOD: InsightPeriod = '24h';

/** The `?statsPeriod=` search param as one of the ranges; anything else is the default. */
export function parseInsightPeriod(raw: string | null): InsightPeriod {
  return (INSIGHT_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as InsightPeriod) : DEFAULT_INSIGHT_PERIOD;
}

export function useInsight<P extends InsightPage>(
  page: P,
  {
    projectId,
    statsPeriod,
    environment,
  }: { projectId: string; statsPeriod: InsightPeriod; environment?: string | null },
) {
  const q = new URLSearchParams({ statsPeriod });
  if (environment) q.set('environment', environment);
  return useSWR<Answers[P], ApiError>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/insights/${page}?${q}`,
    fetcher,
    { keepPreviousData: true },
  );
}
