'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type ReplaySummary = {
  id: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  replayType: string;
  urls: string[];
  url: string | null;
  errorIds: string[];
  countErrors: number;
  traceIds: string[];
  release: string | null;
  environment: string | null;
  platform: string | null;
  user: Record<string, string> | null;
  userDisplay: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  segmentCount: number;
  size: number;
  countClicks: number;
  countDeadClicks: number;
  countRageClicks: number;
};
/** An error the replay saw: its own title (#60), its issue's beside it. */
export type ReplayError = {
  eventId: string;
  id: string;
  issueId: string;
  title: string;
  issueTitle: string;
  level: string;
  timestamp: string;
};
export type ReplayDetail = ReplaySummary & {
  segments: { segmentId: number; size: number; eventCount: number; startedAt: string; finishedAt: string }[];
  errors: ReplayError[];
};
export type ReplayFilters = {
  user: string;
  url: string;
  hasError: '' | 'true' | 'false';
  release: string;
  environment: string;
};
type ReplayPage = { replays: ReplaySummary[]; nextCursor: string | null };

export const replaysPath = (projectId: string) => `${projectPath(projectId)}/replays`;

/** The project's replays, filtered, newest first; `cursor` pages on. */
export function useReplays(projectId: string, filters: ReplayFilters, cursor: string | null) {
  const params = new URLSearchParams(
    Object.entries({ ...filters, ...(cursor ? { cursor } : {}) }).filter(([, v]) => v !== ''),
  );
  const { data, error, isLoading } = useSWR<ReplayPage>(`${replaysPath(projectId)}?${params}`, fetcher, {
    keepPreviousData: true,
  });
  return { page: data, error, isLoading };
}

export function useReplay(projectId: string, replayId: string) {
  const { data, error, isLoading } = useSWR<ReplayDetail>(
    `${replaysPath(projectId)}/${encodeURIComponent(replayId)}`,
    fetcher,
  );
  return { replay: data, error, isLoading };
}

/** The recording's rrweb events in order (a plain JSON array, not the API's envelope). */
async function recordingFetcher(path: string): Promise<unknown[]> {
  const res = await fetch(path, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`The recording could not be loaded (${res.status})`);
  return res.json();
}

export function useRecording(projectId: string, replayId: string) {
  const { data, error } = useSWR<unknown[]>(
    `${replaysPath(projectId)}/${encodeURIComponent(replayId)}/recording`,
    recordingFetcher,
    { revalidateOnFocus: false },
  );
  return { events: data, error };
}

export async function deleteReplay(projectId: string, replayId: string) {
  await api(`${replaysPath(projectId)}/${encodeURIComponent(replayId)}`, { method: 'DELETE' });
  await mutate((key) => typeof key === 'string' && key.startsWith(replaysPath(projectId)));
}

/** A replay by id anywhere in the organization, with its project (#60); 404 when no project has it. */
export function useOrgReplay(replayId: string | null) {
  const { data, error } = useSWR<ReplaySummary & { projectId: string }>(
    replayId ? `/api/v1/organization/replays/${encodeURIComponent(replayId)}` : null,
    fetcher,
    { shouldRetryOnError: false },
  );
  return { replay: data, error };
}
