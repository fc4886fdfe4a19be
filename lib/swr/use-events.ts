'use client';

import useSWR from 'swr';
import type { SerializedEvent } from '@/lib/events/serialize';
import { fetcher } from './fetcher';
import { issuePath, type Pagination } from './use-issues';

export type TrackedEvent = SerializedEvent;

export function useEvents(projectId: string, issueId: string, page: number, limit = 10) {
  const { data, error, isLoading } = useSWR<{ events: TrackedEvent[]; pagination: Pagination }>(
    `${issuePath(projectId, issueId)}/events?page=${page}&limit=${limit}`,
    fetcher,
    { keepPreviousData: true },
  );
  return { list: data, error, isLoading };
}

export function useEvent(projectId: string, issueId: string, eventId: string) {
  const { data, error, isLoading } = useSWR<TrackedEvent>(`${issuePath(projectId, issueId)}/events/${encodeURIComponent(eventId)}`, fetcher);
  return { event: data, error, isLoading };
}
