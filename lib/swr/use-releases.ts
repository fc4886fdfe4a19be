'use client';

import useSWR from 'swr';
import { fetcher } from './fetcher';
import { projectPath } from './use-projects';
import type { serializeRelease } from '@/lib/releases/serialize-release';
import type { ReleaseCounts } from '@/lib/releases/release-columns';
import type { SerializedIssue, Pagination } from './use-issues';

export type Release = ReturnType<typeof serializeRelease>;
/** A release as the list answers it, with its counts. */
export type ReleaseListItem = Release & ReleaseCounts;
export type ReleaseDetail = Release & {
  newIssues: SerializedIssue[];
  commits: {
    id: string;
    repository: string | null;
    message: string | null;
    dateCreated: string | null;
    author: { name: string | null; email: string | null } | null;
    files: { path: string; type: string }[];
  }[];
  deploys: {
    environment: string;
    name: string | null;
    url: string | null;
    dateStarted: string | null;
    dateFinished: string;
  }[];
  artifacts: {
    url: string;
    type: string;
    size: number;
    debugId: string | null;
    usable: boolean;
    problem: string | null;
  }[];
};

const releasesPath = (projectId: string) => `${projectPath(projectId)}/releases`;

/** A release's page in the dashboard. */
export const releaseHref = (projectId: string, version: string) =>
  `/projects/${encodeURIComponent(projectId)}/releases/${encodeURIComponent(version)}`;

export function useReleases(projectId: string, page = 1) {
  const { data, error, isLoading } = useSWR<{ releases: ReleaseListItem[]; pagination: Pagination }>(
    `${releasesPath(projectId)}?page=${page}&limit=25`,
    fetcher,
  );
  return { data, error, isLoading };
}

export function useRelease(projectId: string, version: string) {
  const { data, error, isLoading } = useSWR<ReleaseDetail>(
    `${releasesPath(projectId)}/${encodeURIComponent(version)}`,
    fetcher,
  );
  return { release: data, error, isLoading };
}

export type ReleaseHealthRow = Awaited<
  ReturnType<typeof import('@/lib/sessions/release-health').releaseHealth>
>['releases'][number];
export type ReleaseHealth = {
  days: number;
  environment: string | null;
  environments: string[];
  releases: ReleaseHealthRow[];
};

/** Release health (sessions) per release over `days`, in one environment or all. */
export function useReleaseHealth(projectId: string, environment: string | null, days = 14) {
  const q = new URLSearchParams({ days: String(days), ...(environment ? { environment } : {}) });
  const { data, error, isLoading } = useSWR<ReleaseHealth>(`${projectPath(projectId)}/release-health?${q}`, fetcher);
  return { health: data, error, isLoading };
}

/** One release's health per day beside the release before it. */
export function useReleaseHealthDetail(projectId: string, version: string) {
  const { data, error } = useSWR<{
    days: number;
    release: ReleaseHealthRow | null;
    previous: (ReleaseHealthRow | { version: string }) | null;
  }>(`${releasesPath(projectId)}/${encodeURIComponent(version)}/health`, fetcher);
  return { detail: data, error };
}
