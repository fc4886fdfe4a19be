'use client';

import useSWR, { mutate } from 'swr';
import type { SerializedIssue, serializeIssueWithAssignee } from '@/lib/issues/serialize';
import type { IssueActivityEntry } from '@/lib/issues/list-activity';
import type { SerializedEvent } from '@/lib/events/serialize';
import type { AssigneeFilter, IgnoreCondition, IssueSort, IssueStatusValue, LevelValue } from '@/lib/zod/issues';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type Issue = ReturnType<typeof serializeIssueWithAssignee>;
export type IgnoreConditionShown =
  | { until: string }
  | { count: number; windowMinutes: number | null; eventsAtIgnore: number | null }
  | { users: number; usersAtIgnore: number | null };
export type IssueWithEvents = Issue & {
  events: SerializedEvent[];
  firstRelease: string | null;
  lastRelease: string | null;
  /** Set while the issue is ignored until a condition (absent from older servers). */
  ignoreCondition?: IgnoreConditionShown | null;
};
export type ActivityEntry = IssueActivityEntry;
export type { SerializedIssue };
/** `totalCapped`: a search stopped counting at `total` (lib/issues/list-issues SEARCH_COUNT_CAP). */
export type Pagination = { page: number; limit: number; total: number; pages: number; totalCapped?: boolean };
export type IssueList = { issues: (Issue & { users: number })[]; pagination: Pagination };
export type IssueStats = { days: number; buckets: { date: string; count: number }[] };
export type IssueFilters = {
  page: number;
  limit: number;
  status?: IssueStatusValue;
  level?: LevelValue;
  assignee?: AssigneeFilter;
  /** The search text (lib/issues/search-query); sent as typed, the API answers 400 with the reason when it does not parse. */
  query?: string;
  sort?: IssueSort;
  environment?: string;
};

/** How often an open issue list looks for new issues (and on focus); short enough to follow an incident live. */
export const ISSUES_REFRESH_MS = 5000;

const issuesPath = (projectId: string) => `${projectPath(projectId)}/issues`;
export const issuePath = (projectId: string, issueId: string) =>
  `${issuesPath(projectId)}/${encodeURIComponent(issueId)}`;

/** The project's issue list, one issue's page and one of its events' page (the dashboard's, not the API's). */
export const issuesHref = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/issues`;
export const issueHref = (projectId: string, issueId: string) =>
  `${issuesHref(projectId)}/${encodeURIComponent(issueId)}`;
export const eventHref = (projectId: string, issueId: string, eventId: string) =>
  `${issueHref(projectId, issueId)}/events/${encodeURIComponent(eventId)}`;

export function issuesKey(projectId: string, f: IssueFilters) {
  const q = new URLSearchParams({ page: String(f.page), limit: String(f.limit) });
  if (f.status) q.set('status', f.status);
  if (f.level) q.set('level', f.level);
  if (f.assignee) q.set('assignee', f.assignee);
  if (f.query) q.set('query', f.query);
  if (f.sort) q.set('sort', f.sort);
  if (f.environment) q.set('environment', f.environment);
  q.set('expand', 'assignee');
  return `${issuesPath(projectId)}?${q}`;
}

export function useIssues(projectId: string, filters: IssueFilters) {
  const { data, error, isLoading, isValidating } = useSWR<IssueList>(issuesKey(projectId, filters), fetcher, {
    keepPreviousData: true,
    refreshInterval: ISSUES_REFRESH_MS,
    revalidateOnFocus: true,
  });
  return { list: data, error, isLoading, isValidating };
}

export function useIssue(projectId: string, issueId: string) {
  const { data, error, isLoading } = useSWR<IssueWithEvents>(
    `${issuePath(projectId, issueId)}?expand=assignee`,
    fetcher,
  );
  return { issue: data, error, isLoading };
}

export function useIssueStats(projectId: string, issueId: string, days = 14) {
  const { data, error, isLoading } = useSWR<IssueStats>(`${issuePath(projectId, issueId)}/stats?days=${days}`, fetcher);
  return { stats: data, error, isLoading };
}

/** Every cached issue list and issue of the project: a status change can move an issue between filtered pages. */
const refreshIssues = (projectId: string) =>
  mutate((key) => typeof key === 'string' && key.startsWith(issuesPath(projectId)));

export async function setIssueStatus({
  projectId,
  issueId,
  status,
  ignore,
}: {
  projectId: string;
  issueId: string;
  status: IssueStatusValue;
  ignore?: IgnoreCondition;
}) {
  await api(issuePath(projectId, issueId), { method: 'PATCH', body: ignore ? { status, ignore } : { status } });
  await refreshIssues(projectId);
}

/** Merges the issues into one; answers the issue they went into. */
export async function mergeIssues(projectId: string, ids: string[]) {
  const result = await api<{ issue: SerializedIssue; merged: string[] }>(`${issuesPath(projectId)}/merge`, {
    method: 'POST',
    body: { ids },
  });
  await refreshIssues(projectId);
  return result;
}

export async function bulkSetIssueStatus(projectId: string, ids: string[], status: IssueStatusValue) {
  const result = await api<{ updated: number }>(`${issuesPath(projectId)}/bulk`, {
    method: 'POST',
    body: { ids, status },
  });
  await refreshIssues(projectId);
  return result;
}

export function useActivity(projectId: string, issueId: string) {
  const { data, error, isLoading } = useSWR<ActivityEntry[]>(`${issuePath(projectId, issueId)}/activity`, fetcher);
  return { activity: data, error, isLoading };
}

/** A member (`assigneeId`) or a team (`teamId`, #49); null unassigns. */
export type AssignTarget = { assigneeId: string | null } | { teamId: string | null };

export async function assignIssue(projectId: string, issueId: string, to: AssignTarget) {
  await api(`${issuePath(projectId, issueId)}/assignee`, { method: 'PUT', body: to });
  await refreshIssues(projectId);
}

export async function addComment(projectId: string, issueId: string, body: string) {
  await api(`${issuePath(projectId, issueId)}/comments`, { method: 'POST', body: { body } });
  await refreshIssues(projectId);
}

export async function editComment({
  projectId,
  issueId,
  commentId,
  body,
}: {
  projectId: string;
  issueId: string;
  commentId: string;
  body: string;
}) {
  await api(`${issuePath(projectId, issueId)}/comments/${encodeURIComponent(commentId)}`, {
    method: 'PATCH',
    body: { body },
  });
  await refreshIssues(projectId);
}

export async function deleteComment(projectId: string, issueId: string, commentId: string) {
  await api(`${issuePath(projectId, issueId)}/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' });
  await refreshIssues(projectId);
}

/** Resolves the issue until an event of a release newer than the project's latest one arrives. */
export async function resolveInNextRelease(projectId: string, issueId: string) {
  await api(issuePath(projectId, issueId), { method: 'PATCH', body: { status: 'RESOLVED', resolveIn: 'nextRelease' } });
  await refreshIssues(projectId);
}

export type IssueTagSummary = {
  users: number;
  tags: {
    key: string;
    events: number;
    distinctValues: number;
    other: number;
    values: { value: string; count: number }[];
  }[];
};

export function useIssueTags(projectId: string, issueId: string) {
  const { data, error, isLoading } = useSWR<IssueTagSummary>(`${issuePath(projectId, issueId)}/tags`, fetcher);
  return { tags: data, error, isLoading };
}
