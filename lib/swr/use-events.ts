'use client';

import useSWR from 'swr';
import type { SerializedEvent } from '@/lib/events/serialize';
import type { EventNeighbours } from '@/lib/events/get-event';
import { fetcher } from './fetcher';
import { issuePath, type Pagination } from './use-issues';

export type TrackedEvent = SerializedEvent;
/** One event as its own endpoint answers: with the ids to step to its older and newer neighbours. */
export type NavigableEvent = TrackedEvent & EventNeighbours;

export function useEvents(projectId: string, issueId: string, page: number, limit = 10) {
  const { data, error, isLoading } = useSWR<{ events: TrackedEvent[]; pagination: Pagination }>(
    `${issuePath(projectId, issueId)}/events?page=${page}&limit=${limit}`,
    fetcher,
    { keepPreviousData: true },
  );
  return { list: data, error, isLoading };
}

export function useEvent(projectId: string, issueId: string, eventId: string) {
  const { data, error, isLoading } = useSWR<NavigableEvent>(`${issuePath(projectId, issueId)}/events/${encodeURIComponent(eventId)}`, fetcher);
  return { event: data, error, isLoading };
}
