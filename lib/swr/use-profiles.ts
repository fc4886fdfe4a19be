'use client';

import useSWR from 'swr';
import type { z } from 'zod';
import type { FlameNode } from '@/lib/profiles/flame-tree';
import type { spanFlamegraph, transactionFlamegraph } from '@/lib/profiles/flamegraphs';
import type { functionsQuery, getProfile, listProfiles, slowestFunctions } from '@/lib/profiles/profile-api';
import { fetcher, type ApiError } from './fetcher';
import { projectPath } from './use-projects';

export type { FlameNode };
export type SpanFlameGraph = Awaited<ReturnType<typeof spanFlamegraph>>;
export type TransactionFlameGraph = Awaited<ReturnType<typeof transactionFlamegraph>>;
export type FunctionSort = z.infer<typeof functionsQuery>['sort'];
type SlowestFunctions = Awaited<ReturnType<typeof slowestFunctions>>;
export type ProfiledFunction = SlowestFunctions['functions'][number];
type ProfileList = Awaited<ReturnType<typeof listProfiles>>;
export type ProfileSummary = ProfileList['profiles'][number];
export type ProfileDetail = Awaited<ReturnType<typeof getProfile>>;

const base = (projectId: string) => `${projectPath(projectId)}/profiles`;

/** The samples inside one span's time window; nothing is fetched for a null span. */
export function useSpanFlameGraph(projectId: string, span: { traceId: string; spanId: string } | null) {
  const q = span ? new URLSearchParams({ traceId: span.traceId, spanId: span.spanId }) : null;
  return useSWR<SpanFlameGraph, ApiError>(q ? `${base(projectId)}/flamegraph?${q}` : null, fetcher, {
    revalidateOnFocus: false,
  });
}

/** One transaction name's profiles of the last `days` days, merged. */
export function useTransactionFlameGraph(projectId: string, transaction: string, days: number) {
  const q = new URLSearchParams({ transaction, days: String(days) });
  return useSWR<TransactionFlameGraph, ApiError>(`${base(projectId)}/flamegraph?${q}`, fetcher, {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}

export function useSlowestFunctions(
  projectId: string,
  {
    days,
    sort,
    inApp,
    limit = 50,
    page = 1,
  }: { days: number; sort: FunctionSort; inApp: boolean; limit?: number; page?: number },
) {
  const q = new URLSearchParams({ days: String(days), limit: String(limit), sort, page: String(page) });
  if (inApp) q.set('inApp', 'true');
  return useSWR<SlowestFunctions, ApiError>(`${base(projectId)}/functions?${q}`, fetcher, {
    keepPreviousData: true,
  });
}

/** A page of the project's profiles, newest first (`limit` a page, 100 at most). */
export function useProfiles(
  projectId: string,
  { days, page = 1, limit = 100 }: { days: number; page?: number; limit?: number },
) {
  const q = new URLSearchParams({ days: String(days), page: String(page), limit: String(limit) });
  return useSWR<ProfileList, ApiError>(`${base(projectId)}?${q}`, fetcher, {
    keepPreviousData: true,
  });
}

/** One profile and the flame graph of one of its threads (the API picks the busiest when none is asked for). */
export function useProfile(projectId: string, profileId: string, threadId: string | null) {
  const q = threadId ? `?${new URLSearchParams({ threadId })}` : '';
  return useSWR<ProfileDetail, ApiError>(`${base(projectId)}/${encodeURIComponent(profileId)}${q}`, fetcher, {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}

/** The dashboard's page of one profile; with a function, its flame graph opens zoomed on it (#60). */
export function profileHref(projectId: string, profileId: string, fn?: { name: string; file: string | null }) {
  const q = fn ? `?${new URLSearchParams({ function: fn.name, ...(fn.file ? { file: fn.file } : {}) })}` : '';
  return `/projects/${encodeURIComponent(projectId)}/profiling/${encodeURIComponent(profileId)}${q}`;
}
