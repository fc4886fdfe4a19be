'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type MonitorRun = {
  id: string;
  status: string;
  durationMs: number | null;
  environment: string | null;
  expectedAt: string | null;
  startedAt: string;
  finishedAt: string | null;
  detail: string | null;
};
export type Monitor = {
  id: string;
  slug: string;
  scheduleType: string;
  schedule: string;
  timezone: string;
  checkinMargin: number;
  maxRuntime: number;
  kind: 'cron' | 'uptime';
  url?: string;
  expectedStatus?: number | null;
  keyword?: string | null;
  incidentSince: string | null;
  status: string;
  muted: boolean;
  nextExpectedAt: string | null;
  lastCheckinAt: string | null;
  issueId: string | null;
  runs: MonitorRun[];
};

const monitorsPath = (projectId: string) => `${projectPath(projectId)}/monitors`;

/** The project's monitors, refreshed every 15 s (runs come in by themselves). */
export function useMonitors(projectId: string) {
  const { data, error, isLoading } = useSWR<Monitor[]>(monitorsPath(projectId), fetcher, { refreshInterval: 15_000 });
  return { monitors: data, error, isLoading };
}

export type NewMonitor =
  | { kind: 'cron'; slug: string; scheduleType: string; schedule: string; timezone: string }
  | {
      kind: 'uptime';
      slug: string;
      url: string;
      schedule: string;
      expectedStatus: number | null;
      keyword: string | null;
    };

export async function createMonitor(projectId: string, input: NewMonitor) {
  await api(monitorsPath(projectId), { method: 'POST', body: input });
  await mutate(monitorsPath(projectId));
}

export async function setMonitorMuted(projectId: string, monitorId: string, muted: boolean) {
  await api(`${monitorsPath(projectId)}/${encodeURIComponent(monitorId)}`, { method: 'PATCH', body: { muted } });
  await mutate(monitorsPath(projectId));
}
