'use client';

import useSWR from 'swr';
import { fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type TraceSpan = {
  projectId: string;
  spanId: string;
  parentSpanId: string | null;
  segmentId: string;
  transaction: string;
  op: string;
  description: string;
  status: string | null;
  start: string;
  durationMs: number;
  isSegment: boolean;
  data: Record<string, unknown> | null;
};
export type TraceError = {
  id: string;
  projectId: string;
  issueId: string;
  title: string;
  level: string;
  timestamp: string;
  spanId: string | null;
};
export type Trace = {
  traceId: string;
  start: string | null;
  durationMs: number | null;
  projects: { id: string; name: string }[];
  spans: TraceSpan[];
  transactions: {
    id: string;
    projectId: string;
    name: string;
    durationMs: number;
    status: string;
    timestamp: string;
  }[];
  errors: TraceError[];
  logCount: number;
  /** Each project's count of the trace's log lines (#60: each a link to its Logs page filtered to the trace). */
  logs: { projectId: string; count: number }[];
  /** The replays whose page took part in the trace. */
  replays: { id: string; projectId: string; startedAt: string }[];
  truncated: boolean;
};
export type SpanGroup = {
  op: string;
  group: string;
  count: number;
  totalMs: number;
  avgMs: number;
  p75Ms: number;
  transactions: number;
};
export type LogLine = {
  id: string;
  timestamp: string;
  level: string;
  body: string;
  template: string | null;
  attributes: Record<string, unknown> | null;
  traceId: string | null;
  spanId: string | null;
  environment: string | null;
  release: string | null;
};

/** One trace; nothing is fetched for a null id. */
export function useTrace(traceId: string | null) {
  const { data, error, isLoading } = useSWR<Trace>(
    traceId === null ? null : `/api/v1/organization/traces/${encodeURIComponent(traceId)}`,
    fetcher,
  );
  return { trace: data, error, isLoading };
}

export function useSpanGroups(projectId: string, name: string) {
  const { data, error } = useSWR<SpanGroup[]>(
    `${projectPath(projectId)}/performance/transactions/${encodeURIComponent(name)}/spans`,
    fetcher,
  );
  return { groups: data, error };
}

/** The Logs page's filters; `hours` (how far back, 24 when empty) is set with a trace's. */
export type LogFilters = { level: string; query: string; attribute: string; traceId: string; hours?: string };

/** The newest log lines matching the filters; polled every 2 s while `live`. */
export function useLogs(projectId: string, f: LogFilters, live: boolean) {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v !== '') as [string, string][]);
  const { data, error, isLoading } = useSWR<{ logs: LogLine[]; nextCursor: string | null }>(
    `${projectPath(projectId)}/logs?${q}`,
    fetcher,
    {
      refreshInterval: live ? 2000 : 0,
      keepPreviousData: true,
    },
  );
  return { page: data, error, isLoading };
}
