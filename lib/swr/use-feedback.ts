'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import { projectPath } from './use-projects';

export type AttachmentInfo = {
  id: string;
  eventId: string;
  filename: string;
  contentType: string;
  attachmentType: string;
  size: number;
  createdAt: string;
  url: string;
  inlineUrl: string | null;
};
export type FeedbackStatus = 'new' | 'resolved' | 'spam';
export type FeedbackEntry = {
  id: string;
  eventId: string;
  associatedEventId: string | null;
  issueId: string | null;
  message: string;
  name: string | null;
  email: string | null;
  /** The page it was sent from (a report about an event: that event's page). */
  url: string | null;
  /** "Chrome 131.0", "macOS 14.5": from the SDK's contexts or its User-Agent, else the event's. */
  browser: string | null;
  os: string | null;
  source: string;
  /** #60: the replay it was sent during and its trace; each a link when stored. */
  replayId: string | null;
  replayStored: boolean;
  traceId: string | null;
  traceStored: boolean;
  status: FeedbackStatus;
  assignee: { id: string; name: string; email: string } | null;
  contexts: Record<string, unknown> | null;
  createdAt: string;
  attachments: AttachmentInfo[];
};
type FeedbackPage = { feedback: FeedbackEntry[]; nextCursor: string | null; counts: Record<FeedbackStatus, number> };

const feedbackPath = (projectId: string) => `${projectPath(projectId)}/feedback`;
/** One status of the inbox, searched; or one piece (`id`), or one replay's (`replayId`), whatever their status. */
export type FeedbackView = { status: FeedbackStatus | 'all'; query?: string; id?: string; replayId?: string };
const inboxKey = (projectId: string, v: FeedbackView) =>
  `${feedbackPath(projectId)}?${new URLSearchParams(Object.entries(v).filter(([, x]) => x) as [string, string][])}`;

/** A view of the project's Feedback inbox; refreshed every 30 s. */
export function useFeedbackInbox(projectId: string, view: FeedbackView) {
  const { data, error, isLoading } = useSWR<FeedbackPage>(inboxKey(projectId, view), fetcher, {
    refreshInterval: 30_000,
    keepPreviousData: true,
  });
  return { page: data, error, isLoading };
}

export async function updateFeedback(
  projectId: string,
  id: string,
  body: { status?: FeedbackStatus; assigneeId?: string | null },
) {
  await api(`${feedbackPath(projectId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
  // Every view of the inbox (and the issue's feedback) may hold it.
  await mutate(
    (key) => typeof key === 'string' && (key.startsWith(feedbackPath(projectId)) || key.endsWith('/feedback')),
  );
}

/** What users wrote about an issue's events. */
export function useIssueFeedback(projectId: string, issueId: string) {
  const { data, error } = useSWR<FeedbackEntry[]>(
    `${projectPath(projectId)}/issues/${encodeURIComponent(issueId)}/feedback`,
    fetcher,
  );
  return { feedback: data, error };
}

/** The attachments of one event (by its 32-hex id). */
export function useAttachments(projectId: string, eventId: string | null) {
  const { data, error } = useSWR<AttachmentInfo[]>(
    eventId ? `${projectPath(projectId)}/attachments?eventId=${encodeURIComponent(eventId)}` : null,
    fetcher,
  );
  return { attachments: data, error };
}
