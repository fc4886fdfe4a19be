'use client';

import useSWR from 'swr';
import type { SerializedEvent } from '@/lib/events/serialize';
import type { EventNeighbours } from '@/lib/events/get-event';
import { fetcher } from './fetcher';
import { issuePath, type Pagination } from './use-issues';

export type TrackedEvent = SerializedEvent;
export type { EventNeighbours };

const eventPath = (projectId: string, issueId: string, eventId: string) =>
  `${issuePath(projectId, issueId)}/events/${encodeURIComponent(eventId)}`;

export function useEvents({
  projectId,
  issueId,
  page,
  limit = 10,
}: {
  projectId: string;
  issueId: string;
  page: number;
  limit?: number;
}) {
  const { data, error, isLoading } = useSWR<{ events: TrackedEvent[]; pagination: Pagination }>(
    `${issuePath(projectId, issueId)}/events?page=${page}&limit=${limit}`,
    fetcher,
    { keepPreviousData: true },
  );
  return { list: data, error, isLoading };
}

export function useEvent(projectId: string, issueId: string, eventId: string) {
  const { data, error, isLoading } = useSWR<TrackedEvent>(eventPath(projectId, issueId, eventId), fetcher);
  return { event: data, error, isLoading };
}

/** The ids of the older, newer, latest and oldest events around one (the event page's navigation). */
export function useEventNeighbours(projectId: string, issueId: string, eventId: string) {
  const { data } = useSWR<EventNeighbours>(`${eventPath(projectId, issueId, eventId)}/neighbours`, fetcher);
  return data;
}
